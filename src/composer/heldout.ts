// The held-out set (round 1): everyday prompts written before the issue-34 changes and never tuned
// on. It has no expected art on purpose: each picture is judged by eye on the contact sheet
// (`npm run composer:sheet -- heldout`) and the verdicts are kept in docs/composer-heldout.md.
// Once code is changed because of one of these prompts the set is used up: write a new round.

export type HeldoutCategory =
  | 'animal action'
  | 'food'
  | 'job'
  | 'holiday'
  | 'school'
  | 'sports'
  | 'transport'
  | 'nature'
  | 'home'
  | 'tech'
  | 'fantasy'
  | 'music'
  | 'health'
  | 'feeling'
  | 'two subjects'
  | 'colour/size';

export type HeldoutPrompt = { prompt: string; category: HeldoutCategory };

const group = (category: HeldoutCategory, prompts: string[]): HeldoutPrompt[] =>
  prompts.map((prompt) => ({ prompt, category }));

export const HELDOUT_PROMPTS: HeldoutPrompt[] = [
  ...group('animal action', [
    'a penguin sliding on ice',
    'a squirrel eating an acorn',
    'a cow grazing in a meadow',
    'a monkey swinging from a vine',
    'a rabbit hopping through grass',
    'an eagle catching a fish',
  ]),
  ...group('food', [
    'a bowl of ramen',
    'a slice of watermelon',
    'a stack of pancakes with syrup',
    'a cheeseburger and fries',
    'a chocolate chip cookie',
    'a strawberry milkshake',
  ]),
  ...group('job', [
    'a construction worker with a hard hat',
    'a baker holding a loaf of bread',
    'a painter at an easel',
    'a plumber fixing a pipe',
    'a librarian',
    'a waiter carrying a tray',
  ]),
  ...group('holiday', [
    'an easter bunny with a basket of eggs',
    "a jack-o'-lantern on a porch",
    'a thanksgiving turkey',
    'a wrapped present with a bow',
    'a menorah for hanukkah',
    'a heart-shaped box of chocolates',
  ]),
  ...group('school', [
    'a backpack full of school supplies',
    'a pencil and a ruler',
    'a globe on a desk',
    'a chalkboard with math',
    'a graduation cap',
    'a microscope',
  ]),
  ...group('sports', [
    'a baseball bat and glove',
    'a swimmer in a pool',
    'a skateboarder doing a trick',
    'a trophy for first place',
    'a pair of running shoes',
    'a boxing glove',
  ]),
  ...group('transport', [
    'a yellow taxi',
    'a police car with flashing lights',
    'a sailboat on the ocean',
    'a helicopter over the city',
    'a motorcycle',
    'a tractor on a farm',
  ]),
  ...group('nature', [
    'a cactus in the desert',
    'a volcano erupting',
    'a mushroom in the forest',
    'a snowflake',
    'a waterfall',
    'a maple leaf in autumn',
  ]),
  ...group('home', [
    'a cozy armchair',
    'a bathtub with bubbles',
    'an alarm clock',
    'a kitchen sink',
    'a broom and dustpan',
    'a door key',
  ]),
  ...group('tech', [
    'a laptop with a coffee mug',
    'a smartphone',
    'a video game controller',
    'a satellite orbiting earth',
    'a robot vacuum',
    'a pair of headphones',
  ]),
  ...group('fantasy', [
    'a unicorn with a rainbow mane',
    'a dragon breathing fire',
    'a fairy with wings',
    'a castle on a hill',
    'a ghost saying boo',
    'a magic genie lamp',
  ]),
  ...group('music', [
    'a violin',
    'a piano keyboard',
    'a saxophone player',
    'a microphone on a stage',
    'musical notes',
    'a trumpet',
  ]),
  ...group('health', [
    'a bandage on a knee',
    'a thermometer',
    'a pill bottle',
    'a stethoscope',
    'a wheelchair',
    'someone sneezing into a tissue',
  ]),
  ...group('feeling', [
    'an angry face',
    'a happy sun',
    'a nervous boy biting his nails',
    'a surprised cat',
    'a sleepy owl',
    'a girl laughing',
  ]),
  ...group('two subjects', [
    'a dog and a cat sitting together',
    'a bird on a branch',
    'a boy riding a bicycle',
    'a cat in a box',
    'a girl holding a balloon',
    'a bear next to a campfire',
  ]),
  ...group('colour/size', [
    'a purple octopus',
    'a big gray rhino',
    'a little yellow duckling',
    'a white rabbit',
    'a green dinosaur',
    'a small brown owl',
  ]),
];
