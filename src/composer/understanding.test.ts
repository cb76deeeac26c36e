// Issue 34's patterns, each with the issue's own examples (the development set; the held-out
// set in heldout.ts is judged by eye and never tuned on). What is drawn for a prompt must be the
// thing it names, or nothing at no charge: never a stand-in, a wrong sense or a word as a picture.
import { describe, expect, it } from 'vitest';
import { ComposerMiss, composeSvg, getLexicon, planPrompt } from './index';
import { buildLayout } from './layout';
import { PALETTES } from './palettes';
import { createRandom } from './random';

const SEEDS = [1, 2, 3, 4];
const plan = (prompt: string, seed = 1) => planPrompt(prompt, createRandom(seed));
/** Every art drawn for the prompt over several seeds. */
const drawn = (prompt: string) => SEEDS.flatMap((seed) => plan(prompt, seed).subjects.map((s) => s.art));
const subjectOf = (prompt: string) => SEEDS.map((seed) => plan(prompt, seed).subjects[0].art);
const fe = (name: string) => `fluent-emoji-flat:${name}`;

/** For every seed: the plan carries the feeling's `mark` and no face among its accents. */
function markedWithNoSecondFace(prompt: string, mark: string): Array<[number, ReturnType<typeof plan>]> {
  return SEEDS.map((seed) => {
    const p = plan(prompt, seed);
    expect(p.mark?.id).toBe(fe(mark));
    expect(p.accents.filter((a) => / face$|-face/.test(a.id))).toEqual([]);
    return [seed, p];
  });
}

function refused(prompt: string): string[] {
  try {
    plan(prompt);
  } catch (error) {
    if (error instanceof ComposerMiss) return error.words;
    throw error;
  }
  throw new Error(`"${prompt}" was drawn`);
}

describe('composer: word senses', () => {
  it('"red fox" is the animal, not the herb WordNet lists first', () => {
    const p = plan('a red fox reading a book under a tree');
    expect(p.subject.id).toBe(fe('fox'));
    expect(drawn('a red fox reading a book under a tree')).not.toContain(fe('herb'));
  });

  it('"waving" is a wave of the hand, not a sea wave', () => {
    const arts = drawn('a girl waving');
    expect(arts).not.toContain(fe('water-wave'));
    expect(subjectOf('a girl waving')).toEqual(SEEDS.map(() => fe('girl')));
  });

  it('"my" is no picture', () => {
    const p = plan("my grandmother's secret recipe");
    expect(p.subjects.map((s) => s.word)).not.toContain('my');
    expect(p.subject.id).toBe(fe('old-woman'));
  });
});

describe('composer: names of several words first', () => {
  it.each([
    ['a table lamp', 'mdi:lamp'],
    ['a basketball hoop', 'mdi:basketball-hoop'],
    ['a crying face', fe('crying-face')],
    ['honey', fe('honey-pot')],
    ['fireworks on new year’s eve', fe('fireworks')],
  ])('%s draws %s', (prompt, art) => {
    expect(subjectOf(prompt)).toEqual(SEEDS.map(() => art));
  });

  it('a word before the name qualifies it and is no second picture ("steam train", "drum set")', () => {
    expect(drawn('a steam train')).not.toContain('game-icons:steam');
    expect(plan('a steam train').subjects).toHaveLength(1);
    expect(plan('a drum set').subjects).toHaveLength(1);
  });

  it('a name WordNet knows but no art draws is refused as a whole, naming it', () => {
    expect(refused('a red fire hydrant')).toEqual(['fire hydrant']);
    // (a mail carrier, refused until round 26's changes, is a person with an envelope: never the
    // issue's @ envelope, love letter or aircraft carrier)
    expect(drawn('a mail carrier delivering letters')).toEqual(
      SEEDS.flatMap(() => [fe('person'), fe('envelope')]),
    );
  });

  it('orange juice is never a coffee or a martini', () => {
    let arts: string[] = [];
    try {
      arts = drawn('a glass of orange juice');
    } catch (error) {
      if (!(error instanceof ComposerMiss)) throw error;
    }
    expect(arts).not.toContain(fe('hot-beverage'));
    expect(arts).not.toContain(fe('cocktail-glass'));
  });
});

describe('composer: no stand-ins', () => {
  it('refuses a subject that would only get a sibling or a part: hydrant (a tap), dentist (a tooth)', () => {
    expect(refused('a hydrant')).toEqual(['hydrant']);
    // (a dentist is a person holding a tooth, since round 26's changes: never the tooth alone)
    expect(subjectOf('a dentist')).toEqual(Array(4).fill(fe('person')));
    expect(plan('a dentist').partner?.relation).toBe('holding');
  });

  it('draws a broader word a person accepts: a woman for mom, a child for kid, a dog for puppy', () => {
    expect(subjectOf('a mom reading a story to her child')).toEqual(SEEDS.map(() => fe('woman')));
    expect(drawn('a mom')).not.toContain(fe('breast-feeding'));
    expect(subjectOf('a kid')).toEqual(SEEDS.map(() => fe('child')));
    expect(subjectOf('a puppy')[0]).toMatch(/^fluent-emoji-flat:dog/);
  });
});

describe('composer: words that name nothing in the scene are not side pictures', () => {
  it('occasions set the scene or a decoration, not a picture of their words', () => {
    const valentine = plan('a card for valentine’s day');
    // (the card, and the occasion's decoration: a red heart, not a person in a sauna for "day")
    expect(valentine.subjects.map((s) => [s.word, s.art])).toEqual([
      ['card', valentine.subject.id],
      ['valentine', fe('red-heart')],
    ]);
    expect(drawn('fireworks on new year’s eve')).not.toContain(fe('woman'));
  });

  it('parts and states are no pictures: its siren, a fever, full, hands', () => {
    expect(drawn('a fire truck with its siren')).toEqual(SEEDS.map(() => fe('fire-engine')));
    expect(drawn('a kid with a fever')).not.toContain(fe('mosquito'));
    expect(drawn('a basket full of apples')).not.toContain(fe('full-moon'));
    const hands = drawn('a boy washing his hands');
    // (no hand beside him, an OK hand or a raised hand; the washing is drawn by its tool, the
    // hand-wash icon, since round 20)
    expect(hands.filter((a) => a.includes('hand') && a !== 'mdi:hand-wash')).toEqual([]);
  });

  it('a ball is a ball to play with, a tree a tree (not a disco ball or a Christmas tree)', () => {
    expect(drawn('a boy playing with a ball')).not.toContain(fe('mirror-ball'));
    expect(drawn('a bird in a tree')).not.toContain(fe('christmas-tree'));
  });
});

describe('composer: feelings and states select the art that shows them', () => {
  const LAUGHING = ['face-with-tears-of-joy', 'rolling-on-the-floor-laughing', 'grinning-squinting-face'].map(
    fe,
  );

  it('a sad face with tears is a sad face, never tears of joy', () => {
    for (const seed of SEEDS) {
      const p = plan('a sad face with tears', seed);
      expect(p.subject.label).toMatch(/face/);
      for (const s of p.subjects) expect(LAUGHING).not.toContain(s.art);
    }
  });

  it('words CLDR tags on faces that are no feeling draw no face ("full", "sliding", "eating")', () => {
    // Found on the round-1 held-out sheet (a full-moon face for "full", a winking face for
    // "sliding"); these development prompts are new.
    const faces = (prompt: string) => drawn(prompt).filter((a) => a.endsWith('face') || a.includes('-face-'));
    expect(faces('a basket full of apples')).toEqual([]);
    expect(faces('a seal sliding down a slide')).toEqual([]);
    expect(faces('a fox eating a cookie')).toEqual([]);
  });

  it('a laughing person gets a laughing face, not a cat', () => {
    const arts = drawn('a boy laughing');
    expect(arts.some((a) => /laughing|grinning|tears-of-joy/.test(a))).toBe(true);
    expect(arts.filter((a) => a.includes('cat'))).toEqual([]);
  });

  it('scared, sleeping and crying are drawn: sweat drops, zzz, a crying cat', () => {
    // A cat has no scared art of its own: the cartoonist's sweat drops by its head show it.
    expect(drawn('a scared cat')).toContain(fe('sweat-droplets'));
    // Sleeping shows as the cartoonist's zzz by the baby's head (round 2 showed a second,
    // sleeping face beside the subject read as two pictures).
    expect(drawn('a sleeping baby')).toContain(fe('zzz'));
    expect(drawn('a sleeping baby')).not.toContain(fe('sleeping-face'));
    expect(plan('a sleeping baby').face).toBe(false);
    expect(drawn('a crying cat')).toContain(fe('crying-cat'));
  });
});

describe('composer: sizes and colours', () => {
  it('"little" works like "tiny", and brown is brown, not red', () => {
    const p = plan('a little brown puppy');
    expect(p.scale).toBeLessThan(1);
    expect(p.colour).toBe('#8b5a2b');
    expect(plan('a tiny frog').scale).toBe(plan('a little frog').scale);
  });
});

describe('composer: two subjects, arranged by their relation', () => {
  const placed = (prompt: string, seed = 1) => {
    const p = plan(prompt, seed);
    const layout = buildLayout(p, 'default', createRandom(seed), PALETTES[0], false, seed);
    return { p, subject: layout.subject.placed, partner: layout.accents[0] };
  };

  it.each([
    ['a boy riding a horse', 'riding'],
    ['a cat on a table', 'on'],
    ['a dog in a basket', 'in'],
    ['a girl holding a flower', 'holding'],
    ['a bear next to a tree', 'beside'],
    // Round 19: the second thing was hidden behind the first.
    ['a reindeer pulling a sleigh', 'beside'],
    ['a farmer holding a basket of eggs', 'holding'],
    ['a unicorn jumping over a rainbow', 'over'],
    ['a sad dog in the rain', 'sky'],
    // No word for where it is: beside, not in a corner behind the subject.
    ['a rooster crowing at sunrise', 'beside'],
  ] as const)('%s: both large enough to read, placed for "%s"', (prompt, relation) => {
    for (const seed of SEEDS) {
      const { p, subject, partner } = placed(prompt, seed);
      expect(p.partner?.relation).toBe(relation);
      expect(partner.art.id).toBe(p.partner?.art.id);
      expect(Math.min(subject.size, partner.size)).toBeGreaterThanOrEqual(280);
      if (relation === 'riding' || relation === 'on' || relation === 'in' || relation === 'over') {
        // The rider, or what sits on or in the other or jumps over it, is above it.
        expect(subject.y).toBeLessThan(partner.y - 150);
        expect(Math.abs(subject.x - partner.x)).toBeLessThan(80);
      } else if (relation === 'sky') {
        // The rain cloud is overhead, never under the dog.
        expect(partner.y).toBeLessThan(subject.y - 250);
      } else {
        expect(Math.abs(subject.x - partner.x)).toBeGreaterThan(250);
      }
    }
  });

  it('an animal’s young stands small in front at its side, clear of it (round 26’s duckling hid behind the duck)', () => {
    for (const prompt of ['a duck and her ducklings', 'a horse and a foal', 'a cow and a calf']) {
      for (const seed of SEEDS) {
        const { p, subject, partner } = placed(prompt, seed);
        expect(p.partner?.relation).toBe('young');
        expect(partner.art.id).toBe(subject.art.id);
        expect(partner.size).toBeLessThan(subject.size * 0.6);
        expect(Math.abs(subject.x - partner.x)).toBeGreaterThan(350);
        expect(partner.y).toBeGreaterThan(subject.y + 200);
      }
    }
  });

  it('a second thing takes the colour the prompt gives it: a red basket, pink blossoms', () => {
    for (const seed of SEEDS) {
      const { p, partner } = placed('a blue bicycle with a red basket', seed);
      expect(p.colour).toBe('#0000ff');
      expect(p.accentColours).toEqual(['#ff0000']);
      expect(partner.recolour ?? partner.paint).toBe('#ff0000');
    }
    expect(plan('a tree with pink blossoms').accentColours).toEqual(['#ffc0cb']);
    expect(plan('a bicycle with a basket').accentColours).toEqual([null]);
  });

  it('motion marks trail behind a running animal, never in front of it', () => {
    // Emoji face left; mirrored, right. Speed lines were drawn in front of the dog in both.
    for (const seed of SEEDS) {
      const p = plan('a dog running', seed);
      const layout = buildLayout(p, 'default', createRandom(seed), PALETTES[0], false, seed);
      const facesRight = layout.subject.placed.flip;
      const marksRight = layout.motion?.art.includes('scale(-1 1)') ?? false;
      expect(marksRight, `seed ${seed}`).toBe(!facesRight);
    }
  });

  it('variations of one prompt differ visibly: facing, side or place change with the seed', () => {
    const looks = SEEDS.map((seed) => {
      const { subject, partner } = placed('a turtle swimming with a jellyfish', seed);
      return { flip: subject.flip, right: subject.x > partner.x, x: subject.x, y: subject.y };
    });
    for (let a = 0; a < looks.length; a++)
      for (let b = a + 1; b < looks.length; b++) {
        const [one, two] = [looks[a], looks[b]];
        const moved = Math.hypot(one.x - two.x, one.y - two.y) > 20;
        expect(one.flip !== two.flip || one.right !== two.right || moved, `seeds ${a + 1} and ${b + 1}`).toBe(
          true,
        );
      }
  });
});

describe('composer: themes keep what the prompt or nature fixes', () => {
  it('abstract posterises things but keeps the colours of animals, people and food', () => {
    const fills = (svg: string) =>
      new Set([...svg.matchAll(/fill="(#[0-9a-fA-F]{6})"/gi)].map((m) => m[1].toLowerCase()));
    const cow = plan('a cow').subject;
    const own = fills(getLexicon().body(cow));
    const drawn = fills(composeSvg({ prompt: 'a cow', theme: 'abstract', seed: 1 }).svg);
    expect([...own].filter((c) => !drawn.has(c))).toEqual([]);
  });
});

// Patterns from held-out round 2's sheet (round 2 is a development set since; the prompts below
// are new, so round 2's own wording is not what passes).
describe('composer: a broader word draws only the broader thing itself', () => {
  it.each([
    ['a golf ball', 'golf ball', fe('soccer-ball')],
    ['a new hockey stick', 'hockey stick', 'fluent-emoji-flat:joystick'],
    ['a birthday party', 'birthday party', fe('party-popper')],
  ])('%s is never drawn as the sibling art of its broader word', (prompt, word, sibling) => {
    let arts: string[] = [];
    try {
      arts = drawn(prompt);
    } catch (error) {
      if (!(error instanceof ComposerMiss)) throw error;
      expect(error.words).toEqual([word]);
    }
    expect(arts).not.toContain(sibling);
  });

  it('a true broader word still draws: a puppy is a dog, a hot rod a car', () => {
    for (const seed of SEEDS) expect(plan('a puppy', seed).subject.label).toMatch(/^dog/);
    expect(plan('a shiny hot rod').subject.label).toBe('automobile');
  });

  it('what is in a bowl or a cup is food: another sense of the word is refused, naming it', () => {
    expect(refused('a bowl of cereal with milk')).toEqual(['cereal']);
  });

  it('a name whose head has no art is not drawn by the word before it, and is named whole', () => {
    expect(refused('a big pine cone')).toEqual(['pine cone']);
    expect(refused('a kitchen drawer')).toEqual(['kitchen drawer']);
    // Not the garden scene's rabbit for a shed.
    expect(refused('a garden shed')).toEqual(['shed']);
  });

  it('a word no dictionary knows (a code, a typo) after a thing names nothing: the thing is drawn', () => {
    expect(subjectOf('happy cat mwxzab12')).toEqual(SEEDS.map(() => fe('cat')));
    expect(subjectOf('a fox zorblax')).toEqual(SEEDS.map(() => fe('fox')));
    // Alone it is still refused by name, at no charge.
    expect(refused('zorblax')).toEqual(['zorblax']);
  });

  it('the name that ends the phrase wins ("birthday party hat" is a party hat)', () => {
    expect(subjectOf('a birthday party hat for my son')).toEqual(SEEDS.map(() => 'game-icons:party-hat'));
  });

  it('a word loosely drawn before "of" is the amount: a plate of pasta is the pasta', () => {
    expect(plan('a plate of spaghetti with a fork').subject.id).toBe(fe('spaghetti'));
    expect(plan('a slice of watermelon').subject.id).toBe(fe('watermelon'));
  });
});

describe('composer: extras that would be a different thing are not drawn', () => {
  it('a sign for a plain word ("water", "arrow") and a being the word is a keyword of ("puck")', () => {
    const arts = [
      ...drawn('a whale jumping out of the water'),
      ...drawn('a red heart with an arrow'),
      ...drawn('a penguin with a puck'),
    ];
    expect(arts).not.toContain(fe('potable-water'));
    expect(arts).not.toContain(fe('on-arrow'));
    expect(arts.filter((a) => a.includes('fairy'))).toEqual([]);
  });
});

describe('composer: a feeling the subject cannot show gets its comic mark by the head', () => {
  it.each([
    ['a lazy cat sleeping on a sofa', 'zzz'],
    ['an angry chicken', 'anger-symbol'],
    ['a scared rabbit', 'sweat-droplets'],
    ['a confused robot', 'red-question-mark'],
  ])('%s: %s, and no second face', (prompt, mark) => {
    for (const [seed, p] of markedWithNoSecondFace(prompt, mark)) {
      const layout = buildLayout(p, 'default', createRandom(seed), PALETTES[0], false, seed);
      const placed = layout.accents.find((a) => a.art.id === fe(mark));
      // Above the subject's middle, near it: by the head, not in a far corner.
      expect(placed && placed.y < layout.subject.placed.y).toBe(true);
      expect(placed && Math.abs(placed.x - layout.subject.placed.x)).toBeLessThan(330);
    }
  });
});

describe('composer: one-colour icons take the colour the prompt or nature gives them', () => {
  const paintOf = (prompt: string, seed = 1) => {
    const p = plan(prompt, seed);
    return {
      p,
      paint: buildLayout(p, 'default', createRandom(seed), PALETTES[seed % PALETTES.length], false, seed)
        .subject.placed.paint,
    };
  };

  it('a pumpkin icon is orange in every palette (round 2 drew a blue one), a blue pumpkin blue', () => {
    for (const seed of SEEDS) {
      const { p, paint } = paintOf('a giant pumpkin', seed);
      expect(p.subject.kind).toBe('mono');
      expect(paint).toBe('#f08a24');
    }
    expect(paintOf('a blue pumpkin').paint).toBe(plan('a blue pumpkin').colour);
  });

  it('a creature, food or plant whose definition names no colour takes its kind’s: no pink squirrel (round 6)', () => {
    for (const seed of SEEDS) {
      const squirrel = paintOf('a squirrel with an acorn', seed);
      expect(squirrel.p.subject.kind).toBe('mono');
      expect(squirrel.paint).toBe('#8b5a2b');
      const roast = paintOf('a roast chicken', seed);
      expect(roast.p.subject.kind).toBe('mono');
      expect(roast.paint).toBe('#e0a03c');
    }
    expect(paintOf('a purple squirrel').paint).toBe(plan('a purple squirrel').colour);
  });

  it('rock and ice are slate grey, a lotus flower the pink its plant’s definition gives (round 7: red, green)', () => {
    const artColour = (id: string) => getLexicon().artById.get(id)?.colour;
    expect(artColour('game-icons:iceberg')).toBe('#7f8fa6');
    expect(artColour('game-icons:lotus-flower')).toBe('#ec6fa5');
    // A sun or a river is no landform: it keeps the palette.
    expect(artColour('game-icons:sun')).toBeUndefined();
  });

  it('a made thing keeps the theme’s paint: its definition names no colour of its own', () => {
    expect(getLexicon().artById.get('mdi:toaster')?.colour).toBeUndefined();
  });
});

describe('composer: a word is drawn by its own sense, not a compound or a command named with it', () => {
  it('a stick is a stick: "joystick" is a synonym only in a pilot’s sense (round 3 drew it)', () => {
    expect(drawn('a dog fetching a stick')).not.toContain(fe('joystick'));
    expect(drawn('a dog fetching a stick')).toContain('game-icons:wood-stick');
    // Not a crutch either: one special kind CLDR tags with the word loses to the plain thing.
    expect(drawn('an old stick')).not.toContain(fe('crutch'));
  });

  it('a word no dictionary knows before the head makes a kind we cannot draw ("usb stick")', () => {
    expect(refused('a usb stick')).toEqual(['usb stick']);
  });

  it('a body part is the part, not a prosthesis; a UI icon named by a verb is no thing', () => {
    expect(drawn('a broken arm in a cast')).not.toContain(fe('mechanical-arm'));
    expect(drawn('a broken arm in a cast')).not.toContain('mdi:cast');
    expect(drawn('a strong leg')).not.toContain(fe('mechanical-leg'));
  });
});

describe('composer: the name the prompt says, in whatever form, before its head word', () => {
  it('a name in the plural is the name: ice skates are ice skates, not an ice cube', () => {
    expect(subjectOf('a pair of ice skates')).toEqual(SEEDS.map(() => fe('ice-skate')));
    expect(drawn('a pair of ice skates')).not.toContain(fe('ice'));
  });

  it('"a bowling pin and ball": the ball is a bowling ball, never the bare word’s soccer ball', () => {
    expect(drawn('a bowling pin and ball')).not.toContain(fe('soccer-ball'));
    expect(plan('a police car and officer').subjects.map((s) => s.word)).toEqual([
      'police car',
      'police officer',
    ]);
  });

  it('a motion word after a thing does not make WordNet’s event of no art ("rocket launching")', () => {
    expect(subjectOf('a rocket launching')).toEqual(SEEDS.map(() => fe('rocket')));
  });
});

describe('composer: fitting art for a word with none of its own name', () => {
  it('a broader thing as the definition describes it: an oak tree is a deciduous tree, cocoa a hot beverage', () => {
    expect(subjectOf('an oak tree')).toEqual(SEEDS.map(() => fe('deciduous-tree')));
    expect(subjectOf('a cup of hot cocoa')).toEqual(SEEDS.map(() => fe('hot-beverage')));
    // Still no sibling for a word whose broader word draws another kind (round 2's rule).
    expect(refused('a golf ball')).toEqual(['golf ball']);
  });

  it('a person CLDR tags on art WordNet has no name for, of the word’s own kind: a witch is a mage', () => {
    expect(subjectOf('a halloween witch on a broom')).toEqual(SEEDS.map(() => fe('woman-mage')));
  });

  it('a made thing drawn as its kind named by the word itself: a refrigerator is a fridge', () => {
    expect(subjectOf('a refrigerator')).toEqual(SEEDS.map(() => 'game-icons:fridge'));
  });
});

describe('composer: round 3’s refusals and second faces', () => {
  it('a closed compound the dictionary does not know is a kind of its drawn head: a smartwatch is a watch', () => {
    expect(subjectOf('a smartwatch')).toEqual(SEEDS.map(() => fe('watch')));
  });

  it.each([
    ['a happy dog', 'sparkles'],
    ['a crying baby', 'crying-face'],
    // (the pensive face until round 25, which read as sad)
    ['a bored student', 'expressionless-face'],
  ])('%s: the feeling by the head (%s), never a second face beside the subject', (prompt, mark) => {
    markedWithNoSecondFace(prompt, mark);
  });

  it('food feels nothing: "hot cocoa" is served hot, with no hot face', () => {
    expect(drawn('a cup of hot cocoa')).not.toContain(fe('hot-face'));
  });
});

describe('composer: a person named by what they play', () => {
  it('"a guitar player" is a person with a guitar, as "a mechanic with a wrench" is drawn', () => {
    for (const seed of SEEDS) {
      const p = plan('a guitar player', seed);
      expect(p.subject.id).toBe(fe('person'));
      expect(p.partner?.art.id).toBe(fe('guitar'));
    }
  });

  it('"a soccer player kicking a ball": one ball, the one the prompt names, in the player’s hands', () => {
    const p = plan('a soccer player kicking a ball');
    expect(p.subject.id).toBe(fe('person'));
    expect(p.accents.map((a) => a.id)).toEqual([fe('soccer-ball')]);
    // A name that is a thing of its own stays that thing.
    expect(plan('a record player').subject.id).toBe('mdi:record-player');
  });
});

describe('composer: the sense rules of round 3 keep common words as they were', () => {
  it('a part in a pose is still the part; a word with a thing of its own keeps its icon', () => {
    expect(subjectOf('a hand')).not.toContain('game-icons:hand');
    expect(drawn('a note')).toContain(fe('musical-note'));
    expect(drawn('an officer')).toContain(fe('police-officer'));
    expect(subjectOf('a crowd')).toEqual(SEEDS.map(() => 'mdi:crowd'));
    expect(subjectOf('a smile')).not.toContain('game-icons:sharp-smile');
  });
});

describe('composer: joy shown on the thing itself', () => {
  it('a happy sun or pizza smiles with a cartoon face of its own, no mark and no face beside it', () => {
    for (const prompt of ['a happy sun', 'a happy pizza']) {
      const p = plan(prompt);
      expect(p.face).toBe(true);
      expect(p.mark).toBeNull();
      expect(p.accents.filter((a) => / face$|-face/.test(a.id))).toEqual([]);
    }
  });
});

describe('composer: a person of no art with a thing in their hands', () => {
  it('"a gardener watering plants" is a person with a watering can; so is a gardener alone', () => {
    for (const seed of SEEDS) {
      const p = plan('a gardener watering plants', seed);
      expect(p.subject.id).toBe(fe('person'));
      expect(p.partner).toEqual({
        art: expect.objectContaining({ id: 'game-icons:watering-can' }),
        relation: 'holding',
      });
    }
    expect(plan('a dentist with a toothbrush').partner?.art.id).toBe(fe('toothbrush'));
    // (refused until round 26's changes: a gardener is drawn by the watering can too)
    expect(drawn('a gardener')).toEqual(SEEDS.flatMap(() => [fe('person'), 'game-icons:watering-can']));
  });
});

describe('composer: a person is never drawn as a thing', () => {
  it('"a king" is a king, not the measuring ruler a broader word ("ruler") names', () => {
    // (the monarch: the person with a crown CLDR tags "monarch")
    expect(subjectOf('a king')).toEqual(SEEDS.map(() => fe('person-with-crown')));
    expect(drawn('a king on a throne')).not.toContain('mdi:ruler');
  });

  it('a ruler with no art of their own is the crowned monarch, never a measuring ruler', () => {
    for (const ruler of ['an emperor', 'a czar']) {
      expect(subjectOf(ruler)).toEqual(SEEDS.map(() => fe('person-with-crown')));
      expect(drawn(ruler)).not.toContain('mdi:ruler');
    }
  });

  it('the measuring ruler is still the ruler on a desk', () => {
    expect(drawn('a ruler')).not.toContain(fe('person-with-crown'));
    expect(subjectOf('a ruler')[0]).toMatch(/ruler/);
  });
});

// Patterns from held-out round 5's sheet (round 5 is a development set since).
describe('composer: the sense the other things named give a word', () => {
  it('"a keyboard and mouse" is a computer mouse; beside a cat or cheese a mouse is the animal', () => {
    expect(drawn('a keyboard and mouse')).toContain(fe('computer-mouse'));
    expect(drawn('a keyboard and mouse')).not.toContain(fe('mouse'));
    expect(subjectOf('a mouse and a laptop')).toEqual(SEEDS.map(() => fe('computer-mouse')));
    expect(drawn('a cat and a mouse')).toContain(fe('mouse'));
    expect(drawn('a mouse eating cheese')).not.toContain(fe('computer-mouse'));
    expect(subjectOf('a bat flying at night')).toEqual(SEEDS.map(() => fe('bat')));
  });

  it('a broader word is drawn only by its own sense: sand is soil ("dirt"), never a turd', () => {
    expect(drawn('a turtle crawling on sand')).not.toContain('game-icons:turd');
    // Sand with no art of its own is refused at no charge rather than drawn as something else.
    expect(refused('a bucket of sand')).toEqual(['sand']);
    expect(subjectOf('a turtle crawling on sand')).toEqual(SEEDS.map(() => fe('turtle')));
  });
});

describe('composer: names written as one word, and people by what they do', () => {
  it('"surfboard" is the surf-board icon; a name that only looks like two words is not split', () => {
    expect(subjectOf('a surfboard')).toEqual(SEEDS.map(() => 'game-icons:surf-board'));
    // A deadhead is no kind of head (WordNet: a passenger who pays nothing): not the skull icon.
    expect(refused('a deadhead')).toEqual(['deadhead']);
  });

  it('a runner, a swimmer and a golfer are people running, swimming and golfing', () => {
    expect(subjectOf('a runner crossing the finish line')).toEqual(SEEDS.map(() => fe('person-running')));
    expect(subjectOf('a swimmer')).toEqual(SEEDS.map(() => fe('person-swimming')));
    expect(subjectOf('a golfer')).toEqual(SEEDS.map(() => fe('person-golfing')));
  });
});

describe('composer: a scene or a feeling named alone is drawn as itself', () => {
  it('"a starry night" is the night sky, its moon or a shooting star, never an owl', () => {
    const arts = drawn('a starry night');
    expect(arts).not.toContain(fe('owl'));
    for (const art of arts)
      expect([fe('night-with-stars'), fe('crescent-moon'), fe('shooting-star')]).toContain(art);
  });

  it('"a surprised face" is a surprised face, not the weary cat CLDR also tags "surprised"', () => {
    expect(subjectOf('a surprised face')).toEqual(SEEDS.map(() => fe('hushed-face')));
    // A cat's surprise is still shown by the cat's own art.
    expect(drawn('a surprised cat face')).toContain(fe('weary-cat'));
  });
});

describe('composer: round 6’s stand-ins are refused at no charge', () => {
  it('a kind of a thing the head word’s art does not show: a glue stick is no wood stick, a cuff no manacles', () => {
    expect(refused('a glue stick')).toEqual(['glue stick']);
    expect(refused('a blood pressure cuff')).toEqual(['blood pressure cuff']);
    expect(refused('a tablet computer')).toEqual(['tablet computer']);
    // The head's own art still draws a kind of it that the art does not contradict.
    expect(subjectOf('a school locker')).toEqual(Array(4).fill('game-icons:lockers'));
    expect(subjectOf('a robot assistant')).toEqual(Array(4).fill(fe('robot')));
  });

  it('a common word is not the famous person of that name: a barber is no composer (Samuel Barber)', () => {
    // (refused until round 26's changes; a barber is a person with scissors)
    expect(drawn('a barber cutting hair')).toEqual(SEEDS.flatMap(() => [fe('person'), fe('scissors')]));
  });

  it('a person is drawn as a broader kind only one step up: a conductor is no painter (the artist emoji)', () => {
    expect(drawn('a conductor with a baton')).not.toContain(fe('artist'));
    expect(subjectOf('a conductor with a baton')).toEqual(Array(4).fill(fe('person')));
    // One step up still draws: a painter is an artist.
    expect(subjectOf('a painter')).toEqual(Array(4).fill(fe('artist')));
  });

  it('what a verb acts on is drawn only when it is a creature: "drinking" brings no cocktail, "fishing" a fish', () => {
    expect(drawn('a bird drinking from a puddle')).toEqual(Array(4).fill(fe('bird')));
    expect(drawn('a man fishing')).toContain(fe('fish'));
  });

  it('a colour’s name used as a thing is that thing: a seashell on the beach is the shell, not a bare beach', () => {
    // (It was refused until the seashell had art: the spiral shell, see "an animal’s part".)
    expect(subjectOf('a seashell on the beach')).toEqual(Array(4).fill(fe('spiral-shell')));
    expect(plan('a seashell pink bag').colour).not.toBeNull();
  });
});

describe('composer: round 6’s names with art under another name', () => {
  it('an art set’s name said with a synonym of its last word: a paper airplane is the paper plane icon', () => {
    expect(subjectOf('a paper airplane')).toEqual(Array(4).fill('game-icons:paper-plane'));
  });

  it('a game’s gear is the game’s emoji when CLDR tags it with the gear, never another kind of it', () => {
    expect(subjectOf('a ping pong paddle')).toEqual(Array(4).fill(fe('ping-pong')));
    expect(drawn('a ping pong paddle')).not.toContain('game-icons:paddles');
  });

  it('a kind of a thing whose emoji are all its siblings is drawn by the icon of the thing itself', () => {
    expect(subjectOf('a garbage truck')).toEqual(Array(4).fill('game-icons:truck'));
    expect(plan('a garbage truck').subjects[0].word).toBe('garbage truck');
  });

  it('a group word after things counts them: a grapes bunch is grapes, a tree branch no tree', () => {
    expect(drawn('a purple grapes bunch')).toEqual(Array(4).fill(fe('grapes')));
    expect(subjectOf('a tree branch')).toEqual(Array(4).fill('game-icons:tree-branch'));
  });
});

describe('composer: a made thing an emoji shows under another name', () => {
  it('an emoji whose keywords say the name’s words and its head: a frying pan is the cooking emoji', () => {
    expect(subjectOf('a frying pan')).toEqual(Array(4).fill(fe('cooking')));
    // (Since the sets have a monitor icon, a computer monitor is that monitor, no whole computer.)
    expect(subjectOf('a computer monitor')).toEqual(Array(4).fill('mdi:monitor'));
  });

  it('never a sibling whose keywords say the words: a music box is no accordion', () => {
    expect(refused('a music box')).toEqual(['music box']);
  });
});

describe('composer: art named after a word is not that word’s thing', () => {
  it('an emoji whose name starts with the word shows it only when it holds it: honey pot yes, lab coat no', () => {
    expect(subjectOf('honey')).toEqual(Array(4).fill(fe('honey-pot')));
    expect(drawn('a glass of wine')).toEqual(Array(4).fill(fe('wine-glass')));
    expect(refused('an office')).toEqual(['office']);
    expect(refused('a kitchen')).toEqual(['kitchen']);
    expect(refused('a lab')).toEqual(['lab']);
  });

  it('a piece of a thing is the thing: a bar of soap is soap, not a bar', () => {
    expect(drawn('a bar of soap')).toEqual(Array(4).fill(fe('soap')));
  });

  it('an idiom the dictionary knows with "of" is read as an amount and a thing: a cup of tea is tea', () => {
    expect(subjectOf('a cup of tea')).toEqual(Array(4).fill(fe('hot-beverage')));
  });

  it('a name of dictionary words with no art is named whole when refused', () => {
    expect(refused('a cough syrup')).toEqual(['cough syrup']);
  });
});

describe('composer: an emoji named as an amount of the thing', () => {
  it('corn is the ear of corn, not the popcorn whose name holds the word; milk a glass of milk', () => {
    expect(subjectOf('a field of corn')).toEqual(Array(4).fill(fe('ear-of-corn')));
    expect(subjectOf('fresh milk')).toEqual(Array(4).fill(fe('glass-of-milk')));
  });
});

describe('composer: a person named after a thing is drawn with it', () => {
  it('a drummer is a person with a drum, a violinist with a violin (WordNet’s derivations)', () => {
    for (const seed of SEEDS) {
      const p = plan('a drummer', seed);
      expect(p.subject.id).toBe(fe('person'));
      expect(p.partner).toMatchObject({ art: { id: fe('drum') }, relation: 'holding' });
    }
    expect(drawn('a violinist')).toContain(fe('violin'));
  });

  it('one who rides the thing rides it: a trucker in a truck, a canoeist in a canoe', () => {
    expect(plan('a trucker').partner?.relation).toBe('riding');
    expect(plan('a canoeist').partner).toMatchObject({ art: { id: fe('canoe') }, relation: 'riding' });
  });

  it('only a thing the definition names and its verb is done with: a sentry is no wristwatch', () => {
    expect(refused('a sentry')).toEqual(['sentry']);
    expect(refused('a scammer')).toEqual(['scammer']);
  });
});

describe('composer: a broad word’s kinds are the kinds it names', () => {
  const kindsOf = (word: string) => {
    const lexicon = getLexicon();
    return lexicon.words.get(word)?.arts.map((a) => lexicon.arts[a].id) ?? [];
  };

  it('an insect is never the peacock (WordNet lists the peacock butterfly first; the emoji is the bird)', () => {
    expect(kindsOf('insect')).toContain(fe('butterfly'));
    expect(kindsOf('insect')).not.toContain(fe('peacock'));
    expect(kindsOf('clothing')).not.toContain(fe('turtle'));
  });
});

describe('composer: a person is never an animal that shares a word with them', () => {
  it('a hulk is no whale and a bum no skunk (synonyms only in WordNet’s sense of a person)', () => {
    expect(refused('a hulk')).toEqual(['hulk']);
    expect(refused('a bum')).toEqual(['bum']);
  });
});

describe('composer: round 7’s wrong senses and stand-ins', () => {
  it('a thing that acts is the creature: "a beaver building a dam" is no top hat (WordNet’s first beaver)', () => {
    expect(subjectOf('a beaver building a dam')).toEqual(Array(4).fill(fe('beaver')));
    // Among made things with no action, a mouse is still the computer mouse.
    expect(drawn('a keyboard and mouse')).toContain(fe('computer-mouse'));
  });

  it('a word that also names a young animal or a body is never drawn as a man or a woman', () => {
    expect(refused('a mummy')).toEqual(['mummy']);
    expect(drawn('a lion and a cub')).not.toContain(fe('man'));
    // A word that names only people still is: a mom is a woman.
    expect(subjectOf('a mom')).toEqual(Array(4).fill(fe('woman')));
  });

  it('a person is never the thing a word before them draws: a delivery driver is no delivery truck', () => {
    expect(refused('a delivery driver with boxes')).toEqual(['delivery driver']);
    // A thing drawn by its own name before a person of no art: the person with it.
    for (const seed of SEEDS) {
      const p = plan('a bus driver', seed);
      expect(p.subject.id).toBe(fe('person'));
      expect(p.partner).toMatchObject({ art: { id: fe('bus') }, relation: 'riding' });
    }
  });

  it('a sign is drawn only for its own name: a report card is no information sign', () => {
    expect(refused('a report card')).toEqual(['report card']);
    expect(subjectOf('a stop sign')).toEqual(Array(4).fill(fe('stop-sign')));
  });

  it('a refusal names the words, not the articles', () => {
    expect(refused('a mardi gras mask')).not.toContain('a');
  });
});

describe('composer: a pronoun says who the person is', () => {
  it('"a student raising her hand" is a woman student, "a teacher with his book" a man teacher', () => {
    expect(subjectOf('a student raising her hand')).toEqual(Array(4).fill(fe('woman-student')));
    expect(subjectOf('a teacher with his book')).toEqual(Array(4).fill(fe('man-teacher')));
    // No pronoun: the person of any sex, as before.
    expect(subjectOf('a student')).toEqual(Array(4).fill(fe('student')));
  });
});

describe('composer: verbs in -ying', () => {
  it('"tying" is to tie: "a runner tying her shoes" is a woman running, not a refused "runner tying"', () => {
    expect(subjectOf('a runner tying her shoes')).toEqual(Array(4).fill(fe('woman-running')));
  });
});

describe('composer: an animal’s own parts', () => {
  it('a paw, a beak or wings are the creature’s own, not a second picture ("a cat licking her paw")', () => {
    expect(drawn('a cat licking her paw')).toEqual(Array(4).fill(fe('cat')));
    expect(drawn('a fairy with wings')).not.toContain(fe('wing'));
    // An egg is no part: "a chicken and an egg" is two things.
    expect(drawn('a chicken and an egg')).toContain(fe('egg'));
  });
});

describe('composer: round 8’s two-word names drawn as another thing', () => {
  it('a name the sets do not draw is drawn by its head’s own art or refused, never another thing', () => {
    // (a spelling test is the memo, a page and a pencil, since round 27)
    expect(refused('a phone charger')).toEqual(['phone charger']);
    expect(refused('a virtual reality headset')).toEqual(['virtual reality headset']);
    expect(refused("a doctor's bag")).toEqual(['doctor bag']);
    // The head's art names another kind of it: a baseball ("billed") cap is no nurse's cap.
    expect(refused("a nurse's cap")).toEqual(['nurse cap']);
  });

  it('an act after a thing drawn by its own name is what it does: a karate kick, an avocado cut in half', () => {
    expect(subjectOf('a karate kick')).toEqual(Array(4).fill('mdi:karate'));
    expect(subjectOf('an avocado cut in half')).toEqual(Array(4).fill(fe('avocado')));
  });

  it('a creature drawn by a broader word’s emoji is drawn beside the subject: a girl with a puppy', () => {
    expect(drawn('a girl with a puppy')).toContain(fe('dog-face'));
    // Still not a being CLDR only tags with the word: a puck is no fairy.
    expect(drawn('a hockey stick and a puck')).not.toContain(fe('man-fairy'));
  });
});

describe('composer: round 9’s wrong pictures', () => {
  it('a synonym’s emoji that its keywords show in another sense is refused: a popsicle is no lollipop', () => {
    // WordNet's first "lollipop" is an ice lolly; the emoji is tagged "candy", its second sense.
    expect(refused('a popsicle')).toEqual(['popsicle']);
  });

  it('a two-word name is drawn through its head only in the sense it is a kind of', () => {
    // A medicine cabinet is a cabinet of furniture; the lockers icon is WordNet's other cabinet.
    expect(refused('a medicine cabinet')).toEqual(['medicine cabinet']);
    // The punch icon is the blow (a fist); fruit punch is a drink.
    expect(refused('a glass of fruit punch')).toEqual(['fruit punch']);
    // A movie star is a person, not the star in the sky.
    expect(refused('a movie star')).toEqual(['movie star']);
  });

  it('a closed compound written open is the same thing: an eye patch is the eyepatch, not an eye', () => {
    expect(subjectOf('an eye patch')).toEqual(Array(4).fill('game-icons:eyepatch'));
    // Not two words that only spell a longer one: a rebel lion is a lion, not a rebellion.
    expect(subjectOf('a rebel lion')[0]).toBe(fe('lion'));
  });

  it('a shape of a thing is the thing: a ball of yarn is yarn, never a soccer ball beside it', () => {
    const art = drawn('a cat and a ball of yarn');
    expect(art).toContain(fe('yarn'));
    expect(art).not.toContain(fe('soccer-ball'));
    expect(drawn('a ring of fire')).toEqual(Array(4).fill(fe('fire')));
  });
});

describe('composer: a thing’s part, a person’s sibling and a made thing’s icon', () => {
  it('a body’s part after a made thing is the thing’s part: a robot arm is no human arm', () => {
    expect(refused('a robot arm')).toEqual(['robot arm']);
    // A creature's own part is still its own (no second picture): see "an animal's own parts".
    expect(subjectOf('a cat licking her paw')).toEqual(Array(4).fill(fe('cat')));
  });

  it('a two-word name is no sibling kind of its head: a dollar sign is neither the male nor the female sign', () => {
    expect(refused('a dollar sign')).toEqual(['dollar sign']);
    expect(refused('a clock face')).toEqual(['clock face']);
  });

  it('a person named by a thing before them is never the thing alone: a dog walker is no dog', () => {
    expect(refused('a dog walker')).toEqual(['dog walker']);
  });

  it('an icon filed only under tools is no food of its name: a walnut is no hex nut', () => {
    expect(drawn('a walnut')).not.toContain('mdi:nut');
    expect(drawn('a walnut')).not.toContain('game-icons:hexagonal-nut');
  });
});

describe('composer: round 10’s patterns', () => {
  it('on, over or by the sea is the seaside, not under the water; in the sea is under it', () => {
    expect(plan('a sunset over the sea').scene).toBe('beach');
    expect(plan('a boat on the ocean').scene).toBe('beach');
    expect(plan('a fish in the sea').scene).toBe('underwater');
  });

  it('a scene word beats a loose match beside it only for an act: a sea monster is no turtle', () => {
    const art = drawn('a sea monster');
    expect(art).toContain('game-icons:fish-monster');
    expect(art).not.toContain(fe('turtle'));
    // "space exploration" is still drawn by its scene (an act beside a scene word).
    expect(plan('space exploration').scene).toBe('space');
  });

  it('a feeling CLDR tags under another word is shown: a grumpy old man is angry, a silly monkey goofy', () => {
    markedWithNoSecondFace('a grumpy old man', 'anger-symbol');
    markedWithNoSecondFace('a grumpy cat', 'anger-symbol');
    for (const seed of SEEDS)
      expect(plan('a silly monkey', seed).mark?.id).toBe(fe('winking-face-with-tongue'));
  });

  it('weather CLDR tags on an emoji drawn of weather: a thunderstorm is the cloud with lightning and rain', () => {
    expect(subjectOf('a thunderstorm')).toEqual(Array(4).fill(fe('cloud-with-lightning-and-rain')));
  });
});

describe('composer: round 11’s wrong pictures', () => {
  it('no rude gesture is ever drawn: a finger is never the middle finger', () => {
    // (drawn with other art, or refused at no charge: Game Icons' "smoking finger" is no longer
    // a finger's part match)
    const drawnOrRefused = (prompt: string) => {
      try {
        return drawn(prompt);
      } catch (error) {
        if (error instanceof ComposerMiss) return [];
        throw error;
      }
    };
    for (const prompt of ['a finger', 'a bandaged finger', 'a pointing finger'])
      expect(drawnOrRefused(prompt)).not.toContain(fe('middle-finger'));
    expect(getLexicon().artById.has(fe('middle-finger'))).toBe(false);
  });

  it('a plural in -ies is read as the -ie word first: cookies are cookies, not a camp cook', () => {
    expect(subjectOf('a plate of cookies')).toEqual(Array(4).fill(fe('cookie')));
    expect(drawn('cookies')).not.toContain(fe('cook'));
    // ...and as the -y word when that is the word: puppies are puppies.
    expect(subjectOf('two puppies')[0]).toBe(fe('dog-face'));
  });

  it('a name after an adjective that is another thing than its loosely drawn noun is that thing', () => {
    // Hot chocolate is a hot drink; the bare "chocolate" reaches the cookie only by a CLDR tag.
    expect(subjectOf('a cup of hot chocolate')).toEqual(Array(4).fill(fe('hot-beverage')));
    expect(subjectOf('a black widow')).toEqual(Array(4).fill(fe('spider')));
    // A noun drawn by its own name keeps it: a little girl is a girl, a red fox a fox.
    expect(subjectOf('a little girl')[0]).toBe(fe('girl'));
    expect(subjectOf('a red fox')[0]).toBe(fe('fox'));
  });

  it('paper is not the roll CLDR tags "toilet", the newspaper of another sense, nor a hand', () => {
    // game-icons' "paper" is the open hand of rock, paper, scissors: never drawn for paper.
    const art = drawn('a pencil and paper');
    expect(art).toContain(fe('pencil'));
    for (const other of [fe('roll-of-paper'), fe('newspaper'), 'game-icons:paper'])
      expect(art).not.toContain(other);
    expect(getLexicon().artById.has('game-icons:paper')).toBe(false);
  });

  it('a made thing is never drawn as its material: a baseball card is no sheet of paper, aspirin no salt', () => {
    expect(refused('a baseball card')).toEqual(['baseball card']);
    expect(drawn('an aspirin')).not.toContain(fe('salt'));
  });

  it('a head’s art named by any word the prompt does not say is another kind: a satellite dish is no petri dish', () => {
    expect(refused('a satellite dish')).toEqual(['satellite dish']);
  });
});

describe('composer: round 12’s patterns', () => {
  it('an animal put on, in or under a thing stays the animal: a bird on a fence is no shuttlecock', () => {
    expect(subjectOf('a bird on a fence')).toEqual(Array(4).fill(fe('bird')));
    expect(subjectOf('a bird in a cage')).toEqual(Array(4).fill(fe('bird')));
    // Beside other things, the made thing of that name: a keyboard and mouse, a baseball and bat.
    expect(drawn('a keyboard and mouse')).toContain(fe('computer-mouse'));
    expect(drawn('a baseball and bat')).not.toContain(fe('bat'));
  });

  it('a word joined to "shaped" or to a verb in -ing describes the next noun: no heart, no flame', () => {
    expect(drawn('a heart-shaped box').some((a) => a.includes('heart'))).toBe(false);
    expect(subjectOf('a fire-breathing dragon')).toEqual(Array(4).fill(fe('dragon')));
    expect(drawn('a fire-breathing dragon')).not.toContain(fe('fire'));
    // Other hyphenated words are read as before.
    expect(subjectOf('a four-leaf clover')[0]).toBe(fe('four-leaf-clover'));
  });

  it('climbing a thing is being on it: the tree is drawn large under the cat, not a corner picture', () => {
    for (const seed of SEEDS) expect(plan('a cat climbing a tree', seed).partner?.relation).toBe('on');
  });

  it('of a few emoji CLDR tags with a word, one whose name says it comes first: chocolate is the chocolate bar', () => {
    expect(subjectOf('a box of chocolates')).toEqual(Array(4).fill(fe('chocolate-bar')));
  });
});

describe('composer: round 13’s patterns', () => {
  it('a verb never brings the person who does it: "a dragon guarding treasure" has no palace guard', () => {
    expect(drawn('a dragon guarding treasure')).not.toContain(fe('guard'));
    // A creature the verb names still comes: a bear fishing has a fish.
    expect(drawn('a bear fishing')).toContain(fe('fish'));
  });

  it('two words written apart that make one drawn by its own name are that thing: a smart phone', () => {
    expect(subjectOf('a smart phone')).toEqual(Array(4).fill('game-icons:smartphone'));
    expect(subjectOf('a yellow taxi cab')[0]).toBe(fe('taxi'));
    // Not after a colour: a green house is a house, not a greenhouse.
    expect(subjectOf('a green house')[0]).toBe(fe('house'));
  });
});

describe('composer: round 14’s patterns', () => {
  it('a name after a colour word drawn by its head’s own icon is that thing: a chocolate cake is the cake icon', () => {
    // (A slice of it is the shortcake, a slice of cake: see "a piece of a food".)
    expect(subjectOf('a chocolate cake')).toEqual(Array(4).fill('mdi:cake'));
    // A noun drawn by its own name keeps it: a red fox is the fox emoji.
    expect(subjectOf('a red fox')[0]).toBe(fe('fox'));
  });

  it('a word the tagger reads as a noun before a name with art is no adjective: chicken soup is soup, no chicken', () => {
    expect(subjectOf('a bowl of chicken soup')).toEqual(Array(4).fill(fe('pot-of-food')));
    expect(drawn('chicken soup')).not.toContain(fe('chicken'));
  });

  it('a food CLDR tags with the head of an unknown name is that food: tomato soup is the pot of food', () => {
    expect(subjectOf('a bowl of tomato soup')).toEqual(Array(4).fill(fe('pot-of-food')));
    // Not a thing that is no food: a phone charger is still refused.
    expect(refused('a phone charger')).toEqual(['phone charger']);
  });
});

describe('composer: round 15’s plain words refused', () => {
  it('a word WordNet files under people first and animals next is the animal CLDR tags with it: a bunny', () => {
    expect(subjectOf('a bunny with easter eggs')).toEqual(Array(4).fill(fe('rabbit')));
    // Not when no emoji of an animal is tagged with it: a redhead is no duck.
    expect(drawn('a redhead with a hat')).not.toContain(fe('duck'));
  });

  it('an emoji whose name and keywords say every word of a name is that thing: a baseball cap', () => {
    expect(subjectOf('a baseball cap')).toEqual(Array(4).fill(fe('billed-cap')));
  });

  it('a verb in -ing after a noun is what it does, not a name it starts: a bird drinking water', () => {
    expect(subjectOf('a bird drinking water')).toEqual(Array(4).fill(fe('bird')));
  });

  it('a span ending in a preposition is no name: a phone in a hand has no "phone-in"', () => {
    expect(subjectOf('a phone in a hand')[0]).toBe(fe('mobile-phone'));
  });
});

describe('composer: round 17’s patterns', () => {
  it('an emoji named by a compound of a word is no match unless it is a kind of the word’s main sense', () => {
    // A skateboard is one kind of board, not the board a teacher points at; a toothbrush no brush.
    expect(drawn('a teacher pointing at a board')).not.toContain(fe('skateboard'));
    expect(drawn('a painter with a brush')).not.toContain(fe('toothbrush'));
    // A honeybee is a bee, a strawberry a berry.
    expect(subjectOf('a bee on a flower')).toEqual(Array(4).fill(fe('honeybee')));
    expect(subjectOf('some berries')).toEqual(Array(4).fill(fe('strawberry')));
    // (a bowl of them is Game Icons' berries bowl, the art named for both)
    expect(subjectOf('a bowl of berries')).toEqual(Array(4).fill('game-icons:berries-bowl'));
  });

  it('the card suit icon is no club: a golfer’s club is never the clubs suit', () => {
    expect(drawn('a golfer with a club')).not.toContain('game-icons:clubs');
    expect(getLexicon().words.get('golf club')).toBeUndefined();
  });

  it('an icon whose name is short for the thing’s is that thing: an ironing board, no board of iron', () => {
    expect(subjectOf('an ironing board')).toEqual(Array(4).fill('mdi:iron-board'));
    expect(drawn('a man with a board')).not.toContain('mdi:iron-board');
  });

  it('a body part given "with" is the subject’s own, not a second picture; a bone is a thing', () => {
    expect(drawn('a snowman with a carrot nose')).toEqual(Array(4).fill(fe('snowman')));
    expect(drawn('a robot with big eyes')).not.toContain(fe('eye'));
    expect(drawn('a dog with a bone')).toContain(fe('bone'));
    expect(drawn('a toothbrush and a tooth')).toContain(fe('tooth'));
  });

  it('of the synonyms WordNet gives a word, the one CLDR tags with the word is its everyday sense: a bike', () => {
    expect(drawn('a boy and a bike')).toContain(fe('bicycle'));
    expect(drawn('a boy and a bike')).not.toContain(fe('motorcycle'));
  });

  it('an animal’s young is a small one of it, never a human baby', () => {
    for (const seed of SEEDS) {
      const p = plan('a kangaroo with a baby', seed);
      expect(p.subjects.map((s) => s.art)).toEqual([fe('kangaroo'), fe('kangaroo')]);
      expect(p.subjects[1].word).toBe('baby');
      expect(p.accents.map((a) => a.id)).toEqual([fe('kangaroo')]);
    }
    // A young of no art of its own is no longer left out.
    expect(drawn('a horse and a foal')).toEqual(Array(8).fill(fe('horse')));
    // A person's baby is a baby.
    expect(drawn('a mom and a baby')).toContain(fe('baby'));
  });

  it('a food before an animal’s name that also names a food is that food: a corn dog is no dog', () => {
    // Round 19 drew the animal for "a corn dog", and charged for it.
    for (const seed of SEEDS) {
      const p = plan('a corn dog', seed);
      expect(p.subject.id).toBe(fe('hot-dog'));
      expect(p.subjects[0]).toMatchObject({ word: 'corn dog', label: 'hot dog' });
    }
    expect(drawn('a corn dog and fries')).not.toContain(fe('dog'));
    // A dog with corn is still a dog.
    expect(subjectOf('a dog eating corn')).toEqual(SEEDS.map(() => fe('dog')));
    expect(subjectOf('a sausage dog')).toEqual(SEEDS.map(() => fe('dog')));
  });

  it('a word of no art after a thing is the thing’s kind the sets draw: a basketball and a hoop', () => {
    // Round 19 dropped the hoop.
    for (const prompt of ['a basketball and a hoop', 'a basketball and hoop'])
      expect(drawn(prompt)).toContain('mdi:basketball-hoop');
    expect(drawn('a tennis ball and a racket')).toContain('game-icons:tennis-racket');
    // A second thing with art of its own stays itself.
    expect(drawn('a fire truck and a house')).toContain(fe('house'));
  });

  it('the same after a word of place, and for a word drawn by another kind of it: a basketball in a hoop', () => {
    // Round 23: the hoop was dropped, and a football's helmet was the military helmet.
    for (const seed of SEEDS) {
      const p = plan('a basketball in a hoop', seed);
      expect(p.partner).toMatchObject({ art: { id: 'mdi:basketball-hoop' }, relation: 'in' });
    }
    expect(drawn('a football and a helmet')).toContain('mdi:football-helmet');
    expect(drawn('a football and a helmet')).not.toContain(fe('military-helmet'));
    // A word drawn by its own name stays itself: a sun and a cloud are no sun behind a cloud.
    expect(drawn('a sun and a cloud')).toContain(fe('cloud'));
    // A creature lends no kind: a cat in a house is in a house.
    expect(drawn('a cat in a house')).toContain(fe('house'));
  });

  it('devices are drawn by their own icons; an animal or a person is never a made thing of its name', () => {
    // Round 19 dropped the monitor; a headset was a telephone receiver since round 12.
    expect(drawn('a keyboard and a monitor')).toContain('mdi:monitor');
    expect(subjectOf('a headset')).toEqual(SEEDS.map(() => 'mdi:headset'));
    // The headset icon is headphones: one kind, never a kind a longer name says.
    expect(refused('a virtual reality headset')).toEqual(['virtual reality headset']);
    expect(drawn('a boy with a headset')).not.toContain(fe('telephone-receiver'));
    const lexicon = getLexicon();
    const artOf = (word: string) => lexicon.words.get(word)?.arts.map((a) => lexicon.arts[a].id);
    // A monitor lizard is no screen, a skate (the fish) no ice skate, a drum fish no drum, a kite
    // (the bird) no toy kite, a land rail (the bird) no tram; an accountant no game controller.
    expect(artOf('african monitor')).not.toContain('mdi:monitor');
    for (const [word, thing] of [
      ['thorny skate', 'mdi:skate'],
      ['red drum', fe('drum')],
      ['white tailed kite', fe('kite')],
      ['land rail', fe('light-rail')],
      ['accountant', 'mdi:controller'],
    ])
      expect(artOf(word) ?? []).not.toContain(thing);
  });

  it('everyday things Material Design files under no category are drawn: an eraser, a knife, wifi', () => {
    // Round 19 dropped the eraser and the knife ("a knife" alone was a bone knife).
    expect(drawn('a ruler and an eraser')).toContain('mdi:eraser');
    expect(drawn('a watermelon and a knife')).toContain('mdi:knife');
    expect(subjectOf('a knife')).toEqual(SEEDS.map(() => 'mdi:knife'));
    expect(subjectOf('a wifi icon')).toEqual(SEEDS.map(() => 'mdi:wifi'));
    // Never a pillar of Islam drawn as a column.
    expect(
      getLexicon()
        .words.get('hajj')
        ?.arts.map((a) => getLexicon().arts[a].id) ?? [],
    ).not.toContain('mdi:pillar');
  });

  it('a made thing’s plain icon beats the one emoji of a kind of it: a fish in a bowl, a cactus in a pot', () => {
    // A steaming bowl of noodles and a honey pot were drawn (round 3 judged the fish's soup bowl partly).
    // (A fish's bowl is the fishbowl, named for it, since round 26's changes; a frog's the plain bowl.)
    expect(drawn('a fish in a bowl')).toContain('mdi:fishbowl');
    expect(drawn('a frog in a bowl')).toContain('mdi:bowl');
    expect(drawn('a fish in a bowl')).not.toContain(fe('steaming-bowl'));
    expect(drawn('a cactus in a pot')).toContain('mdi:pot');
    expect(drawn('a cactus in a pot')).not.toContain(fe('honey-pot'));
    // Food in them is still the food.
    expect(subjectOf('a bowl of soup')).toEqual(SEEDS.map(() => fe('pot-of-food')));
  });

  it('a robot made like an animal is neither the robot nor the animal: refused at no charge', () => {
    expect(refused('a robot dog')).toEqual(['robot dog']);
    expect(subjectOf('a robot assistant')).toEqual(SEEDS.map(() => fe('robot')));
    expect(drawn('a robot and a dog')).toEqual(expect.arrayContaining([fe('robot'), fe('dog')]));
  });

  it('an icon whose name holds a word is that word’s thing only for a thing one draws, in no state of its own', () => {
    const lexicon = getLexicon();
    const artOf = (word: string) => lexicon.words.get(word)?.arts.map((a) => lexicon.arts[a].id) ?? [];
    // Love was Game Icons' "evil love", time "solar time", a head a "dead head", a fork an "evil fork".
    for (const [word, icon] of [
      ['love', 'game-icons:evil-love'],
      ['time', 'game-icons:solar-time'],
      ['head', 'game-icons:dead-head'],
      ['fork', 'game-icons:evil-fork'],
      ['glass', 'game-icons:cracked-glass'],
      ['test', 'game-icons:hypodermic-test'],
    ])
      expect(artOf(word)).not.toContain(icon);
    // A thing drawn by its kind's icon still is: a tower is the clock tower, a saber a sword.
    expect(artOf('tower')).toEqual(['game-icons:clock-tower']);
  });

  it('round 20’s refusals of things the sets draw: a motorcycle on the road, a bowling ball', () => {
    // WordNet's "on the road" (on tour) swallowed the place: a name never starts with a preposition.
    expect(drawn('a motorcycle on the road')).toEqual(
      expect.arrayContaining([fe('motorcycle'), 'game-icons:road']),
    );
    // An emoji that says every word of the name beats another kind of its head (a soccer ball).
    expect(subjectOf('a bowling ball and pins')).toEqual(SEEDS.map(() => fe('bowling')));
    expect(subjectOf('a rugby ball')).toEqual(SEEDS.map(() => fe('rugby-football')));
    // The head's own picture stays: a computer monitor is the monitor.
    expect(subjectOf('a computer monitor')).toEqual(SEEDS.map(() => 'mdi:monitor'));
  });

  it('a plural the tagger reads as a verb after a verb in -ing is what is done to: a boy playing drums', () => {
    // Round 20 drew the boy alone.
    expect(drawn('a boy playing drums')).toContain(fe('drum'));
    expect(drawn('a girl eating cookies')).toContain(fe('cookie'));
    // A verb after a verb is still a verb: a dog runs and jumps.
    expect(drawn('a dog runs and jumps')).toEqual(SEEDS.map(() => fe('dog')));
  });

  it('a person doing a thing the prompt names nothing for holds what it is done with', () => {
    // Round 20: "a kid reading on a bench" was the child alone.
    expect(drawn('a kid reading on a bench')).toContain(fe('open-book'));
    expect(drawn('a girl singing')).toContain(fe('microphone'));
    // The thing the prompt names comes first: a girl reading a book holds the book.
    expect(drawn('a girl reading a book')).not.toContain(fe('open-book'));
    // Only people: a dog reading is a dog.
    expect(drawn('a dog reading')).toEqual(SEEDS.map(() => fe('dog')));
  });

  it('a few more words of plain feelings show them: a frightened mouse', () => {
    // Round 20 drew the mouse with no fright.
    expect(plan('a frightened mouse').mark?.id).toBe(plan('a scared mouse').mark?.id);
    expect(plan('a frightened mouse').mark).not.toBeNull();
    expect(plan('a furious bull').mark?.id).toBe(fe('anger-symbol'));
    // A colour or a state of a thing is no feeling: a dead tree, a black cat.
    expect(plan('a dead tree').mark).toBeNull();
    expect(plan('a black cat').mark).toBeNull();
  });

  it('a ball after a game’s thing is that game’s ball: a baseball bat and a ball', () => {
    // Round 20 drew a soccer ball beside the baseball bat.
    expect(drawn('a baseball bat and a ball')).toContain(fe('baseball'));
    expect(drawn('a baseball bat and a ball')).not.toContain(fe('soccer-ball'));
    expect(drawn('a tennis racket and a ball')).toContain('game-icons:tennis-ball');
    // Two things of their own stay apart.
    expect(drawn('a sun and a cloud')).toContain(fe('cloud'));
    expect(drawn('a fire truck and a house')).toContain(fe('house'));
  });

  it('what an -ing word does to a thing is done with the tool both name: a toothbrush, a hand wash', () => {
    // Round 20 drew the girl and the boy alone.
    expect(drawn('a girl brushing her teeth')).toContain(fe('toothbrush'));
    expect(drawn('a boy washing his hands')).toContain('mdi:hand-wash');
    // Not the verb's own word: an eagle catching a fish holds a fish.
    expect(drawn('an eagle catching a fish')).toContain(fe('fish'));
  });

  it('a verb in -s after "a" and one thing says what it does: a dog runs (no running man)', () => {
    // "a dog runs" drew Game Icons' "run", a running man; "a cat jumps" was refused.
    for (const [prompt, animal] of [
      ['a dog runs', 'dog'],
      ['a cat jumps', 'cat'],
      ['a bird flies', 'bird'],
    ]) {
      expect(subjectOf(prompt)).toEqual(SEEDS.map(() => fe(animal)));
      expect(plan(prompt).motion).not.toBeNull();
    }
    // A name whose last word is also a verb stays a name: a city bus.
    expect(subjectOf('a city bus')).toEqual(SEEDS.map(() => fe('bus')));
  });

  it('Game Icons’ "up card" (an arrow up a pyramid) is no card, its "share" (an app’s button) no share', () => {
    for (const word of ['cut', 'mortgage', 'stake']) expect(getLexicon().words.get(word)).toBeUndefined();
    // (a card was Game Icons' key card until round 30 judged a valentine's card drawn by it wrong:
    // refused now, and a valentine's card is the love letter)
    expect(refused('a card')).toEqual(['card']);
  });

  it('beside a thing of nature an animal’s name is the animal: a bat and a moon', () => {
    expect(drawn('a bat and a moon')).toContain(fe('bat'));
    expect(drawn('a bat and a moon')).not.toContain('game-icons:cricket-bat');
    // Beside a made thing it is the made thing, as before (beside a baseball, since round 25, the
    // baseball bat).
    expect(drawn('a keyboard and a mouse')).toContain(fe('computer-mouse'));
    expect(drawn('a baseball and a bat')).toContain('game-icons:baseball-bat');
  });

  it('a player holds the game’s things: a baseball player’s bat is no flying bat, a cricket player no insect', () => {
    expect(drawn('a baseball player swinging a bat')).not.toContain(fe('bat'));
    // (the baseball bat since round 31, which judged the cricket bat of the word alone partly)
    expect(drawn('a baseball player swinging a bat')).toContain('game-icons:baseball-bat');
    expect(drawn('a cricket player')).not.toContain(fe('cricket'));
    expect(drawn('a cricket player')).toContain(fe('cricket-game'));
    // Beside a child, a bat is still the animal (nothing says which).
    expect(drawn('a boy with a bat')).toContain(fe('bat'));
  });

  it('a valentine heart is the red heart; soda is a soft drink, never table salt', () => {
    expect(subjectOf('a valentine heart')).toEqual(SEEDS.map(() => fe('red-heart')));
    expect(subjectOf('a can of soda')).toEqual(SEEDS.map(() => fe('cup-with-straw')));
    expect(drawn('a can of soda')).not.toContain(fe('salt'));
  });

  it('an ingredient is no dish made with it: sugar is no cupcake, peanut butter no butter', () => {
    expect(refused('a bag of sugar')).toEqual(['sugar']);
    // A dictionary name of a food is that food, not its last word described by the first.
    expect(refused('a jar of peanut butter')).toEqual(['peanut butter']);
    expect(subjectOf('a gold coin')).toEqual(SEEDS.map(() => fe('coin')));
    // A food CLDR tags with a word of its own kind still is: toast is bread.
    expect(subjectOf('toast')).toEqual(SEEDS.map(() => fe('bread')));
  });

  it('a rare person word that also names a thing is no plain person: a blimp, macaroni', () => {
    // A person was drawn for "a blimp" (WordNet's first blimp is Colonel Blimp).
    expect(refused('a blimp')).toEqual(['blimp']);
    expect(
      getLexicon()
        .words.get('macaroni')
        ?.arts.map((a) => getLexicon().arts[a].id) ?? [],
    ).not.toContain(fe('man'));
    // A person word of no art is still a person with what the prompt gives them.
    expect(drawn('a gardener with a watering can')).toContain(fe('person'));
  });

  it('a thing "with a smile" smiles: a cartoon face on it, no second picture', () => {
    // Round 19 drew "a computer with a smile" with no smile.
    for (const seed of SEEDS) {
      const p = plan('a computer with a smile', seed);
      expect(p.face).toBe(true);
      expect(p.subjects.map((s) => s.art)).toEqual([fe('desktop-computer')]);
    }
    // A being has a face of its own.
    expect(plan('a girl with a smile').face).toBe(false);
  });

  it('a thing given to someone is theirs: the pirate flag, the chef hat; a genie’s lamp is the magic lamp', () => {
    // Round 19 (and round 10 before it) drew a table lamp beside the genie.
    for (const prompt of ['a genie with a lamp', 'a genie coming out of a lamp']) {
      expect(drawn(prompt)).toContain('game-icons:magic-lamp');
      expect(drawn(prompt)).not.toContain('mdi:lamp');
    }
    expect(drawn('a pirate with a flag')).toContain(fe('pirate-flag'));
    expect(drawn('a pirate with a flag')).not.toContain(fe('white-flag'));
    expect(drawn('a chef with a hat')).toContain('mdi:chef-hat');
    expect(drawn('a chef with a hat')).not.toContain(fe('top-hat'));
    expect(drawn('a dog with a house')).toContain('game-icons:dog-house');
    // Not a plant named by both words, not a second bicycle, not a fairy's own wings.
    expect(drawn('a sun with a flower')).not.toContain(fe('sunflower'));
    expect(drawn('a bicycle with a basket')).not.toContain('mdi:bicycle-basket');
    expect(drawn('a fairy with wings')).not.toContain('game-icons:fairy-wings');
    // A lamp of nobody's is the lamp.
    expect(drawn('a girl with a lamp')).toContain('mdi:lamp');
  });

  it('an animal’s young alone is the animal its definition names, as a puppy is a dog', () => {
    // Round 19 refused "a little white lamb".
    for (const seed of SEEDS) {
      const p = plan('a little white lamb', seed);
      expect(p.subject.id).toBe('game-icons:sheep');
      expect(p.subjects[0]).toMatchObject({ word: 'lamb', label: 'sheep' });
      expect(p.scale).toBeLessThan(1);
    }
    expect(subjectOf('a piglet')).toEqual(SEEDS.map(() => fe('pig')));
    // A young horse of either sex is a horse, never the male or the female sign.
    expect(subjectOf('a colt')).toEqual(SEEDS.map(() => fe('horse')));
    const filly = getLexicon().words.get('filly');
    expect(filly?.arts.map((a) => getLexicon().arts[a].id)).toEqual([fe('horse')]);
    // Lamb the meat stays meat.
    expect(subjectOf('roast lamb')).toEqual(SEEDS.map(() => fe('cut-of-meat')));
    // A duckling is WordNet's duck meat first, a young duck next; a cub a youth before a lion's
    // young, and never a bear beside a lion (its definition names several animals).
    expect(drawn('a duck with ducklings')).toEqual(Array(8).fill(fe('duck')));
    expect(drawn('a lion and a cub')).toEqual(Array(8).fill(fe('lion')));
    expect(refused('a cub')).toEqual(['cub']);
  });
});

describe('composer: round 17’s partly drawn and refused', () => {
  it('a size before a colour sizes the thing and the colour paints it: a big blue balloon is no Big Blue', () => {
    for (const seed of SEEDS) {
      const p = plan('a big blue balloon', seed);
      expect(p.subject.id).toBe(fe('balloon'));
      expect(p.colour).toBe('#0000ff');
      expect(p.scale).toBeGreaterThan(1);
    }
  });

  it('a name CLDR tags on an art named by its head is that art: a gold medal, not a medal painted gold', () => {
    expect(subjectOf('a gold medal')).toEqual(Array(4).fill(fe('sports-medal')));
    expect(plan('a gold medal').colour).toBeNull();
    expect(subjectOf('a silver medal')).toEqual(Array(4).fill(fe('2nd-place-medal')));
  });

  it('a verb in -ing before a creature is what it does: a singing bird is a bird', () => {
    expect(subjectOf('a singing bird')).toEqual(Array(4).fill(fe('bird')));
  });

  it('a two-word name written as one is that name: a bandaid is the adhesive bandage', () => {
    expect(subjectOf('a bandaid on a knee')).toEqual(Array(4).fill(fe('adhesive-bandage')));
  });
});

describe('composer: second things the tagger took for verbs, and fictional animals', () => {
  it('a word read as a verb after "and" and a noun is the second thing: a hamburger and fries', () => {
    expect(drawn('a hamburger and fries')).toContain(fe('french-fries'));
    expect(drawn('a rainbow and clouds')).toContain(fe('cloud'));
    expect(drawn('a table and chairs')).toContain(fe('chair'));
  });

  it('a fictional animal is the animal its definition names: the Easter bunny is a rabbit', () => {
    for (const seed of SEEDS) {
      const p = plan('an easter bunny with a basket', seed);
      expect(p.subjects[0]).toMatchObject({ word: 'easter bunny', art: fe('rabbit') });
    }
  });
});

describe('composer: broader words that draw another thing', () => {
  it('a word whose first two senses are an animal and a made thing is drawn by neither broader word: a charger', () => {
    // (never the war horse; since round 23 the charger is the plug it is seen as, EVERYDAY_KINDS)
    expect(drawn('a laptop with a charger')).not.toContain(fe('horse'));
    expect(drawn('a laptop with a charger')).toEqual(
      SEEDS.flatMap(() => [fe('laptop'), fe('electric-plug')]),
    );
    expect(subjectOf('a charger')).toEqual(Array(4).fill(fe('electric-plug')));
  });

  it('a name is no art CLDR only tags with its head when the dictionary names that art: brown sugar, a plastic bag', () => {
    expect(getLexicon().words.get('aquatic mammal')).toBeUndefined();
    expect(
      getLexicon()
        .words.get('grocery bag')
        ?.arts.map((a) => getLexicon().arts[a].id),
    ).not.toContain(fe('backpack'));
    // A name that says the head is still the head's art: dark chocolate is the chocolate bar.
    expect(subjectOf('a piece of dark chocolate')).toEqual(Array(4).fill(fe('chocolate-bar')));
  });

  it('a made thing with an icon of its own name is that icon, not a choice of its kinds: an ornament', () => {
    expect(subjectOf('an ornament on a tree')).toEqual(Array(4).fill('mdi:ornament'));
  });

  it('an icon named by a broad word that shows one kind is drawn for that word only: a wreath is no bauble', () => {
    expect(drawn('a front door with a wreath')).not.toContain('mdi:ornament');
    expect(refused('a christmas wreath')).toEqual(['wreath']);
  });
});

describe('composer: colour words and whole names', () => {
  it('a colour’s name the dictionary knows only as a noun names the kind before a noun: a snow globe is not painted snow', () => {
    expect(plan('a snow globe').colour).toBeNull();
    // Two words naming one colour paint the thing, with no forest scene and no lime.
    for (const seed of SEEDS) {
      const p = plan('a forest green truck', seed);
      expect(p.colour).toBe('#228b22');
      expect(p.scene).toBeNull();
    }
    expect(drawn('a lime green car')).not.toContain(fe('lime'));
  });

  it('a birthday hat is the party hat, never a top hat', () => {
    expect(subjectOf('a birthday hat')).toEqual(Array(4).fill('game-icons:party-hat'));
  });

  it('an icon named by the whole name beats a one-word synonym’s emoji: a baseball glove is no winter glove', () => {
    expect(subjectOf('a baseball glove')).toEqual(Array(4).fill('game-icons:baseball-glove'));
    // ...but a closed form of the same name keeps its emoji: a paper clip.
    expect(subjectOf('a paper clip')).toEqual(Array(4).fill(fe('paperclip')));
  });
});

describe('composer: the sky, and icons of one kind', () => {
  it('a thing in the sky is drawn with the open-air backdrop; the sky alone is no picture', () => {
    for (const seed of SEEDS) expect(plan('a castle in the sky', seed).scene).toBe('landscape');
    expect(subjectOf('a castle in the sky')).toEqual(Array(4).fill(fe('castle')));
    expect(refused('a cloudy sky')).toContain('sky');
  });

  it('a line-chart icon is a chart, never an eye chart', () => {
    expect(refused('an eye chart')).toEqual(['eye chart']);
  });
});

describe('composer: weather', () => {
  it('the weather of a time is drawn by its emoji: a rainy day is the rain cloud, not refused', () => {
    expect(subjectOf('a rainy day')).toEqual(Array(4).fill(fe('cloud-with-rain')));
    expect(subjectOf('a windy day')).toEqual(Array(4).fill(fe('wind-face')));
    // Beside a thing it is a second picture; before a thing it only sets the scene.
    expect(drawn('a dog on a rainy day')).toContain(fe('cloud-with-rain'));
    expect(drawn('a snowy mountain')).not.toContain(fe('cloud-with-snow'));
  });

  it('a name never starts with an article: "the city" is the city backdrop, not the City of London', () => {
    for (const seed of SEEDS) expect(plan('a helicopter over the city', seed).scene).toBe('city');
  });
});

describe('composer: people dressed for the word, and compound kin', () => {
  it('a person art dressed for a word CLDR tags on it is that person: a bride, a groom, a yogi', () => {
    expect(subjectOf('a bride')).toEqual(Array(4).fill(fe('woman-with-veil')));
    expect(subjectOf('a groom')).toEqual(Array(4).fill(fe('man-in-tuxedo')));
    // ...never by a word of its own name: "white" is no person with a white cane.
    expect(
      getLexicon()
        .words.get('white')
        ?.arts.map((a) => getLexicon().arts[a].id) ?? [],
    ).not.toContain(fe('person-with-white-cane'));
  });

  it('a second creature drawn by a compound of its word is drawn: a bear and a bee', () => {
    expect(drawn('a bear and a bee')).toContain(fe('honeybee'));
  });
});

describe('composer: a food CLDR tags with a word, named in the plural', () => {
  it('a nut is the peanuts emoji, never a hexagonal nut for bolts', () => {
    expect(subjectOf('a squirrel with a nut')[0]).toBe('game-icons:squirrel');
    expect(drawn('a squirrel with a nut')).toContain(fe('peanuts'));
    expect(drawn('a nut')).not.toContain('game-icons:hexagonal-nut');
  });
});

describe('composer: an animal beside food', () => {
  it('a mouse and cheese are the animal and its food, not a computer mouse (a keyboard and mouse still is)', () => {
    expect(subjectOf('a mouse and cheese')).toEqual(Array(4).fill(fe('mouse')));
    expect(drawn('a keyboard and mouse')).toContain(fe('computer-mouse'));
  });
});

describe('composer: one conveyance named before another', () => {
  it('a rocket ship is the rocket, not a sailing ship', () => {
    expect(subjectOf('a rocket ship')).toEqual(Array(4).fill(fe('rocket')));
    // A name of its own still wins: a police car.
    expect(subjectOf('a police car')).toEqual(Array(4).fill(fe('police-car')));
  });
});

describe('composer: "colored"', () => {
  it('a word before "colored" paints the thing or names a pattern, never a second thing: a rainbow colored unicorn', () => {
    expect(drawn('a rainbow colored unicorn')).toEqual(Array(4).fill(fe('unicorn')));
    expect(plan('a red colored car').colour).toBe('#ff0000');
  });
});

describe('composer: the plain kinds of a thing', () => {
  it('a tree is the deciduous tree, not a palm or a fir CLDR ties to the beach or Christmas', () => {
    expect(
      new Set(SEEDS.flatMap((seed) => [seed, seed + 10]).map((s) => plan('a tree in autumn', s).subject.id)),
    ).toEqual(new Set([fe('deciduous-tree')]));
    // Named kinds keep their own art.
    expect(subjectOf('a palm tree')).toEqual(Array(4).fill(fe('palm-tree')));
  });

  it('a flag is a plain flag, told apart by colour or shape: never a pirate or a chequered flag', () => {
    const flags = new Set(
      [...Array(40).keys()].map((s) => plan('a castle with a flag', s + 1).accents[0]?.id),
    );
    expect([...flags].sort()).toEqual([fe('black-flag'), fe('triangular-flag'), fe('white-flag')]);
  });

  it('a heart is one of the hearts told apart by colour, never the anatomical heart', () => {
    const hearts = new Set([...Array(40).keys()].map((s) => plan('a heart', s + 1).subject.id));
    expect(hearts.has(fe('anatomical-heart'))).toBe(false);
    expect(hearts.has(fe('red-heart'))).toBe(true);
  });
});

describe('composer: round 18’s patterns', () => {
  it('an icon that is only the cut-outs of a dark tile is never drawn: a bull is the ox emoji', () => {
    expect(subjectOf('an angry bull')).toEqual(Array(4).fill(fe('ox')));
    expect(getLexicon().artById.has('game-icons:bull')).toBe(false);
  });

  it('an animal is drawn by a broader animal whose first sense is its meat: a hen is a chicken', () => {
    expect(subjectOf('a hen sitting on eggs')).toEqual(Array(4).fill(fe('chicken')));
    expect(subjectOf('a sea lion')).toEqual(Array(4).fill(fe('seal')));
    // ...but never by one whose first sense is another animal: a jaguar is no house cat.
    expect(drawn('a jaguar')).not.toContain(fe('cat'));
  });

  it('a second creature whose art is named by the word is drawn: a hen and her chicks', () => {
    expect(drawn('a hen and her chicks')).toContain(fe('front-facing-baby-chick'));
    // (not a face named by another sense: "a cold" is no cold face)
    expect(drawn('a boy with a cold')).not.toContain(fe('cold-face'));
  });
});

describe('composer: occasions', () => {
  it('an occasion with no backdrop of its own brings its decoration, never a picture of its word', () => {
    expect(drawn("a dog's birthday")).toContain(fe('balloon'));
    expect(drawn("a cat on valentine's day")).toContain(fe('red-heart'));
    // Its own name first: a birthday cake is the cake, alone.
    expect(drawn('a birthday cake')).toEqual(Array(4).fill(fe('birthday-cake')));
  });
});

describe('composer: "baby" before an animal', () => {
  it('a baby animal is a small one of it, never a human baby beside it', () => {
    for (const seed of SEEDS) {
      const p = plan('a baby elephant', seed);
      expect(p.subjects.map((s) => s.art)).toEqual([fe('elephant')]);
      expect(p.scale).toBeLessThan(1);
    }
    expect(subjectOf('a baby chick')).toEqual(Array(4).fill(fe('baby-chick')));
  });
});

describe('composer: a sunset by the sea', () => {
  it('a sunset over the sea or the hills is the sun at that horizon, not behind city buildings', () => {
    expect(subjectOf('a sunset at the beach')).toEqual(Array(4).fill(fe('sunrise')));
    expect(subjectOf('a sunset over the mountains')).toEqual(Array(4).fill(fe('sunrise-over-mountains')));
    expect(subjectOf('a sunset in the city')).toEqual(Array(4).fill(fe('sunset')));
  });
});

describe('composer: a place named first', () => {
  it('a word WordNet names first as a place is, in its next sense, the thing with art: a hippo', () => {
    expect(subjectOf('a hippo in the river')).toEqual(Array(4).fill(fe('hippopotamus')));
    // A word that is only a place keeps its own: a cemetery.
    expect(subjectOf('a cemetery')).toEqual(Array(4).fill('game-icons:graveyard'));
  });
});

describe('composer: a thing before "of" and a food', () => {
  it('is an amount of the food: a stick of butter is butter, no wooden stick', () => {
    expect(drawn('a stick of butter')).toEqual(Array(4).fill(fe('butter')));
  });
});

describe('composer: a plural drawn by its own name', () => {
  it('beats its singular drawn only by a broader word: steps are stairs, not a "move"', () => {
    expect(drawn('a dog on the steps')).toContain('game-icons:stairs');
    expect(drawn('a dog on the steps')).not.toContain('game-icons:move');
  });
});

describe('composer: a player’s ball', () => {
  it('the ball a player of a ball game hits is that game’s ball, not a soccer ball beside it', () => {
    expect(drawn('a baseball player hitting a ball')).not.toContain(fe('soccer-ball'));
    expect(drawn('a football player throwing a ball')).not.toContain(fe('soccer-ball'));
  });
});

describe('composer: kinds of a person word', () => {
  it('a word that is first a person is never a made thing’s kind of its name: a speaker is no muted speaker', () => {
    expect(drawn('a speaker')).not.toContain(fe('muted-speaker'));
  });
});

describe('composer: kinds only of things one can draw', () => {
  it('an activity, a substance or a group is never drawn as one of its kinds', () => {
    const lexicon = getLexicon();
    for (const word of ['activity', 'substance', 'organization', 'quality']) {
      expect(lexicon.words.get(word)?.how, word).not.toBe('kind');
    }
    expect(refused('a fun activity')).toEqual(['activity']);
    // Animals and food still are: "an animal" is one of the animals.
    expect(lexicon.words.get('animal')?.how).toBe('kind');
  });
});

describe('composer: round 21’s patterns', () => {
  it('a vase is the porcelain vase, never a lidded jar (WordNet files a vase as a jar)', () => {
    expect(drawn('a table with a vase')).toContain('game-icons:porcelain-vase');
    expect(drawn('a table with a vase')).not.toContain(fe('jar'));
  });

  it('the earth is a globe of the earth, not a desk globe; a soil named "earth" is no globe', () => {
    for (const art of subjectOf('the earth')) expect(art).toMatch(/^fluent-emoji-flat:globe-showing-/);
    expect(drawn('a satellite and the earth')).not.toContain('game-icons:globe');
    expect(getLexicon().words.get("fuller's earth")).toBeUndefined();
    expect(getLexicon().words.get('isopropyl alcohol')).toBeUndefined();
  });

  it('a thing the prompt names stands beside the subject before the occasion’s decoration', () => {
    for (const seed of SEEDS) {
      const p = plan('a birthday girl with a cake', seed);
      // (the birthday's own cake since the occasion's kind is drawn)
      expect(p.partner?.art.id).toBe(fe('birthday-cake'));
      expect(p.accents.map((a) => a.id)).toEqual([fe('birthday-cake'), fe('balloon')]);
    }
  });
});

describe('composer: a container of things', () => {
  it('a basket of strawberries is the strawberries in the basket', () => {
    for (const seed of SEEDS) {
      const p = plan('a basket of strawberries', seed);
      expect(p.subject.id).toBe(fe('strawberry'));
      expect(p.partner).toEqual({ art: getLexicon().artById.get(fe('basket')), relation: 'in' });
    }
  });

  it('no second vessel for a food or drink whose own art shows one', () => {
    expect(drawn('a cup of coffee')).toEqual(Array(4).fill(fe('hot-beverage')));
    expect(drawn('a jar of honey')).toEqual(Array(4).fill(fe('honey-pot')));
    expect(drawn('a bowl of noodles')).not.toContain('mdi:bowl');
  });
});

describe('composer: a piece of a food', () => {
  it('is a slice of it when an emoji shows one: a piece of cake is the shortcake, a cake the whole cake', () => {
    expect(subjectOf('a piece of cake')).toEqual(Array(4).fill(fe('shortcake')));
    expect(subjectOf('a slice of chocolate cake')).toEqual(Array(4).fill(fe('shortcake')));
    expect(subjectOf('a cake')).not.toContain(fe('shortcake'));
    // (a slice of apple is no apple pie: the pie only tags the apple it is made with)
    expect(getLexicon().slices.has('apple')).toBe(false);
  });
});

describe('composer: water is blue, fire orange', () => {
  it('a one-colour river, waterfall or dew is painted blue, whatever the palette; steam is not', () => {
    const lexicon = getLexicon();
    for (const id of ['game-icons:river', 'game-icons:waterfall', 'game-icons:dew']) {
      expect(lexicon.artById.get(id)?.colour, id).toBe('#2f6fd6');
    }
    expect(lexicon.artById.get('mdi:steam')?.colour).toBeUndefined();
    // Water itself too: a glass of water, a drop of drinking water.
    for (const id of ['mdi:cup-water', 'mdi:water'])
      expect(lexicon.artById.get(id)?.colour, id).toBe('#2f6fd6');
    // Fire and lava glow orange (green lava beside a volcano was the palette's).
    for (const id of ['game-icons:lava', 'game-icons:fire', 'game-icons:candle-flame']) {
      expect(lexicon.artById.get(id)?.colour, id).toBe('#f08a24');
    }
    const { svg } = composeSvg({ prompt: 'a river through a forest', theme: 'default', seed: 1 });
    expect(svg.toLowerCase()).toContain('#2f6fd6');
  });
});

describe('composer: a lonely animal', () => {
  it('is drawn sad, never as a happy one', () => {
    for (const [, p] of markedWithNoSecondFace('a lonely penguin', 'sad-but-relieved-face')) {
      expect(p.subject.id).toBe(fe('penguin'));
    }
  });
});

describe('composer: a kind of a thing drawn in the plural', () => {
  it('a textbook is a book, the "books" emoji (not refused)', () => {
    expect(subjectOf('a stack of textbooks')).toEqual(Array(4).fill(fe('books')));
    expect(subjectOf('a cookbook')).toEqual(Array(4).fill(fe('books')));
  });
});

describe('composer: the new year', () => {
  it('brings its party popper, and a clock then shows twelve', () => {
    for (const seed of SEEDS) {
      const p = plan('a new year clock', seed);
      expect(p.subject.id).toBe(fe('twelve-oclock'));
      expect(p.accents.map((a) => a.id)).toContain(fe('party-popper'));
    }
    expect(subjectOf('a clock at midnight')).toEqual(Array(4).fill(fe('twelve-oclock')));
    expect(drawn('a cat on new year’s eve')).toContain(fe('party-popper'));
  });
});

describe('composer: an animal’s thing', () => {
  it('a thing named after an animal is no picture of the animal: a cat toy is refused, a dog bed is a bed', () => {
    expect(refused('a cat toy')).toEqual(['cat toy']);
    expect(subjectOf('a dog bed')).toEqual(Array(4).fill(fe('bed')));
    // A being before a person or a made being stays the one meant.
    expect(subjectOf('a robot toy')).toEqual(Array(4).fill(fe('robot')));
    expect(subjectOf('a robot assistant')).toEqual(Array(4).fill(fe('robot')));
  });
});

describe('composer: kinds of a food', () => {
  it('a food drawn is one choice and its dishes no more: vegetables are never french fries', () => {
    for (const prompt of ['a chef chopping vegetables', 'a bowl of vegetables', 'vegetables']) {
      expect(drawn(prompt), prompt).not.toContain(fe('french-fries'));
    }
    expect(
      getLexicon()
        .words.get('vegetable')
        ?.arts.map((a) => getLexicon().arts[a].id),
    ).toContain(fe('potato'));
  });

  it('a boxer punching a bag: the punching bag, and no second bag', () => {
    expect(drawn('a boxer punching a bag')).toContain('game-icons:punching-bag');
    expect(drawn('a boxer punching a bag')).not.toContain('game-icons:powder-bag');
  });
});

describe('composer: an act CLDR tags on many emoji', () => {
  it('is no picture of one of them: a tablet with a game has no ping pong paddle beside it', () => {
    // (the game is the video game since round 29, which judged the tablet alone partly)
    for (const prompt of ['a tablet with a game', 'a tablet with games']) {
      expect(
        plan(prompt).subjects.map((s) => s.art),
        prompt,
      ).toEqual(['game-icons:tablet', fe('video-game')]);
    }
  });
});

describe('composer: a thing held', () => {
  it('stands out at the side, mostly clear of the body (a bear’s balloon was mostly covered)', () => {
    for (const prompt of ['a bear holding a balloon', 'a robot holding a flower']) {
      for (const seed of SEEDS) {
        const p = plan(prompt, seed);
        expect(p.partner?.relation).toBe('holding');
        const layout = buildLayout(p, 'default', createRandom(seed), PALETTES[0], false, seed);
        const body = layout.subject.kind === 'icon' ? layout.subject.placed : null;
        const held = layout.accents[0];
        if (!body) throw new Error('no subject icon');
        // The share of the held thing's width that lies behind the body's box.
        const overlap =
          Math.max(
            0,
            Math.min(body.x + body.size / 2, held.x + held.size / 2) -
              Math.max(body.x - body.size / 2, held.x - held.size / 2),
          ) / held.size;
        expect(overlap, `${prompt} #${seed}`).toBeLessThan(0.3);
      }
    }
  });
});

describe('composer: a box', () => {
  it('is the cardboard box, never the takeout box of noodles; what a box holds is no broader stand-in', () => {
    expect(drawn('a cat in a box')).toContain('game-icons:cardboard-box');
    expect(drawn('a crane lifting a box')).not.toContain(fe('takeout-box'));
    expect(refused('a box of markers')).toEqual(['markers']);
  });
});

describe('composer: a dish the dictionary does not know', () => {
  it('is the one emoji CLDR tags with its name: ramen is the steaming bowl, pierogi the dumpling', () => {
    expect(subjectOf('a bowl of ramen')).toEqual(Array(4).fill(fe('steaming-bowl')));
    expect(subjectOf('a plate of pierogi')).toEqual(Array(4).fill(fe('dumpling')));
    // (only dishes and drinks: a tag of a fruit, "mojito" on the lime, is no picture of it)
    expect(getLexicon().words.get('mojito')).toBeUndefined();
  });
});

describe('composer: a thing of a word’s second sense', () => {
  it('is drawn when the first is nothing one draws: an owl on a branch stands on the tree branch', () => {
    for (const seed of SEEDS) {
      const p = plan('an owl on a branch', seed);
      expect(p.subject.id).toBe(fe('owl'));
      expect(p.partner?.art.id).toBe('game-icons:tree-branch');
      expect(p.partner?.relation).toBe('on');
    }
    expect(drawn('a carpenter with a saw')).toContain('game-icons:hand-saw');
  });
});

describe('composer: round 22’s patterns', () => {
  it('a pot of tea is the teapot, never a cup standing in a cooking pot', () => {
    for (const seed of SEEDS) {
      const p = plan('a pot of tea', seed);
      expect(p.subjects.map((s) => s.art)).toEqual([fe('teapot')]);
    }
    // A drink's own emoji shows its cup: a cup of coffee stays the hot beverage.
    expect(drawn('a cup of coffee')).toEqual(Array(4).fill(fe('hot-beverage')));
  });

  it('a thing with another that an emoji draws as one is that emoji: a heart with an arrow', () => {
    expect(drawn('a heart with an arrow')).toEqual(Array(4).fill(fe('heart-with-arrow')));
    expect(drawn('a camera with a flash')).toEqual(Array(4).fill(fe('camera-with-flash')));
    expect(drawn('a camera with a flash')).not.toContain('mdi:flash');
  });

  it('a badminton racket is the badminton emoji (WordNet’s first racket is a din)', () => {
    expect(drawn('a badminton racket')).toEqual(Array(4).fill(fe('badminton')));
  });
});

describe('composer: a person doing a thing an emoji shows', () => {
  it('a girl raising her hand is the woman raising a hand; a boy, the man', () => {
    expect(drawn('a girl raising her hand')).toEqual(Array(4).fill(fe('woman-raising-hand')));
    expect(drawn('a boy raising his hand')).toEqual(Array(4).fill(fe('man-raising-hand')));
    // Not when no emoji shows it: a girl brushing her teeth holds the toothbrush.
    expect(drawn('a girl brushing her teeth')).toContain(fe('toothbrush'));
  });
});

describe('composer: being ill', () => {
  it('shows as the face with a thermometer by the head, never the vomiting face', () => {
    for (const prompt of ['a boy with a fever', 'a sick boy', 'a boy with the flu']) {
      for (const [seed, p] of markedWithNoSecondFace(prompt, 'face-with-thermometer')) {
        expect(p.subject.id, `${prompt} #${seed}`).toBe(fe('boy'));
      }
    }
    expect(drawn('a sick cat')).not.toContain(fe('face-vomiting'));
  });
});

describe('composer: two-word names of people of no art', () => {
  it('a mail carrier with a package is a person holding the package (both were refused)', () => {
    for (const seed of SEEDS) {
      const p = plan('a mail carrier with a package', seed);
      expect(p.subject.id).toBe(fe('person'));
      expect(p.partner).toEqual({ art: getLexicon().artById.get(fe('package')), relation: 'holding' });
    }
    // Alone, with nothing to hold, such a person is refused at no charge unless people draw them
    // by a thing of their own (a mail carrier's envelope, since round 26's changes).
    expect(refused('a hairstylist')).toEqual(['hairstylist']);
    expect(drawn('a mail carrier')).toEqual(SEEDS.flatMap(() => [fe('person'), fe('envelope')]));
  });

  it('a shy animal blushes', () => {
    for (const [, p] of markedWithNoSecondFace('a shy bunny', 'flushed-face'))
      expect(p.subject.id).toBe(fe('rabbit'));
  });
});

describe('composer: an animal’s part named by a broader word', () => {
  it('a seashell is the spiral shell (WordNet’s first shell is ammunition)', () => {
    expect(subjectOf('a seashell on the beach')).toEqual(Array(4).fill(fe('spiral-shell')));
  });
});

describe('composer: the night sky', () => {
  it('a starry sky is the night with stars (the night’s pictures are its sky); a cloudy sky is still refused', () => {
    expect(subjectOf('a starry sky')).toEqual(Array(4).fill(fe('night-with-stars')));
    expect(refused('a cloudy sky')).toEqual(['cloudy', 'sky']);
  });
});

describe('composer: a people’s occasion', () => {
  it('a chinese new year dragon is the dragon with the new year’s party popper, not refused for "chinese"', () => {
    for (const seed of SEEDS) {
      const p = plan('a chinese new year dragon', seed);
      expect(p.subject.id).toBe(fe('dragon'));
      expect(p.accents.map((a) => a.id)).toContain(fe('party-popper'));
    }
  });
});

describe('composer: a word of place the tagger reads as an adjective', () => {
  it('a plane above the clouds is the plane over a cloud (it was refused as "plane above")', () => {
    for (const seed of SEEDS) {
      const p = plan('a plane above the clouds', seed);
      expect(p.subject.id).toBe(fe('airplane'));
      expect(p.partner?.relation).toBe('over');
    }
    // A bird above the trees is the bird, no shuttlecock among things.
    expect(drawn('a bird above the trees')).not.toContain('game-icons:shuttlecock');
  });
});

describe('composer: media player buttons', () => {
  it('are no picture of a play or a record: a school play is refused, never a triangle', () => {
    expect(refused('a school play')).toEqual(['school play']);
    expect(getLexicon().words.get('record')).toBeUndefined();
  });
});

describe('composer: a container of things beside the subject', () => {
  it('a bunny with a basket of eggs has the basket beside it and the eggs too (the basket was left out)', () => {
    for (const seed of SEEDS) {
      const p = plan('a bunny with a basket of eggs', seed);
      expect(p.partner?.art.id).toBe(fe('basket'));
      expect(p.accents.map((a) => a.id)).toEqual([fe('basket'), fe('egg')]);
    }
  });
});

describe('composer: a thing of nature named by a building’s word', () => {
  it('a riverbank is no bank building (WordNet’s first bank is the slope; the emoji is the building)', () => {
    const lexicon = getLexicon();
    for (const word of ['riverbank', 'riverside', 'waterside'])
      expect(lexicon.words.get(word), word).toBeUndefined();
    // The building stays the bank's: "a bank with money".
    expect(drawn('a bank with money')).toContain(fe('bank'));
  });
});

describe('composer: an emoji tagged as one kind of a made thing', () => {
  it('shows that kind only: a piano keyboard is the musical keyboard, no computer keyboard', () => {
    expect(subjectOf('a piano keyboard')).toEqual(Array(4).fill(fe('musical-keyboard')));
    expect(subjectOf('a ping pong ball')).toEqual(Array(4).fill(fe('ping-pong')));
    // Other kinds the emoji does not show are refused, not drawn as it: a cowboy hat is no top hat.
    expect(refused('a cowboy hat')).toEqual(['cowboy hat']);
    expect(refused('a golf ball')).toEqual(['golf ball']);
  });
});

describe('composer: music the prompt names nothing for', () => {
  it('a bird singing, a radio playing: the musical notes by the head (round 23 drew them silent)', () => {
    for (const prompt of [
      'a bird singing on a fence',
      'a radio playing',
      'a singing bird',
      'a boy whistling',
    ])
      for (const seed of SEEDS) expect(plan(prompt, seed).mark?.id, prompt).toBe(fe('musical-notes'));
    // Playing is music only for a thing: a cat playing makes none.
    expect(plan('a cat playing').mark).toBeNull();
    // Not twice: a song is drawn already, and a singer holds the microphone.
    expect(plan('a bird singing a song').mark).toBeNull();
    expect(plan('a girl singing').mark).toBeNull();
    expect(drawn('a girl singing')).toContain(fe('microphone'));
  });
});

describe('composer: a thing in its holder, by the art named for both', () => {
  it('a bag of chips is the chips bag; a glass of water the cup of water (no fries, no water sign)', () => {
    // Round 23: french fries for a bag of chips; the glass of water beside a pill was left out.
    expect(subjectOf('a bag of chips')).toEqual(Array(4).fill('game-icons:chips-bag'));
    expect(subjectOf('a glass of water')).toEqual(Array(4).fill('mdi:cup-water'));
    for (const seed of SEEDS)
      expect(plan('a pill and a glass of water', seed).accents.map((a) => a.id)).toEqual(['mdi:cup-water']);
    expect(drawn('a boy with a bag of chips')).not.toContain(fe('french-fries'));
    // Drinking water is a drop of water (the potable-water sign was left out, and the water too).
    expect(drawn('a giraffe drinking water')).toContain('mdi:water');
    // A drink's or a dish's own emoji stays: a cup of coffee, a jar of honey.
    expect(subjectOf('a cup of coffee')).toEqual(Array(4).fill(fe('hot-beverage')));
    expect(subjectOf('a jar of honey')).toEqual(Array(4).fill(fe('honey-pot')));
  });
});

describe('composer: a phone today', () => {
  it('is the mobile phone, and its charger the plug (round 23: a desk telephone and no charger)', () => {
    for (const seed of SEEDS) {
      const p = plan('a phone and a charger', seed);
      expect(p.subject.id).toBe(fe('mobile-phone'));
      expect(p.accents.map((a) => a.id)).toEqual([fe('electric-plug')]);
    }
    // A telephone is still the telephone.
    expect(subjectOf('a telephone')).toEqual(Array(4).fill(fe('telephone')));
  });

  it('a person on the phone holds it; a cat on a laptop sits on it', () => {
    for (const seed of SEEDS) {
      expect(plan('a girl talking on the phone', seed).partner).toMatchObject({
        art: { id: fe('mobile-phone') },
        relation: 'holding',
      });
      expect(plan('a cat on a laptop', seed).partner?.relation).toBe('on');
    }
  });
});

describe('composer: a second person', () => {
  it('a patient is the person in bed; a drummer after a drum a person beside it (round 23 left both out)', () => {
    for (const seed of SEEDS) {
      expect(plan('a doctor and a patient', seed).accents.map((a) => a.id)).toEqual([fe('person-in-bed')]);
      const p = plan('a drum and a drummer', seed);
      expect(p.subject.id).toBe(fe('drum'));
      expect(p.accents.map((a) => a.id)).toEqual([fe('person')]);
    }
    // A drummer alone still holds the drum.
    expect(drawn('a drummer')).toEqual(SEEDS.flatMap(() => [fe('person'), fe('drum')]));
  });
});

describe('composer: a juice, a tire', () => {
  it('a juice is the beverage box, every fruit juice too (round 23 refused apple juice)', () => {
    for (const prompt of ['a glass of apple juice', 'a juice box', 'a glass of orange juice', 'grape juice'])
      expect(subjectOf(prompt), prompt).toEqual(Array(4).fill(fe('beverage-box')));
    // A lemonade or a milkshake is the cup with a straw (CLDR's "soft drink", "malt"); both were refused.
    for (const prompt of ['a glass of lemonade', 'a milkshake', 'a cola'])
      expect(subjectOf(prompt), prompt).toEqual(Array(4).fill(fe('cup-with-straw')));
    // Only juices named as one: "must" (grape juice before it ferments) is no juice box.
    expect(getLexicon().words.get('must')).toBeUndefined();
  });

  it('a rubber duck is the yellow plastic duck, a swing the tree swing, hills green (prompts of my own)', () => {
    const lexicon = getLexicon();
    expect(subjectOf('a rubber duck')).toEqual(Array(4).fill('game-icons:plastic-duck'));
    expect(drawn('a bathtub with a rubber duck')).not.toContain(fe('duck'));
    expect(lexicon.artById.get('game-icons:plastic-duck')?.colour).toBe('#f5c518');
    expect(lexicon.artById.get('game-icons:hills')?.colour).toBe('#3f9b3a');
    expect(drawn('a girl on a swing')).toContain('game-icons:tree-swing');
    // A fireplace glows orange (it was a green fire); a broken arm is the arm in a sling.
    expect(lexicon.artById.get('game-icons:fireplace')?.colour).toBe('#f08a24');
    expect(drawn('a boy with a broken arm')).toContain('game-icons:arm-sling');
  });

  it('a one-colour tire is black, whatever the palette (round 23: a pink ring)', () => {
    for (const id of ['mdi:tire', 'game-icons:tyre'])
      expect(getLexicon().artById.get(id)?.colour, id).toBe('#2b2b2b');
    const { svg } = composeSvg({ prompt: 'a mechanic holding a tire', theme: 'default', seed: 1 });
    expect(svg.toLowerCase()).toContain('#2b2b2b');
  });
});

describe('composer: a name led by a verb in -ing', () => {
  it('is its own thing, never its head: a rolling pin is no pushpin, a walking stick no stick of wood', () => {
    expect(refused('a rolling pin')).toEqual(['rolling pin']);
    expect(refused('a walking stick')).toEqual(['walking stick']);
    // (a baker of no art is drawn with bread since round 26's changes, and no pushpin)
    expect(drawn('a baker with a rolling pin')).toEqual(SEEDS.flatMap(() => [fe('person'), fe('bread')]));
    expect(drawn('a man with a walking stick')).not.toContain('game-icons:wood-stick');
    // Named ones stay: a sleeping bag, a fishing rod; and the ear with a hearing aid.
    expect(subjectOf('a sleeping bag')).toEqual(Array(4).fill('game-icons:sleeping-bag'));
    expect(subjectOf('a hearing aid')).toEqual(Array(4).fill(fe('ear-with-hearing-aid')));
    // A thing doing it is still the thing: a sleeping dog.
    expect(subjectOf('a sleeping dog')).toEqual(Array(4).fill(fe('dog')));
  });
});

describe('composer: two things, found on prompts of my own', () => {
  it('a thing named after an animal leaves the animal an animal: a bird and a bird house, no shuttlecock', () => {
    expect(drawn('a bird and a bird house')).not.toContain('game-icons:shuttlecock');
    expect(subjectOf('a bird and a bird house')).toEqual(Array(4).fill(fe('bird')));
    // Among made things the animal's name is still the made thing: a keyboard and a mouse.
    expect(drawn('a keyboard and mouse')).toContain(fe('computer-mouse'));
  });

  it('a knight beside a dragon is drawn, as beside a castle; a wall is no castle wall', () => {
    for (const seed of SEEDS)
      expect(plan('a dragon and a knight', seed).accents.map((a) => a.id)).toEqual([
        'game-icons:mounted-knight',
      ]);
    expect(drawn('a mirror on a wall')).not.toContain('game-icons:defensive-wall');
  });
});

describe('composer: a fruit tree', () => {
  it('is a tree with its fruit: never the fruit alone (a banana tree), nor a tree painted orange', () => {
    for (const seed of SEEDS) {
      for (const [prompt, fruit] of [
        ['a banana tree', fe('banana')],
        ['an apple tree', fe('red-apple')],
        ['an orange tree', 'game-icons:orange'],
      ]) {
        const p = plan(prompt, seed);
        expect(p.subject.id, prompt).toBe(fe('deciduous-tree'));
        expect(
          p.accents.map((a) => a.id),
          prompt,
        ).toEqual([fruit]);
        expect(p.colour, prompt).toBeNull();
      }
    }
    // An orange cat is still painted orange; a palm tree is the palm tree.
    expect(plan('an orange cat').colour).not.toBeNull();
    expect(subjectOf('a palm tree')).toEqual(Array(4).fill(fe('palm-tree')));
  });
});

describe('composer: the food on a dish, the occasion’s own kind', () => {
  it('a sushi plate is the sushi, never an empty plate with a fork and knife', () => {
    expect(subjectOf('a sushi plate')).toEqual(Array(4).fill(fe('sushi')));
    expect(drawn('a sushi plate')).not.toContain(fe('fork-and-knife-with-plate'));
    // A dish with art of its own name stays: a soup bowl is a bowl.
    expect(subjectOf('a soup bowl')).toEqual(Array(4).fill('mdi:bowl'));
  });

  it('a christmas present under a tree is under the christmas tree; a birthday girl’s cake the birthday cake', () => {
    expect(drawn('a christmas present under a tree')).toContain(fe('christmas-tree'));
    expect(drawn('a christmas present under a tree')).not.toContain(fe('deciduous-tree'));
    expect(drawn('a birthday girl with a cake')).toContain(fe('birthday-cake'));
    // No occasion, no kind of it: a present under a tree is under a tree.
    expect(drawn('a present under a tree')).toContain(fe('deciduous-tree'));
  });
});

describe('composer: a thing named after what its owner does', () => {
  it('a boxer’s gloves are the boxing glove, no winter glove; a runner’s shoes the running shoe', () => {
    for (const seed of SEEDS) {
      expect(plan('a boxer with gloves', seed).accents.map((a) => a.id)).toEqual([fe('boxing-glove')]);
      expect(plan('a runner with shoes', seed).accents.map((a) => a.id)).toEqual([fe('running-shoe')]);
    }
  });
});

describe('composer: feelings CLDR tags no face with', () => {
  it('a curious, lazy, playful or naughty animal shows it by its head (they showed nothing)', () => {
    for (const [prompt, mark] of [
      ['a curious kitten', 'thinking-face'],
      ['a lazy dog', 'zzz'],
      ['a playful puppy', 'winking-face-with-tongue'],
      ['a naughty cat', 'smiling-face-with-horns'],
      ['an annoyed girl', 'unamused-face'],
    ])
      expect(plan(prompt).mark?.id, prompt).toBe(fe(mark));
  });
});

describe('composer: an icon named by a name the dictionary has whole', () => {
  it('is what that name is: a baseball bat is a made thing, so a glove beside it is the baseball glove', () => {
    const lexicon = getLexicon();
    expect(lexicon.artById.get('game-icons:baseball-bat')?.creature).toBe(false);
    // (a sea turtle is an animal; a punching bag, WordNet's first one a person, is still a thing)
    expect(lexicon.artById.get('game-icons:sea-turtle')?.creature).toBe(true);
    expect(lexicon.artById.get('game-icons:punching-bag')?.person).toBe(false);
    for (const seed of SEEDS)
      expect(plan('a baseball bat and a glove', seed).accents.map((a) => a.id)).toEqual([
        'game-icons:baseball-glove',
      ]);
  });
});

describe('composer: a second person', () => {
  it('a person’s word CLDR tags a person with is drawn beside the subject: a teacher and a nurse, a mom and a son', () => {
    // (they were left out, as "a puck" is beside a fairy: a keyword's being)
    for (const seed of SEEDS) {
      expect(plan('a teacher and a nurse', seed).accents.map((a) => a.id)).toEqual([fe('health-worker')]);
      expect(plan('a mom and a son', seed).accents.map((a) => a.id)).toEqual([fe('boy')]);
      expect(plan('a girl and her grandpa', seed).accents.map((a) => a.id)).toEqual([fe('old-man')]);
      // Two people one emoji shows are two of its people.
      expect(plan('a doctor and a nurse', seed).accents.map((a) => a.id)).toEqual([
        fe('woman-health-worker'),
      ]);
    }
    // A puck is still no fairy; a worker's hard hat no second worker.
    expect(drawn('a fairy and a puck')).not.toContain(fe('man-fairy'));
    expect(drawn('a construction worker with a hard hat')).not.toContain(fe('woman-construction-worker'));
  });

  it('a mother is a woman, never Material Design’s nursing mother (the issue’s "mom -> breast-feeding")', () => {
    expect(subjectOf('a mother and a baby')).toEqual(Array(4).fill(fe('woman')));
    expect(drawn('a baby and a mother')).not.toContain('mdi:mother-nurse');
  });
});

describe('composer: a thing the tagger reads as a verb', () => {
  it('a wrapped present with a ribbon is the present with the ribbon, never the ribbon alone (round 24’s wrong picture)', () => {
    for (const seed of SEEDS) {
      const p = plan('a wrapped present with a ribbon', seed);
      expect(p.subject.id).toBe('game-icons:present');
      expect(p.accents.map((a) => a.id)).toEqual([fe('ribbon')]);
    }
    // (a verb stays a verb after a thing: the dog sleeps, on a bed)
    expect(plan('a tired dog sleeps on a bed').subject.id).toBe(fe('dog'));
  });
});

describe('composer: everyday kinds round 24 asked for', () => {
  it('an electric car is a car, never the lightning bolt Game Icons names "electric" (round 24’s wrong picture)', () => {
    expect(subjectOf('an electric car charging')).toEqual(Array(4).fill(fe('automobile')));
    expect(drawn('an electric car')).not.toContain('game-icons:electric');
  });

  it('oatmeal is the bowl with a spoon, homework the memo, a yarn ball the yarn (refused or left out)', () => {
    expect(subjectOf('a hot bowl of oatmeal')).toEqual(Array(4).fill(fe('bowl-with-spoon')));
    for (const seed of SEEDS) {
      expect(plan('a boy doing homework', seed).accents.map((a) => a.id)).toEqual([fe('memo')]);
      expect(plan('a cat and a yarn ball', seed).accents.map((a) => a.id)).toEqual([fe('yarn')]);
    }
  });

  it('a pool is painted as water, blue (it was an orange pool)', () => {
    expect(getLexicon().artById.get('mdi:pool')?.colour).toBe('#2f6fd6');
  });
});

describe('composer: a kind of a person drawn with their tool', () => {
  it('an ice skater is a person with the ice skate, a roller skater with the roller skate (refused)', () => {
    for (const seed of SEEDS) {
      expect(plan('an ice skater', seed).accents.map((a) => a.id)).toEqual([fe('ice-skate')]);
      expect(plan('a roller skater', seed).accents.map((a) => a.id)).toEqual([fe('roller-skate')]);
    }
  });

  it('a described drummer or guitarist holds the drum or the guitar, never a stone for "rock"', () => {
    for (const seed of SEEDS) {
      expect(plan('a jazz drummer', seed).accents.map((a) => a.id)).toEqual([fe('drum')]);
      expect(plan('a rock guitarist', seed).accents.map((a) => a.id)).toEqual([fe('guitar')]);
    }
  });
});

describe('composer: of two names in a row, the one that ends the phrase', () => {
  it('a video game console is the game console (refused: "video game" and "console" were read apart)', () => {
    expect(subjectOf('a video game console')).toEqual(Array(4).fill('game-icons:game-console'));
    // (a video game alone is still the video game)
    expect(subjectOf('a video game')).toEqual(Array(4).fill(fe('video-game')));
  });

  it('a turkey dinner is the roast bird, the poultry leg, never the live turkey (refused)', () => {
    expect(subjectOf('a turkey dinner')).toEqual(Array(4).fill(fe('poultry-leg')));
  });
});

describe('composer: a place named alone', () => {
  it('a garden is drawn by what grows there, never the rabbit face; an enchanted forest by its trees, no fox', () => {
    expect(subjectOf('a garden')).not.toContain(fe('rabbit-face'));
    for (const art of subjectOf('a garden')) expect(getLexicon().artById.get(art)?.creature).toBe(false);
    expect(subjectOf('an enchanted forest')).toEqual(Array(4).fill(fe('evergreen-tree')));
    // (a season is anyone's: spring may still be its rabbit; the ocean, which has no art of its
    // own, its creatures)
    expect(getLexicon().artById.get(subjectOf('the ocean')[0])?.creature).toBe(true);
  });

  it('a stuffed toy or a stuffed animal is the teddy bear (a water pistol, a cat)', () => {
    expect(subjectOf('a stuffed toy')).toEqual(Array(4).fill(fe('teddy-bear')));
    expect(subjectOf('a stuffed animal')).toEqual(Array(4).fill(fe('teddy-bear')));
  });
});

describe('composer: an animal by its family’s name, however far up', () => {
  it('a goldfish, a carp, a golden retriever and a robin are the fish, the dog and the bird (refused or a blackbird)', () => {
    expect(subjectOf('a goldfish in a bowl')).toEqual(Array(4).fill(fe('fish')));
    expect(subjectOf('a carp')).toEqual(Array(4).fill(fe('fish')));
    expect(subjectOf('a golden retriever')).toEqual(Array(4).fill(fe('dog')));
    expect(subjectOf('a magpie')).toEqual(Array(4).fill(fe('bird')));
  });

  it('a tuna is the fish, never the cactus WordNet names first (its prickly pear)', () => {
    expect(subjectOf('a tuna')).toEqual(Array(4).fill(fe('fish')));
    // (a sole is still no fish: its first sense is a foot's)
    expect(drawn('a shoe with a rubber sole')).not.toContain(fe('fish'));
  });
});

describe('composer: round 25’s patterns', () => {
  it('a baseball and a bat is the baseball bat, not the cricket bat of the word alone', () => {
    const arts = drawn('a baseball and a bat');
    expect(arts).toContain('game-icons:baseball-bat');
    expect(arts).not.toContain('game-icons:cricket-bat');
    expect(arts).not.toContain(fe('bat'));
  });

  it('a football or soccer goal is the goal net (refused)', () => {
    expect(subjectOf('a football goal')).toEqual(Array(4).fill(fe('goal-net')));
    expect(subjectOf('a soccer goal')).toEqual(Array(4).fill(fe('goal-net')));
  });

  it('a boy with a broken leg is drawn with a crutch (nothing showed it)', () => {
    expect(drawn('a boy with a broken leg')).toContain(fe('crutch'));
  });

  it('a bored kid has the flat "meh" face by the head, never the pensive face that reads as sad', () => {
    markedWithNoSecondFace('a bored kid', 'expressionless-face');
  });
});

describe('composer: round 26’s patterns', () => {
  it('a thing the tagger reads as a verb right after an article is still the subject, never dropped for the next one', () => {
    // (round 26 drew the mountains' camping scene for a cave and a bare table for a sling)
    expect(subjectOf('a cave in the mountains')).toEqual(Array(4).fill('game-icons:cave-entrance'));
    expect(subjectOf('a cave in a forest')).toEqual(Array(4).fill('game-icons:cave-entrance'));
    expect(drawn('a sling on a table')).toContain('game-icons:sling');
  });

  it('a thing on or in a part of the body is the one thing named by both: the arm sling, the knee bandage', () => {
    expect(subjectOf('a sling on an arm')).toEqual(Array(4).fill('game-icons:arm-sling'));
    expect(subjectOf('an arm in a sling')).toEqual(Array(4).fill('game-icons:arm-sling'));
    expect(subjectOf('a bandage on a knee')).toEqual(Array(4).fill('game-icons:knee-bandage'));
    expect(drawn('a boy with a sling on his arm')).toEqual(
      SEEDS.flatMap(() => [fe('boy'), 'game-icons:arm-sling']),
    );
  });

  it('a sign after a name drawn by a sign is that sign (a school crossing sign was the school)', () => {
    expect(subjectOf('a school crossing sign')).toEqual(Array(4).fill(fe('children-crossing')));
    expect(drawn('a school crossing sign')).not.toContain(fe('school'));
    // (a sign the sets do not draw is still refused, never a male or female sign)
    expect(refused('a crossing sign')).toEqual(['crossing sign']);
  });

  it('beside a tree or a flower a bird is the animal, never badminton’s shuttlecock', () => {
    for (const prompt of ['a bird and a tree', 'a bird and a flower', 'a bird and a rose']) {
      expect(drawn(prompt)).not.toContain('game-icons:shuttlecock');
      expect(subjectOf(prompt)).toEqual(Array(4).fill(fe('bird')));
    }
    // (beside a racket it is still the shuttlecock)
    expect(drawn('a badminton racket and a bird')).toContain('game-icons:shuttlecock');
  });

  it('a dwarf is Game Icons’ dwarf face, never the dwarf king that reads as a crown', () => {
    expect(drawn('a dwarf with an axe')).not.toContain('game-icons:dwarf-king');
    expect(subjectOf('a dwarf')).toEqual(Array(4).fill('game-icons:dwarf-face'));
  });

  it('a photographer and a lifeguard are people with a camera and a ring buoy (a painter; refused)', () => {
    expect(drawn('a photographer')).toEqual(SEEDS.flatMap(() => [fe('person'), fe('camera')]));
    expect(drawn('a photographer')).not.toContain(fe('artist'));
    expect(drawn('a lifeguard at the pool')).toContain(fe('ring-buoy'));
  });

  it('everyday jobs refused by name are a person with the thing people draw them by; what the prompt gives them comes first', () => {
    for (const [prompt, tool] of [
      ['a baker', fe('bread')],
      ['a plumber', fe('plunger')],
      ['an electrician', fe('electric-plug')],
      ['a carpenter', fe('carpentry-saw')],
      ['a cashier', 'mdi:cash-register'],
      ['a hairdresser', fe('scissors')],
      ['a janitor', fe('broom')],
      ['a referee', 'game-icons:whistle'],
      ['a sailor', fe('anchor')],
      ['a magician', fe('magic-wand')],
    ]) {
      expect(drawn(prompt), prompt).toEqual(SEEDS.flatMap(() => [fe('person'), tool]));
    }
    expect(drawn('a dentist with a toothbrush')).toEqual(
      SEEDS.flatMap(() => [fe('person'), fe('toothbrush')]),
    );
    expect(drawn('a mail carrier with a package')).not.toContain(fe('envelope'));
    // (and people the sets draw doing it: a jockey, a climber, a dancer, a cowboy)
    expect(subjectOf('a jockey')).toEqual(Array(4).fill(fe('horse-racing')));
    expect(subjectOf('a climber')).toEqual(Array(4).fill(fe('person-climbing')));
    expect(subjectOf('a dancer')).toEqual(Array(4).fill(fe('woman-dancing')));
    expect(subjectOf('a cowboy')).toEqual(Array(4).fill(fe('cowboy-hat-face')));
  });

  it('found on prompts of my own: a pomegranate (a fruit tree) and a tide pool (a swimming pool) are refused; lettuce, a blueberry, a snowstorm, a log cabin are drawn by the art of another name', () => {
    expect(refused('a pomegranate')).toEqual(['pomegranate']);
    expect(refused('a tide pool')).toEqual(['tide pool']);
    expect(subjectOf('a head of lettuce')).toEqual(Array(4).fill(fe('leafy-green')));
    expect(subjectOf('a blueberry')).toEqual(Array(4).fill(fe('blueberries')));
    expect(subjectOf('a snowstorm')).toEqual(Array(4).fill(fe('cloud-with-snow')));
    expect(subjectOf('a log cabin')).toEqual(Array(4).fill('game-icons:wood-cabin'));
    expect(subjectOf('an easter egg hunt')).toEqual(Array(4).fill('game-icons:easter-egg'));
    // (pepper beside salt is the spice: never a bell pepper)
    expect(drawn('salt and pepper')).not.toContain(fe('bell-pepper'));
  });

  it('a person in a wheelchair or in bed is the one emoji of that (a girl stood above a wheelchair); a football is the American one, never a rugby ball', () => {
    expect(drawn('a girl in a wheelchair')).toEqual(Array(4).fill(fe('person-in-manual-wheelchair')));
    expect(subjectOf('a man in a wheelchair')).toEqual(Array(4).fill(fe('man-in-manual-wheelchair')));
    expect(subjectOf('a wheelchair user')).toEqual(Array(4).fill(fe('person-in-manual-wheelchair')));
    expect(subjectOf('a sick boy in bed')).toEqual(Array(4).fill(fe('person-in-bed')));
    expect(subjectOf('a wheelchair')).toEqual(Array(4).fill(fe('manual-wheelchair')));
    expect(subjectOf('a football')).toEqual(Array(4).fill(fe('american-football')));
  });

  it('a sticky note is the memo (a musical note); a flag for the fourth of July the USA flag (the white flag); a startup is no inauguration', () => {
    expect(subjectOf('a sticky note')).toEqual(Array(4).fill(fe('memo')));
    expect(subjectOf('a music note')).toEqual(Array(4).fill('mdi:music-note'));
    expect(subjectOf('a fourth of july flag')).toEqual(Array(4).fill('game-icons:usa-flag'));
    expect(drawn('a rocket launch for a startup')).toEqual(Array(4).fill('mdi:rocket-launch'));
  });

  it('whoever talks has a speech balloon by the head; a talking thing has a face to talk with (round 26 refused a talking tree)', () => {
    for (const prompt of ['a talking tree', 'a parrot talking', 'a teacher speaking'])
      expect(plan(prompt).mark?.id, prompt).toBe(fe('speech-balloon'));
    expect(subjectOf('a talking tree')).toEqual(Array(4).fill(fe('deciduous-tree')));
    expect(plan('a talking tree').face).toBe(true);
    expect(plan('a parrot talking').face).toBe(false);
    // (an animal's call too, as comics give it: a lion roaring was a calm lion)
    expect(plan('a lion roaring').mark?.id).toBe(fe('speech-balloon'));
    expect(plan('a barking dog').mark?.id).toBe(fe('speech-balloon'));
    // (by the side the head faces, never by a dog's tail: emoji face left unless mirrored)
    for (const seed of SEEDS) {
      const p = plan('a dog barking', seed);
      const layout = buildLayout(p, 'default', createRandom(seed), PALETTES[0], false, seed);
      const balloon = layout.accents.find((a) => a.art.id === fe('speech-balloon'));
      const facesRight = layout.subject.placed.flip;
      expect(balloon && balloon.x > layout.subject.placed.x === facesRight, `seed ${seed}`).toBe(true);
    }
  });

  it('the looks and kinds CLDR tags faces with are no feelings: a new car, a pretty flower, a fancy hat have no face by them', () => {
    for (const prompt of ['a new car', 'a pretty flower', 'a fancy hat', 'a hidden treasure'])
      expect(plan(prompt).mark, prompt).toBeNull();
    expect(drawn('a new car')).not.toContain(fe('new-moon-face'));
    expect(subjectOf('a hidden treasure')).toEqual(Array(4).fill('mdi:treasure-chest'));
    // (and words the index drew by another name: a dog treat was a cupcake, numbers a music note)
    expect(refused('a dog treat')).toEqual(['dog treat']);
    expect(refused('numbers')).toEqual(['numbers']);
    expect(subjectOf('a hockey puck')).toEqual(Array(4).fill('mdi:hockey-puck'));
  });

  it('a thing the subject’s art is named with is drawn in it: a planet with rings is the ringed planet alone (a finger ring beside it)', () => {
    expect(drawn('a planet with rings')).toEqual(Array(4).fill(fe('ringed-planet')));
    expect(drawn('a map of the world')).toEqual(Array(4).fill(fe('world-map')));
    // (a ball beside a baseball bat is still drawn: "and" gives a second thing)
    expect(drawn('a baseball bat and a ball')).toContain(fe('baseball'));
  });

  it('found on prompts of my own: a moon rover is the rover (a person holding the moon), a needle the sewing needle but a doctor’s the syringe; a haystack and an ant hill are refused (a stack, hills)', () => {
    expect(subjectOf('a moon rover')).toEqual(Array(4).fill('game-icons:mars-pathfinder'));
    expect(drawn('a needle and thread')).toContain(fe('sewing-needle'));
    expect(drawn('a doctor with a needle')).toContain(fe('syringe'));
    expect(refused('a haystack')).toEqual(['haystack']);
    expect(refused('an ant hill')).toEqual(['ant hill']);
  });

  it('a thing on the sand is on a beach; sand alone is no picture', () => {
    for (const prompt of ['a turtle crawling on the sand', 'a seashell on sand', 'a surfboard on the sand'])
      expect(plan(prompt).scene, prompt).toBe('beach');
    expect(refused('sand')).toEqual(['sand']);
  });

  it('bread rolls, a triangle (the instrument), a flying horse and a dandelion are drawn by their own art', () => {
    expect(subjectOf('a plate of bread rolls')).toEqual(Array(4).fill(fe('bread')));
    expect(subjectOf('a triangle instrument')).toEqual(Array(4).fill('mdi:instrument-triangle'));
    expect(subjectOf('a flying horse')).toEqual(Array(4).fill('game-icons:pegasus'));
    expect(subjectOf('a yellow dandelion')).toEqual(Array(4).fill('game-icons:dandelion-flower'));
  });

  it('a cough and a runny nose show as the sneezing face (nothing showed them)', () => {
    markedWithNoSecondFace('a boy with a cough', 'sneezing-face');
    expect(subjectOf('a runny nose')).toEqual(Array(4).fill(fe('sneezing-face')));
  });

  it('a made thing charging or ringing shows it by its top: a bolt, a bell; a creature charging does not', () => {
    expect(plan('a tablet charging').mark?.id).toBe(fe('high-voltage'));
    expect(plan('a telephone ringing').mark?.id).toBe(fe('bell'));
    expect(plan('a rhino charging').mark).toBeNull();
    // (before it too, and a thing leaking or melting drips)
    expect(plan('a ringing phone').mark?.id).toBe(fe('bell'));
    expect(plan('a leaking faucet').mark?.id).toBe(fe('droplet'));
    expect(plan('a melting snowman').mark?.id).toBe(fe('droplet'));
    // (a bell ringing is the bell alone)
    expect(drawn('a bell ringing')).toEqual(Array(4).fill(fe('bell')));
  });

  it('a bowl of things counted is drawn with its bowl; a bowl of soup stays the dish’s own art', () => {
    for (const seed of SEEDS) {
      const p = plan('a bowl of cherries', seed);
      expect(p.subject.id).toBe(fe('cherries'));
      expect(p.partner).toEqual({ art: getLexicon().artById.get('mdi:bowl'), relation: 'in' });
    }
    expect(drawn('a bowl of soup')).not.toContain('mdi:bowl');
    expect(drawn('a bowl of rice')).not.toContain('mdi:bowl');
  });

  it('a path after a word of place is the path, there (the forest’s tree was drawn)', () => {
    for (const seed of SEEDS) {
      const p = plan('a forest path', seed);
      expect(p.subject.id).toBe('game-icons:stone-path');
      expect(p.scene).toBe('forest');
    }
  });

  it('a string of things is that many of them, never refused for "string"; lights hung in one are string lights', () => {
    expect(subjectOf('a string of easter eggs')).toEqual(Array(4).fill('game-icons:easter-egg'));
    expect(subjectOf('christmas lights')).toEqual(Array(4).fill('mdi:string-lights'));
    expect(subjectOf('a string of fairy lights')).toEqual(Array(4).fill('mdi:string-lights'));
    // (the northern lights are no string of lights: refused)
    expect(refused('the northern lights')).toEqual(['northern lights']);
  });

  it('a sad or tired puppy is the whole dog, whose face shows no joy; a happy or excited one keeps the smiling dog face', () => {
    // (round 26: "a sad puppy" was the dog face, tongue out, by a small sad face)
    for (const prompt of ['a sad puppy', 'a tired puppy', 'a scared puppy']) {
      expect(subjectOf(prompt)).toEqual(Array(4).fill(fe('dog')));
    }
    expect(plan('a sad puppy').mark?.id).toBe(fe('sad-but-relieved-face'));
    expect(subjectOf('a happy puppy')).toEqual(Array(4).fill(fe('dog-face')));
    expect(subjectOf('an excited puppy')).toEqual(Array(4).fill(fe('dog-face')));
  });

  it('a mark that is also drawn beside the subject is drawn once (the wind face by a dandelion)', () => {
    for (const seed of SEEDS) {
      const p = plan('a dandelion blowing in the wind', seed);
      expect(p.mark).toBeNull();
      expect(p.subjects.filter((s) => s.art === fe('wind-face'))).toHaveLength(1);
    }
  });
});

describe('composer: wrong pictures of earlier rounds, and gaps the sets could fill', () => {
  it('an animal in a tank, a bowl or a cage is in the one named for it: never an army tank', () => {
    expect(drawn('a goldfish in a tank')).toContain('game-icons:aquarium');
    expect(drawn('a goldfish in a tank')).not.toContain('game-icons:tank');
    expect(drawn('a lobster in a tank')).not.toContain('game-icons:tank');
    expect(drawn('a fish in a bowl')).toContain('mdi:fishbowl');
    expect(drawn('a bird in a cage')).toContain('game-icons:bird-cage');
    // (a cat in a box is still in a box)
    expect(drawn('a cat in a box')).toContain('game-icons:cardboard-box');
  });

  it('words the sets draw only as another thing are refused, at no charge: a parking meter, brownies, a jet ski, a football fan, a river bank', () => {
    expect(refused('a parking meter')).toEqual(['parking meter']);
    expect(refused('a plate of brownies')).toEqual(['brownies']);
    expect(refused('a jet ski')).toEqual(['jet ski']);
    expect(refused('a football fan')).toEqual(['football fan']);
    expect(refused('a river bank')).toEqual(['river bank']);
    // (found on prompts of my own: a spa for a watering hole, an umbrella for the ground, bones for
    // a wrist)
    expect(drawn('a zebra drinking at a watering hole')).toEqual(Array(4).fill(fe('zebra')));
    expect(drawn('an acorn on the ground')).toEqual(Array(4).fill('game-icons:acorn'));
    expect(drawn('a smartwatch on a wrist')).not.toContain('game-icons:joint');
    // (mustard by a hot dog is left out, never a sprig of herb)
    expect(drawn('a hot dog with mustard')).toEqual(Array(4).fill(fe('hot-dog')));
  });

  it('a street lamp is the street light (a table lamp), a lunch box the bento box, a DJ a person with a record player (refused)', () => {
    expect(subjectOf('a street lamp')).toEqual(Array(4).fill('game-icons:street-light'));
    expect(subjectOf('a lunch box with a sandwich')).toEqual(Array(4).fill(fe('bento-box')));
    expect(drawn('a dj')).toEqual(SEEDS.flatMap(() => [fe('person'), 'mdi:record-player']));
    // (a soldier was Game Icons' flamethrower soldier; a bag its gunpowder sack)
    expect(subjectOf('a soldier saluting')).toEqual(Array(4).fill(fe('guard')));
    expect(drawn('a mail carrier with a bag')).not.toContain('game-icons:powder-bag');
    // (a medal was the military medal; sprinkles a cupcake, pepperoni a second pizza)
    expect(subjectOf('a medal')).toEqual(Array(4).fill(fe('sports-medal')));
    expect(drawn('a donut with sprinkles')).not.toContain(fe('cupcake'));
    expect(drawn('a pizza slice with pepperoni')).not.toContain(fe('pizza'));
    // (a messy room was a man in a sauna; a rope a skipping rope; an empty glass was refused)
    expect(refused('a messy room')).toEqual(['room']);
    expect(subjectOf('a tangled rope')).toEqual(Array(4).fill('game-icons:rope-coil'));
    expect(subjectOf('an empty glass')).toEqual(Array(4).fill(fe('tumbler-glass')));
    expect(subjectOf('a glass of milk')).toEqual(Array(4).fill(fe('glass-of-milk')));
    // (the gold in a treasure chest was left out; gold before a thing still paints it)
    expect(drawn('a treasure chest full of gold')).toContain('game-icons:gold-bar');
    expect(plan('a gold ring').colour).toBe('#ffd700');
    // (to blow is no feeling: a kid blowing bubbles had the wind face by her head; a baby shower
    // was a bathroom's shower; an American flag the white flag)
    expect(drawn('a kid blowing bubbles')).not.toContain(fe('wind-face'));
    expect(plan('a kid blowing bubbles').mark).toBeNull();
    expect(refused('a baby shower')).toEqual(['baby shower']);
    expect(subjectOf('an american flag')).toEqual(Array(4).fill('game-icons:usa-flag'));
    // (a wireless mouse was the animal, a heart monitor a computer's monitor)
    expect(subjectOf('a wireless mouse')).toEqual(Array(4).fill(fe('computer-mouse')));
    expect(subjectOf('a heart monitor')).toEqual(Array(4).fill('mdi:heart-pulse'));
    // (the ball given with a basketball hoop is the basketball; it was a soccer ball)
    expect(drawn('a basketball hoop with a ball')).toContain(fe('basketball'));
    expect(drawn('a basketball hoop with a ball')).not.toContain(fe('soccer-ball'));
  });
});

describe('composer: a place named alone, by its own art', () => {
  it('the mountains, the hills, a field or a meadow are themselves, never a house, a castle or a tent', () => {
    expect(subjectOf('the mountains')).toEqual(Array(4).fill(fe('mountain')));
    expect(subjectOf('the hills')).toEqual(Array(4).fill('game-icons:hills'));
    expect(subjectOf('a field')).toEqual(Array(4).fill('game-icons:field'));
    expect(subjectOf('a meadow')).toEqual(Array(4).fill('game-icons:field'));
    for (const prompt of ['the mountains', 'the hills', 'a field', 'a meadow', 'the countryside'])
      for (const art of subjectOf(prompt))
        expect([fe('house'), fe('castle'), fe('camping')]).not.toContain(art);
  });

  it('an aquarium is the aquarium (a crab), a city its skyline (a bus); a forest is still its trees', () => {
    expect(subjectOf('an aquarium')).toEqual(Array(4).fill('game-icons:aquarium'));
    expect(subjectOf('a city')).toEqual(Array(4).fill(fe('cityscape')));
    expect(subjectOf('an enchanted forest')).toEqual(Array(4).fill(fe('evergreen-tree')));
    // (and spring is still its season, never a coil spring)
    expect(drawn('spring')).not.toContain('game-icons:spring');
  });

  it('a bullet is the bullets, never the bullet train of its third sense', () => {
    expect(subjectOf('a bullet')).toEqual(Array(4).fill('game-icons:bullets'));
    expect(subjectOf('a bullet train')).toEqual(Array(4).fill(fe('bullet-train')));
  });
});

describe('composer: round 27’s patterns', () => {
  it('refused, though the sets draw them by another name: a santa sleigh, a spelling test, a dart board, a cable car', () => {
    expect(subjectOf('a santa sleigh')).toEqual(Array(4).fill(fe('sled')));
    expect(subjectOf('a spelling test')).toEqual(Array(4).fill(fe('memo')));
    expect(subjectOf('a dart board')).toEqual(Array(4).fill(fe('bullseye')));
    expect(subjectOf('a cable car on a mountain')).toEqual(Array(4).fill(fe('aerial-tramway')));
  });

  it('a school bus is the school bus, painted yellow (a city bus); a goblin the green goblin (a Japanese mask)', () => {
    expect(subjectOf('a school bus')).toEqual(Array(4).fill('mdi:bus-school'));
    expect(getLexicon().artById.get('mdi:bus-school')?.colour).toBe('#f5c518');
    expect(subjectOf('a goblin')).toEqual(Array(4).fill('game-icons:goblin-head'));
  });

  it('a grandson, a crow and a banana tree are drawn beside the first (they were left out, or a banana)', () => {
    expect(drawn('a grandma and a grandson')).toContain(fe('boy'));
    expect(drawn('a cat and a crow')).toContain(fe('blackbird'));
    expect(drawn('a parrot and a banana tree')).toContain(fe('deciduous-tree'));
  });

  it('love-struck and hopeful show: two hearts, crossed fingers (refused; a plain smile)', () => {
    markedWithNoSecondFace('a love-struck puppy', 'two-hearts');
    markedWithNoSecondFace('a hopeful boy', 'crossed-fingers');
  });

  it('a message bubble is the speech balloon, never soap bubbles (round 27’s one wrong picture); a recorder the flute', () => {
    expect(drawn('a tablet with a message bubble')).toContain(fe('speech-balloon'));
    expect(drawn('a tablet with a message bubble')).not.toContain(fe('bubbles'));
    expect(drawn('a boy with a recorder')).toContain(fe('flute'));
    expect(refused('a tape recorder')).toEqual(['tape recorder']);
  });

  it('two or three of a thing named alone are that many (two kids were one); counted things on another stay one, on it', () => {
    expect(drawn('two kids playing')).toEqual(SEEDS.flatMap(() => [fe('child'), fe('child')]));
    expect(plan('two cats').partner?.relation).toBe('beside');
    expect(drawn('three little pigs')).toEqual(SEEDS.flatMap(() => [fe('pig'), fe('pig'), fe('pig')]));
    expect(plan('two birds on a branch').partner?.relation).toBe('on');
  });

  it('found on prompts of my own: a man with a beard is the bearded man; thinking shows the thinking face; shopping and cleaning people hold bags and a broom', () => {
    expect(subjectOf('a man with a beard')).toEqual(Array(4).fill(fe('man-beard')));
    expect(subjectOf('a bearded man')).toEqual(Array(4).fill(fe('man-beard')));
    markedWithNoSecondFace('a man thinking', 'thinking-face');
    expect(drawn('a woman shopping')).toContain(fe('shopping-bags'));
    expect(drawn('a kid cleaning his room')).toContain(fe('broom'));
  });

  it('found on prompts of my own: a champagne bottle is the bottle with its popping cork (refused)', () => {
    expect(subjectOf('a champagne bottle')).toEqual(Array(4).fill(fe('bottle-with-popping-cork')));
  });

  it('a bunch of flowers is the bouquet (one tulip); a bunch of grapes stays the grapes', () => {
    expect(subjectOf('a bunch of roses')).toEqual(Array(4).fill(fe('bouquet')));
    expect(subjectOf('a bunch of grapes')).toEqual(Array(4).fill(fe('grapes')));
  });
});

describe('composer: round 28’s patterns', () => {
  it('a red cross is the symbol of aid, never a Latin cross painted red beside an ambulance or a hospital (round 28’s two wrong pictures)', () => {
    expect(drawn('an ambulance with a red cross')).toEqual(Array(4).fill(fe('ambulance')));
    expect(drawn('a hospital with a red cross')).toEqual(Array(4).fill(fe('hospital')));
    expect(refused('a red cross')).toEqual(['red cross']);
    // (a red fox is still a fox)
    expect(subjectOf('a red fox')).toEqual(Array(4).fill(fe('fox')));
  });

  it('refused, though the sets draw them by another name: spaghetti and meatballs, a math worksheet, a bedroom, a living room', () => {
    expect(drawn('a plate of spaghetti and meatballs')).toEqual(Array(4).fill(fe('spaghetti')));
    expect(subjectOf('a math worksheet')).toEqual(Array(4).fill(fe('memo')));
    expect(subjectOf('a bedroom')).toEqual(Array(4).fill(fe('bed')));
    expect(subjectOf('a living room')).toEqual(Array(4).fill(fe('couch-and-lamp')));
  });

  it('found on prompts of my own: dirt is no turd; a stroller is the baby carriage (refused), a storm cloud the cloud with lightning', () => {
    expect(drawn('a shovel in the dirt')).not.toContain('game-icons:turd');
    expect(subjectOf('a stroller')).toEqual(Array(4).fill('mdi:baby-carriage'));
    expect(drawn('a storm cloud with lightning')).toEqual(Array(4).fill(fe('cloud-with-lightning')));
  });

  it('everyday words the index drew as another thing are refused or left out: first names, a Mexican (a taco), nursing (breast-feeding), a mind (an exploding head)', () => {
    expect(refused('john and his dog')).toEqual(['john']);
    expect(refused('a mexican hat')).toEqual(['mexican hat']);
    expect(drawn('a nurse nursing a patient')).not.toContain(fe('breast-feeding'));
    expect(refused('a peaceful mind')).toEqual(['mind']);
    expect(refused('sam and his dog')).toEqual(['sam']);
    // (a British mum is a woman, never a chrysanthemum; a medic the health worker, no herb)
    expect(subjectOf('a mum and her baby')).toEqual(Array(4).fill(fe('woman')));
    expect(subjectOf('a medic')).toEqual(Array(4).fill(fe('health-worker')));
    // (and a named person is never drawn by what they were: Solomon as a king, Archimedes as a
    // scientist)
    expect(refused('king solomon')).toEqual(['king solomon']);
    expect(getLexicon().words.get('archimedes')).toBeUndefined();
  });

  it('a lake, which no set draws, is the open country behind a boat or a duck on it; a lake alone is still refused', () => {
    expect(subjectOf('a lake with a boat')).toEqual(Array(4).fill(fe('motor-boat')));
    expect(plan('a lake with a boat').scene).toBe('landscape');
    expect(plan('a duck swimming in a lake').scene).toBe('landscape');
    expect(refused('a lake')).toEqual(['lake']);
    // (nor is a mountain lake a mountain)
    expect(refused('a mountain lake')).toEqual(['mountain lake']);
  });

  it('found on prompts of my own: a shopping list is the memo (a database); a corn cob, a snow cone, a stock chart are drawn (refused)', () => {
    expect(subjectOf('a shopping list')).toEqual(Array(4).fill(fe('memo')));
    expect(subjectOf('a corn cob')).toEqual(Array(4).fill(fe('ear-of-corn')));
    expect(subjectOf('a snow cone')).toEqual(Array(4).fill(fe('shaved-ice')));
    expect(subjectOf('a stock chart')).toEqual(Array(4).fill(fe('chart-increasing')));
  });

  it('a word of no art before the word for the picture says what it is for: a reward sticker with a star is the star; a thumbs up is drawn', () => {
    expect(drawn('a reward sticker with a star')).toEqual(Array(4).fill(fe('star')));
    expect(drawn('a fitness logo with a dumbbell')).toEqual(Array(4).fill('mdi:dumbbell'));
    expect(refused('a fitness logo')).toEqual(['fitness']);
    expect(subjectOf('a thumbs up sticker')).toEqual(Array(4).fill(fe('thumbs-up')));
  });

  it('a diamond is the gem stone, never the orange diamond shape of the symbols', () => {
    expect(subjectOf('a sparkling diamond')).toEqual(Array(4).fill(fe('gem-stone')));
    expect(subjectOf('a diamond ring')).toEqual(Array(4).fill('game-icons:diamond-ring'));
  });

  it('a hand is the raised hand, never the OK sign; chicken noodle soup the steaming bowl (a cooking pot)', () => {
    expect(drawn('a phone in a hand')).not.toContain(fe('ok-hand'));
    expect(drawn('a phone in a hand')).toContain(fe('raised-hand'));
    expect(subjectOf('a bowl of chicken noodle soup')).toEqual(Array(4).fill(fe('steaming-bowl')));
  });
});

describe('composer: round 29’s patterns', () => {
  it('a second thing the sets draw by another name is drawn: a ball of string, a cushion, a game, dishes, a bow', () => {
    expect(drawn('a kitten playing with a ball of string')).toContain(fe('yarn'));
    expect(drawn('a chair with a cushion')).toContain('game-icons:pillow');
    expect(drawn('a sink with dishes')).toContain(fe('fork-and-knife-with-plate'));
    expect(drawn('a heart with a bow')).toContain(fe('ribbon'));
    // (an archer's bow is the bow and arrow; a violin's is its own, no ribbon)
    expect(drawn('an archer with a bow')).toContain(fe('bow-and-arrow'));
    expect(drawn('a violin and a bow')).toEqual(Array(4).fill(fe('violin')));
    // (a dish was a petri dish)
    expect(subjectOf('a dish')).not.toContain(fe('petri-dish'));
  });

  it('an animal’s young after "its" are beings of their own, never its part: a bird feeding its chicks', () => {
    expect(drawn('a bird feeding its chicks')).toContain(fe('front-facing-baby-chick'));
    expect(plan('a duck and its ducklings').partner?.relation).toBe('young');
    // (its siren is still the fire truck's own, no mermaid)
    expect(drawn('a fire truck with its siren')).toEqual(Array(4).fill(fe('fire-engine')));
  });

  it('a bench is the park bench (left out); a kid reading on it holds the book too', () => {
    expect(drawn('a boy sitting on a bench')).toContain('game-icons:park-bench');
    expect(drawn('a kid reading on a bench')).toEqual(
      SEEDS.flatMap(() => [fe('child'), 'game-icons:park-bench', fe('open-book')]),
    );
  });

  it('a bow with arrows is the bow and arrow, drawn once; beside a cage or a leash an animal is the animal (a bird and a cage drew the shuttlecock)', () => {
    expect(drawn('a bow and an arrow')).toEqual(Array(4).fill(fe('bow-and-arrow')));
    expect(drawn('a bird and a cage')).toContain(fe('bird'));
    expect(drawn('a bird and a cage')).not.toContain('game-icons:shuttlecock');
    // (beside a badminton racket the bird is still the shuttlecock)
    expect(drawn('a badminton racket and a bird')).toContain('game-icons:shuttlecock');
  });

  it('an animal’s horns, antlers or tusks are its own, no second thing (a goat with horns had a postal horn)', () => {
    expect(drawn('a goat with horns')).toEqual(Array(4).fill(fe('goat')));
    expect(drawn('a goat with horns')).not.toContain(fe('postal-horn'));
  });

  it('a bird served on a plate is the roast (a live turkey on the plate)', () => {
    expect(subjectOf('a thanksgiving turkey on a plate')).toEqual(Array(4).fill(fe('poultry-leg')));
    expect(subjectOf('a turkey with a pilgrim hat')).toEqual(Array(4).fill(fe('turkey')));
  });
});

describe('composer: round 30’s patterns', () => {
  it('a card is no hotel key card (round 30’s one wrong picture): a valentine’s card is the love letter, a card alone refused', () => {
    expect(subjectOf('a valentine’s day card with hearts')).toEqual(Array(4).fill(fe('love-letter')));
    expect(drawn('a card for valentine’s day')).not.toContain('game-icons:key-card');
  });

  it('refused or left out, drawn by the art of another name: a christmas star and angel, a bath, a stylus, crackers, a horse’s cart', () => {
    expect(subjectOf('a christmas star')).toEqual(Array(4).fill(fe('star')));
    expect(subjectOf('a christmas angel')).toEqual(Array(4).fill(fe('baby-angel')));
    expect(drawn('a bird taking a bath')).toContain(fe('bathtub'));
    expect(drawn('a tablet and a stylus')).toContain(fe('pen'));
    expect(drawn('a plate of cheese and crackers')).toContain(fe('rice-cracker'));
    expect(drawn('a horse pulling a cart')).toContain('game-icons:old-wagon');
    expect(drawn('a horse pulling a cart')).not.toContain(fe('shopping-cart'));
    expect(subjectOf('a woman swimming laps')).toEqual(Array(4).fill(fe('woman-swimming')));
  });

  it('a fish served on a plate is the cooked fish; a yellow duck is the rubber duck (an olive mallard); a fish in a bowl is still alive', () => {
    expect(subjectOf('a grilled fish on a plate')).toEqual(Array(4).fill('game-icons:fish-cooked'));
    expect(subjectOf('a fish in a bowl')).toEqual(Array(4).fill(fe('fish')));
    expect(subjectOf('a big yellow duck')).toEqual(Array(4).fill('game-icons:plastic-duck'));
    expect(subjectOf('a duck')).toEqual(Array(4).fill(fe('duck')));
  });
});

describe('composer: ideas a blog post names', () => {
  it('are drawn by the symbol everyone uses for them (refused): love, celebration, recycling, teamwork, success', () => {
    expect(subjectOf('love')).toEqual(Array(4).fill(fe('red-heart')));
    expect(subjectOf('celebration')).toEqual(Array(4).fill(fe('party-popper')));
    expect(subjectOf('recycling')).toEqual(Array(4).fill(fe('recycling-symbol')));
    expect(subjectOf('teamwork')).toEqual(Array(4).fill(fe('handshake')));
    expect(subjectOf('success')).toEqual(Array(4).fill(fe('trophy')));
    // (one that has no such symbol is still refused)
    expect(refused('mental health')).toEqual(['mental health']);
  });
});

describe('composer: round 31’s patterns', () => {
  it('in the sun the sun is overhead, as the rain cloud is in the rain (a cat stood on top of the sun)', () => {
    expect(plan('a cat napping in the sun').partner?.relation).toBe('sky');
  });

  it('a twig, a witch hat, paper, a notification and chocolate milk are drawn by the art of another name (left out or refused)', () => {
    expect(drawn('a bird carrying a twig')).toContain('game-icons:tree-branch');
    expect(drawn('a cat with a witch hat')).toContain('mdi:wizard-hat');
    expect(drawn('a girl with a pencil and paper')).toContain('game-icons:papers');
    expect(drawn('a phone with a notification')).toContain(fe('bell'));
    expect(subjectOf('a glass of chocolate milk')).toEqual(Array(4).fill(fe('glass-of-milk')));
  });

  it('a bat where the prompt names its game is that game’s bat (a cricket bat by a baseball player)', () => {
    expect(drawn('a baseball player with a bat')).toContain('game-icons:baseball-bat');
    expect(drawn('a baseball player with a bat')).not.toContain('game-icons:cricket-bat');
    expect(drawn('a bat in a cave')).toContain(fe('bat'));
  });

  it('a sunset beside a boat or a mountain is the sun going down over the water or the hills, never behind city buildings', () => {
    expect(drawn('a boat sailing at sunset')).toContain(fe('sunrise'));
    expect(drawn('a mountain at sunset')).toContain(fe('sunrise-over-mountains'));
    expect(drawn('a boat sailing at sunset')).not.toContain(fe('sunset'));
  });
});

describe('composer: round 32’s patterns', () => {
  it('a cross beside a thing of aid is its own red cross, never a Latin cross (round 32’s one wrong picture)', () => {
    expect(drawn('a first aid kit with a cross')).toEqual(Array(4).fill('game-icons:first-aid-kit'));
    expect(drawn('an ambulance with a cross')).toEqual(Array(4).fill(fe('ambulance')));
    // (beside a church it is the Latin cross)
    expect(drawn('a church with a cross')).toContain('mdi:cross');
  });

  it('a game of chess is the chess pawn, never a video game and a grass (WordNet’s first chess)', () => {
    expect(drawn('a game of chess')).toEqual(Array(4).fill(fe('chess-pawn')));
  });

  it('a message beside a phone is the speech balloon (left out)', () => {
    expect(drawn('a phone with a message')).toContain(fe('speech-balloon'));
  });
});
