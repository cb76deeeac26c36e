// The hand-written vocabulary on top of the emoji keywords: what people type for clipart
// ("pup", "rocket ship", "cute cartoon animal") is not what CLDR annotations say.

/** Words that never name a subject. */
export const STOP_WORDS = new Set(
  `a an the and or of in on at to for with without from by into onto over under near his her its their my your our
  this that these those is are be being some very really so just like as up out off it who which while
  clipart clip art illustration image picture drawing vector sticker icon logo style styled design simple
  cute adorable cartoon cartoony kawaii little tiny big small giant huge happy funny silly friendly beautiful
  colorful colourful bright cool awesome nice lovely pretty flat minimal detailed high quality hd 4k background
  transparent white isolated comic pixel realistic abstract watercolor watercolour default theme 8bit 8-bit retro
  scene themed concept render made make create generate showing shows one two three
  riding ride rides holding hold holds wearing wear wears playing play sitting sit standing stand jumping
  running walking looking eating having has`.split(/\s+/),
);

/**
 * Words and phrases rewritten before lookup. Values are search terms (or icon names prefixed with '=').
 * Phrases are matched before single words.
 */
export const SYNONYMS: Record<string, string> = {
  pup: '=dog',
  puppy: '=dog',
  doggy: '=dog',
  doggo: '=dog',
  kitty: '=cat',
  kitten: '=cat',
  kitteh: '=cat',
  bunny: '=rabbit',
  'rocket ship': '=rocket',
  rocketship: '=rocket',
  spaceship: '=rocket',
  'space ship': '=rocket',
  ufo: '=flying-saucer',
  car: '=automobile',
  auto: '=automobile',
  'race car': '=racing-car',
  racecar: '=racing-car',
  truck: '=delivery-truck',
  bike: '=bicycle',
  plane: '=airplane',
  aeroplane: '=airplane',
  jet: '=airplane',
  chopper: '=helicopter',
  boat: '=sailboat',
  ship: '=passenger-ship',
  train: '=high-speed-train',
  bot: '=robot',
  android: '=robot',
  droid: '=robot',
  assistant: '=robot',
  alien: '=alien',
  martian: '=alien',
  monster: '=alien-monster',
  spaceman: '=astronaut',
  astronaut: '=astronaut',
  cosmonaut: '=astronaut',
  hero: '=person-superhero',
  superhero: '=person-superhero',
  'super hero': '=person-superhero',
  villain: '=person-supervillain',
  wizard: '=person-mage',
  witch: '=person-mage',
  mage: '=person-mage',
  sorcerer: '=person-mage',
  fairy: '=person-fairy',
  mermaid: '=person-merpeople',
  vampire: '=person-vampire',
  ghost: '=ghost',
  zombie: '=person-zombie',
  santa: '=santa-claus',
  'santa claus': '=santa-claus',
  'father christmas': '=santa-claus',
  'christmas tree': '=christmas-tree',
  xmas: '=christmas-tree',
  pumpkin: '=jack-o-lantern',
  'jack o lantern': '=jack-o-lantern',
  gift: '=wrapped-gift',
  present: '=wrapped-gift',
  burger: '=hamburger',
  cheeseburger: '=hamburger',
  fries: '=french-fries',
  'ice cream': '=soft-ice-cream',
  icecream: '=soft-ice-cream',
  cupcake: '=cupcake',
  donut: '=doughnut',
  'hot dog': '=hot-dog',
  hotdog: '=hot-dog',
  sushi: '=sushi',
  coffee: '=hot-beverage',
  tea: '=teacup-without-handle',
  cake: '=birthday-cake',
  cookie: '=cookie',
  planet: '=ringed-planet',
  saturn: '=ringed-planet',
  earth: '=globe-showing-americas',
  world: '=globe-showing-americas',
  globe: '=globe-showing-americas',
  moon: '=crescent-moon',
  sun: '=sun',
  star: '=star',
  stars: '=glowing-star',
  heart: '=red-heart',
  love: '=red-heart',
  flower: '=hibiscus',
  flowers: '=bouquet',
  // Not the water buffalo that "water" finds in the emoji keywords.
  water: '=droplet',
  watering: '=droplet',
  'watering can': '=droplet',
  rose: '=rose',
  tree: '=deciduous-tree',
  'palm tree': '=palm-tree',
  pine: '=evergreen-tree',
  mushroom: '=mushroom',
  house: '=house',
  home: '=house-with-garden',
  castle: '=castle',
  book: '=open-book',
  computer: '=laptop',
  phone: '=mobile-phone',
  camera: '=camera',
  guitar: '=guitar',
  music: '=musical-notes',
  ball: '=soccer-ball',
  football: '=soccer-ball',
  soccer: '=soccer-ball',
  crown: '=crown',
  king: '=crown',
  queen: '=crown',
  teddy: '=teddy-bear',
  'teddy bear': '=teddy-bear',
  bear: '=bear',
  lion: '=lion',
  tiger: '=tiger-face',
  fox: '=fox',
  panda: '=panda',
  owl: '=owl',
  penguin: '=penguin',
  turtle: '=turtle',
  fish: '=tropical-fish',
  whale: '=spouting-whale',
  shark: '=shark',
  dolphin: '=dolphin',
  octopus: '=octopus',
  crab: '=crab',
  bird: '=bird',
  bee: '=honeybee',
  butterfly: '=butterfly',
  snail: '=snail',
  frog: '=frog',
  monkey: '=monkey-face',
  pig: '=pig-face',
  cow: '=cow-face',
  horse: '=horse-face',
  mouse: '=mouse-face',
  hamster: '=hamster',
  koala: '=koala',
  sloth: '=sloth',
  unicorn: '=unicorn',
  dragon: '=dragon',
  dino: '=t-rex',
  dinosaur: '=t-rex',
  trex: '=t-rex',
  't rex': '=t-rex',
  snowman: '=snowman',
  snowflake: '=snowflake',
  rainbow: '=rainbow',
  cloud: '=cloud',
  lightning: '=high-voltage',
  fire: '=fire',
  trophy: '=trophy',
  money: '=money-bag',
  idea: '=light-bulb',
  bulb: '=light-bulb',
  lightbulb: '=light-bulb',
  rocketry: '=rocket',
};

/**
 * Broad words people use for a kind of thing. The composer picks one member by seed, and a
 * member named by two words of the prompt ("futuristic vehicle") wins.
 */
export const CATEGORIES: Record<string, string[]> = {
  animal: [
    'dog-face',
    'cat-face',
    'fox',
    'panda',
    'rabbit-face',
    'hamster',
    'koala',
    'bear',
    'tiger-face',
    'lion',
    'frog',
    'penguin',
    'owl',
    'monkey-face',
    'pig-face',
    'unicorn',
  ],
  pet: ['dog-face', 'cat-face', 'rabbit-face', 'hamster', 'tropical-fish', 'turtle'],
  creature: [
    'unicorn',
    'dragon',
    'alien-monster',
    'ghost',
    'alien',
    'dragon-face',
    't-rex',
    'sauropod',
    'octopus',
  ],
  whimsical: ['unicorn', 'person-fairy', 'rainbow', 'mushroom', 'dragon-face', 'ghost', 'crystal-ball'],
  magical: ['unicorn', 'person-mage', 'crystal-ball', 'person-fairy', 'magic-wand', 'sparkles'],
  fantasy: ['castle', 'unicorn', 'dragon', 'person-mage', 'crystal-ball', 'person-fairy'],
  mythical: ['unicorn', 'dragon', 'person-fairy', 'person-merpeople'],
  vehicle: [
    'racing-car',
    'automobile',
    'rocket',
    'flying-saucer',
    'high-speed-train',
    'helicopter',
    'motor-scooter',
    'sport-utility-vehicle',
    'bus',
    'fire-engine',
  ],
  futuristic: ['flying-saucer', 'rocket', 'robot', 'high-speed-train', 'satellite', 'bullet-train'],
  future: ['flying-saucer', 'rocket', 'robot', 'satellite'],
  scifi: ['flying-saucer', 'rocket', 'robot', 'alien', 'satellite'],
  transport: ['automobile', 'bus', 'bicycle', 'high-speed-train', 'airplane', 'sailboat'],
  food: [
    'pizza',
    'hamburger',
    'taco',
    'doughnut',
    'soft-ice-cream',
    'cupcake',
    'hot-dog',
    'sushi',
    'croissant',
    'french-fries',
    'avocado',
    'watermelon',
    'strawberry',
    'red-apple',
    'banana',
    'cookie',
  ],
  snack: ['doughnut', 'cookie', 'popcorn', 'pretzel', 'french-fries', 'candy'],
  dessert: ['cupcake', 'soft-ice-cream', 'doughnut', 'shortcake', 'lollipop', 'birthday-cake'],
  fruit: [
    'red-apple',
    'banana',
    'strawberry',
    'watermelon',
    'cherries',
    'pineapple',
    'grapes',
    'avocado',
    'peach',
  ],
  vegetable: ['carrot', 'broccoli', 'ear-of-corn', 'eggplant', 'hot-pepper', 'tomato'],
  drink: ['hot-beverage', 'tropical-drink', 'bubble-tea', 'cup-with-straw'],
  holiday: ['christmas-tree', 'snowman', 'wrapped-gift', 'jack-o-lantern', 'santa-claus'],
  seasonal: ['christmas-tree', 'snowman', 'jack-o-lantern', 'maple-leaf', 'cherry-blossom', 'sunflower'],
  christmas: ['christmas-tree', 'santa-claus', 'snowman', 'wrapped-gift'],
  halloween: ['jack-o-lantern', 'ghost', 'bat', 'spider', 'person-vampire'],
  winter: ['snowman', 'snowflake', 'christmas-tree', 'skier'],
  spring: ['cherry-blossom', 'tulip', 'rabbit-face', 'butterfly'],
  summer: ['sun', 'palm-tree', 'tropical-drink', 'watermelon'],
  autumn: ['maple-leaf', 'fallen-leaf', 'jack-o-lantern', 'mushroom'],
  fall: ['maple-leaf', 'fallen-leaf', 'jack-o-lantern'],
  easter: ['rabbit-face', 'egg', 'hatching-chick', 'tulip'],
  birthday: ['birthday-cake', 'balloon', 'party-popper', 'wrapped-gift'],
  party: ['party-popper', 'balloon', 'birthday-cake', 'confetti-ball'],
  underwater: [
    'tropical-fish',
    'octopus',
    'spouting-whale',
    'turtle',
    'dolphin',
    'crab',
    'shark',
    'jellyfish',
  ],
  ocean: ['tropical-fish', 'octopus', 'spouting-whale', 'dolphin', 'turtle', 'jellyfish'],
  sea: ['tropical-fish', 'octopus', 'spouting-whale', 'dolphin', 'turtle', 'crab'],
  marine: ['tropical-fish', 'octopus', 'dolphin', 'turtle', 'jellyfish'],
  space: ['rocket', 'astronaut', 'flying-saucer', 'ringed-planet', 'satellite'],
  exploration: ['rocket', 'astronaut', 'compass', 'world-map', 'telescope'],
  explorer: ['astronaut', 'compass', 'world-map'],
  galaxy: ['ringed-planet', 'rocket', 'milky-way', 'shooting-star'],
  landscape: ['castle', 'house', 'camping', 'deciduous-tree', 'tent', 'mountain'],
  scenery: ['house', 'deciduous-tree', 'camping'],
  nature: ['deciduous-tree', 'sunflower', 'herb', 'fallen-leaf', 'butterfly'],
  forest: ['evergreen-tree', 'deer', 'fox', 'mushroom', 'owl'],
  woods: ['evergreen-tree', 'deer', 'fox', 'mushroom'],
  jungle: ['monkey-face', 'tiger-face', 'parrot', 'palm-tree'],
  beach: ['palm-tree', 'beach-with-umbrella', 'crab', 'spiral-shell', 'tropical-drink'],
  city: ['cityscape', 'office-building', 'taxi', 'bus'],
  night: ['crescent-moon', 'owl', 'bat', 'night-with-stars'],
  robot: ['robot'],
  machine: ['robot', 'gear'],
  tech: ['robot', 'laptop', 'mobile-phone', 'satellite'],
  technology: ['robot', 'laptop', 'satellite'],
  sport: ['soccer-ball', 'basketball', 'tennis', 'trophy'],
  sports: ['soccer-ball', 'basketball', 'tennis', 'trophy'],
  music: ['guitar', 'musical-notes', 'headphone', 'saxophone'],
  school: ['books', 'pencil', 'backpack', 'graduation-cap'],
  office: ['laptop', 'briefcase', 'calendar', 'bar-chart'],
  business: ['briefcase', 'bar-chart', 'money-bag', 'chart-increasing'],
  science: ['test-tube', 'microscope', 'dna', 'atom-symbol'],
  weather: ['sun-behind-cloud', 'rainbow', 'cloud-with-lightning-and-rain', 'snowflake'],
  character: [],
  mascot: [],
  person: ['person-superhero', 'astronaut', 'person-mage'],
  people: ['person-superhero', 'astronaut'],
  hero: ['person-superhero'],
  bug: ['lady-beetle', 'honeybee', 'butterfly', 'snail'],
  insect: ['lady-beetle', 'honeybee', 'butterfly', 'ant'],
  bird: ['bird', 'parrot', 'owl', 'penguin', 'baby-chick', 'flamingo'],
  dinosaur: ['t-rex', 'sauropod'],
  plant: ['potted-plant', 'seedling', 'cactus', 'herb', 'sunflower'],
  toy: ['teddy-bear', 'kite', 'yo-yo', 'balloon', 'puzzle-piece'],
  tool: ['hammer', 'wrench', 'toolbox', 'gear'],
  treasure: ['gem-stone', 'crown', 'money-bag', 'key'],
};

/** Words that mean "draw it with a face" when the subject is a thing rather than a creature. */
export const FACE_WORDS = new Set([
  'character',
  'mascot',
  'face',
  'faced',
  'smiling',
  'smiley',
  'kawaii',
  'personified',
  'living',
  'cute',
  'happy',
]);

/** Strong face words: apply to any non-face subject; weak ones only to food. */
export const STRONG_FACE_WORDS = new Set([
  'character',
  'mascot',
  'face',
  'faced',
  'smiling',
  'smiley',
  'personified',
  'living',
]);

/** Light stemming: plurals and -ing/-ed forms, enough for clipart words. */
export function stemVariants(word: string): string[] {
  const out = new Set<string>([word]);
  if (word.length > 3) {
    if (word.endsWith('ies')) out.add(`${word.slice(0, -3)}y`);
    if (word.endsWith('ves')) {
      out.add(`${word.slice(0, -3)}f`);
      out.add(`${word.slice(0, -3)}fe`);
    }
    if (word.endsWith('es')) out.add(word.slice(0, -2));
    if (word.endsWith('s') && !word.endsWith('ss')) out.add(word.slice(0, -1));
    if (word.endsWith('ing') && word.length > 5) {
      const base = word.slice(0, -3);
      out.add(base);
      out.add(`${base}e`);
      if (base.length > 2 && base.at(-1) === base.at(-2)) out.add(base.slice(0, -1));
    }
    if (word.endsWith('ed') && word.length > 4) {
      const base = word.slice(0, -2);
      out.add(base);
      out.add(`${base}e`);
    }
    if (word === 'mice') out.add('mouse');
    if (word === 'geese') out.add('goose');
    if (word === 'children') out.add('child');
    if (word === 'people') out.add('person');
  }
  return [...out];
}

/** Splits what the person typed into lower-case words (letters, digits, apostrophes dropped). */
export function tokenize(prompt: string): string[] {
  return prompt
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]s\b/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w.length > 0);
}
