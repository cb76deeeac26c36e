// The relevance suite: everyday clipart prompts of the kinds people type, each with the art that
// counts as drawing it (any of them). Used by the relevance test and `npm run composer:sheet`.
// The lists say what a person would accept for the prompt, not what the composer happens to pick.

export type RelevanceCase = {
  prompt: string;
  kind: 'people' | 'action' | 'colour' | 'no-emoji' | 'everyday';
  /** Acceptable subjects, as "<set>:<icon>". */
  accept: string[];
  /** Other things the prompt names that should be drawn beside it (any one of each list). */
  accents?: string[][];
  motion?: 'run' | 'fly' | 'swim' | 'jump';
  colour?: string;
  /** A size word drawn: smaller or larger than the usual subject. */
  size?: 'small' | 'large';
};

const fe = (...names: string[]) => names.map((n) => `fluent-emoji-flat:${n}`);
const gi = (...names: string[]) => names.map((n) => `game-icons:${n}`);
const mdi = (...names: string[]) => names.map((n) => `mdi:${n}`);

const HEALTH = fe('health-worker', 'man-health-worker', 'woman-health-worker');
const DOGS = fe('dog', 'dog-face', 'poodle', 'guide-dog', 'service-dog');
const CATS = fe('cat', 'cat-face', 'black-cat');

export const RELEVANCE_CASES: RelevanceCase[] = [
  // People and professions
  { prompt: 'a nurse', kind: 'people', accept: [...HEALTH, ...gi('nurse-female', 'nurse-male')] },
  { prompt: 'a doctor', kind: 'people', accept: [...HEALTH, ...mdi('doctor')] },
  { prompt: 'a surgeon', kind: 'people', accept: HEALTH },
  {
    prompt: 'a firefighter',
    kind: 'people',
    accept: fe('firefighter', 'man-firefighter', 'woman-firefighter'),
  },
  { prompt: 'a teacher', kind: 'people', accept: fe('teacher', 'man-teacher', 'woman-teacher') },
  { prompt: 'a chef', kind: 'people', accept: fe('cook', 'man-cook', 'woman-cook') },
  {
    prompt: 'a police officer',
    kind: 'people',
    accept: fe('police-officer', 'man-police-officer', 'woman-police-officer'),
  },
  { prompt: 'a farmer', kind: 'people', accept: fe('farmer', 'man-farmer', 'woman-farmer') },
  { prompt: 'an astronaut', kind: 'people', accept: fe('astronaut', 'man-astronaut', 'woman-astronaut') },
  { prompt: 'a pilot', kind: 'people', accept: fe('pilot', 'man-pilot', 'woman-pilot') },
  { prompt: 'a scientist', kind: 'people', accept: fe('scientist', 'man-scientist', 'woman-scientist') },
  { prompt: 'a mechanic', kind: 'people', accept: fe('mechanic', 'man-mechanic', 'woman-mechanic') },
  { prompt: 'a judge', kind: 'people', accept: fe('judge', 'man-judge', 'woman-judge') },
  { prompt: 'a grandpa', kind: 'people', accept: fe('old-man') },
  { prompt: 'my grandma', kind: 'people', accept: fe('old-woman') },
  { prompt: 'a baby', kind: 'people', accept: fe('baby') },
  { prompt: 'a little girl', kind: 'people', accept: fe('girl') },
  { prompt: 'a boy', kind: 'people', accept: fe('boy') },
  { prompt: 'a wizard', kind: 'people', accept: fe('person-mage', 'man-mage', 'woman-mage') },
  {
    prompt: 'a superhero',
    kind: 'people',
    accept: fe('person-superhero', 'man-superhero', 'woman-superhero'),
  },
  {
    prompt: 'a king',
    kind: 'people',
    accept: [...fe('person-with-crown'), ...gi('king', 'old-king', 'throne-king')],
  },
  { prompt: 'a princess', kind: 'people', accept: fe('princess') },
  { prompt: 'a pirate', kind: 'people', accept: gi('pirate-captain') },
  { prompt: 'a vet', kind: 'people', accept: HEALTH },
  { prompt: 'a knight', kind: 'people', accept: gi('mounted-knight') },
  // Actions: the subject, and the movement drawn
  { prompt: 'a dog running', kind: 'action', accept: DOGS, motion: 'run' },
  { prompt: 'a horse running in a field', kind: 'action', accept: fe('horse', 'horse-face'), motion: 'run' },
  { prompt: 'a bird flying', kind: 'action', accept: fe('bird', 'dove', 'eagle'), motion: 'fly' },
  { prompt: 'an airplane flying', kind: 'action', accept: fe('airplane', 'small-airplane'), motion: 'fly' },
  { prompt: 'a fish swimming', kind: 'action', accept: fe('fish', 'tropical-fish'), motion: 'swim' },
  { prompt: 'a duck swimming', kind: 'action', accept: fe('duck'), motion: 'swim' },
  { prompt: 'a frog jumping', kind: 'action', accept: fe('frog'), motion: 'jump' },
  { prompt: 'a kangaroo jumping', kind: 'action', accept: fe('kangaroo'), motion: 'jump' },
  { prompt: 'a cat chasing a mouse', kind: 'action', accept: CATS, accents: [fe('mouse', 'mouse-face')] },
  {
    prompt: 'grandpa fishing on a boat',
    kind: 'action',
    accept: fe('old-man'),
    accents: [fe('sailboat', 'motor-boat', 'canoe', 'speedboat'), fe('fish', 'tropical-fish')],
  },
  {
    prompt: 'a tiny frog jumping over a log',
    kind: 'action',
    accept: fe('frog'),
    motion: 'jump',
    size: 'small',
    accents: [[...gi('log', 'wood-pile'), ...fe('wood')]],
  },
  // Colours and sizes change the drawing
  { prompt: 'a tiny frog', kind: 'colour', accept: fe('frog'), size: 'small' },
  { prompt: 'a huge elephant', kind: 'colour', accept: fe('elephant'), size: 'large' },
  { prompt: 'a red apple', kind: 'colour', accept: fe('red-apple') },
  { prompt: 'a green apple', kind: 'colour', accept: fe('green-apple') },
  { prompt: 'a blue car', kind: 'colour', accept: fe('automobile'), colour: '#0000ff' },
  { prompt: 'a yellow balloon', kind: 'colour', accept: fe('balloon'), colour: '#ffff00' },
  { prompt: 'a pink elephant', kind: 'colour', accept: fe('elephant'), colour: '#ffc0cb' },
  {
    prompt: 'a purple flower',
    kind: 'colour',
    accept: fe('blossom', 'hibiscus', 'cherry-blossom', 'tulip', 'rose', 'sunflower', 'white-flower'),
    colour: '#800080',
  },
  { prompt: 'an orange cat', kind: 'colour', accept: CATS, colour: '#ffa500' },
  // (Fluent's own black cat is purple: round 26 judged it partly; the cat painted black reads black)
  { prompt: 'a black cat', kind: 'colour', accept: fe('cat'), colour: '#000000' },
  {
    prompt: 'a red lighthouse',
    kind: 'colour',
    accept: gi('lighthouse'),
    colour: '#ff0000',
  },
  // Things with no emoji
  { prompt: 'a lighthouse', kind: 'no-emoji', accept: gi('lighthouse') },
  { prompt: 'a windmill', kind: 'no-emoji', accept: gi('windmill') },
  {
    prompt: 'a treasure chest',
    kind: 'no-emoji',
    accept: [...gi('open-treasure-chest', 'chest', 'locked-chest'), ...mdi('treasure-chest')],
  },
  {
    prompt: 'a lighthouse with waves and sun',
    kind: 'no-emoji',
    accept: gi('lighthouse'),
    accents: [fe('water-wave'), fe('sun', 'sun-with-face')],
  },
  { prompt: 'a hot air balloon', kind: 'no-emoji', accept: [...gi('air-balloon'), ...mdi('airballoon')] },
  { prompt: 'a barn', kind: 'no-emoji', accept: [...gi('barn'), ...mdi('barn')] },
  { prompt: 'a pumpkin', kind: 'no-emoji', accept: [...gi('pumpkin'), ...fe('jack-o-lantern')] },
  {
    prompt: 'a beehive',
    kind: 'no-emoji',
    accept: [...gi('beehive', 'bee'), ...mdi('bee'), ...fe('honeybee')],
  },
  { prompt: 'a scarecrow', kind: 'no-emoji', accept: gi('scarecrow') },
  { prompt: 'an igloo', kind: 'no-emoji', accept: gi('igloo') },
  {
    prompt: 'a sword',
    kind: 'no-emoji',
    accept: [
      ...gi('broadsword', 'crossed-swords', 'pointy-sword', 'stiletto'),
      ...fe('crossed-swords', 'dagger'),
      ...mdi('sword'),
    ],
  },
  // Everyday clipart
  { prompt: 'a birthday cake', kind: 'everyday', accept: fe('birthday-cake') },
  {
    prompt: 'a cup of coffee',
    kind: 'everyday',
    accept: [...fe('hot-beverage', 'teacup-without-handle'), ...gi('coffee-cup')],
  },
  { prompt: 'a pizza', kind: 'everyday', accept: fe('pizza') },
  // (the school bus itself since round 27, which judged the city bus partly)
  { prompt: 'a school bus', kind: 'everyday', accept: mdi('bus-school') },
  { prompt: 'a bicycle', kind: 'everyday', accept: fe('bicycle') },
  { prompt: 'a house', kind: 'everyday', accept: fe('house', 'house-with-garden') },
  { prompt: 'a tree', kind: 'everyday', accept: fe('deciduous-tree', 'evergreen-tree', 'palm-tree') },
  { prompt: 'a rainbow', kind: 'everyday', accept: fe('rainbow') },
  { prompt: 'a snowman', kind: 'everyday', accept: fe('snowman', 'snowman-without-snow') },
  { prompt: 'a christmas tree', kind: 'everyday', accept: fe('christmas-tree') },
  { prompt: 'a guitar', kind: 'everyday', accept: fe('guitar') },
  {
    prompt: 'a stack of books',
    kind: 'everyday',
    accept: fe('books', 'closed-book', 'open-book', 'blue-book', 'green-book', 'orange-book'),
  },
  { prompt: 'a light bulb', kind: 'everyday', accept: fe('light-bulb') },
  { prompt: 'an owl', kind: 'everyday', accept: fe('owl') },
  { prompt: 'a busy bee', kind: 'everyday', accept: [...fe('honeybee'), ...gi('bee')] },
  {
    prompt: 'a rocket flying to the moon',
    kind: 'action',
    accept: fe('rocket'),
    motion: 'fly',
    accents: [
      fe(
        'crescent-moon',
        'full-moon',
        'first-quarter-moon',
        'last-quarter-moon',
        'waxing-crescent-moon',
        'waning-crescent-moon',
        'waxing-gibbous-moon',
        'waning-gibbous-moon',
        'full-moon-face',
        'first-quarter-moon-face',
        'last-quarter-moon-face',
      ),
    ],
  },
  { prompt: 'a robot assistant', kind: 'everyday', accept: fe('robot') },
  { prompt: 'a dinosaur', kind: 'everyday', accept: fe('t-rex', 'sauropod') },
  { prompt: 'a sunflower', kind: 'everyday', accept: fe('sunflower') },
  { prompt: 'a soccer ball', kind: 'everyday', accept: fe('soccer-ball') },
];

/**
 * Issue 34's examples: prompts the composer got wrong on first sight, now part of the development
 * set (tuned on; understanding.test.ts holds what each must draw). `npm run composer:sheet -- dev`.
 */
export const DEVELOPMENT_PROMPTS: string[] = [
  'a mom reading a story to her child',
  'a sad face with tears',
  'a glass of orange juice',
  'a red fire hydrant',
  'a mail carrier delivering letters',
  'fireworks on new year’s eve',
  'a table lamp',
  'a fire truck with its siren',
  'a card for valentine’s day',
  'a kid with a fever',
  'a boy playing with a ball',
  'a bird in a tree',
  'a steam train',
  'a drum set',
  'honey',
  'a basketball hoop',
  'a crying face',
  'a dentist',
  'a sad dog',
  'a scared cat',
  'a sleeping baby',
  'a roaring lion',
  'a little brown puppy',
  'a red fox reading a book under a tree',
  'a girl waving',
  'my grandmother’s secret recipe',
  'a turtle swimming with a jellyfish',
  'a boy riding a horse',
  'a cat on a table',
  'a dog in a basket',
  'a girl holding a flower',
  'a bear next to a tree',
];
