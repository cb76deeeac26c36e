// Prompt -> what to draw. compromise tags the words (noun, adjective, verb...); the index says
// how each noun is drawn. The first noun phrase is the subject; colour and size words change
// it; other nouns become accents; verbs of motion move it; scene words set a backdrop.
import nlp from 'compromise';
import type { ArtRecord, MatchKind, MotionKind, WordEntry } from './index-file';
import { getLexicon, type Lexicon } from './lexicon';
import type { Random } from './random';
import {
  BACKDROP_WORDS,
  MUSIC_VERBS,
  OCCASION_ART,
  OCCASION_KINDS,
  PROP_ART,
  SCENE_ACCENTS,
  SCENE_SUBJECTS,
  type SceneId,
  SOFT_SCENE_WORDS,
  SPEECH_VERBS,
  seasonFor,
  THING_STATE_MARKS,
  VERB_THINGS,
  WEATHER_ART,
} from './scenes';
import { FACE_WORDS, PICTURE_WORDS, tokenize } from './words';

/** What the composer drew for a word of the prompt (reported to the person). */
export type DrawnSubject = {
  /** The prompt's word or phrase. */
  word: string;
  /** The art's own name in its set. */
  label: string;
  /** "<set>:<icon>" as named in its @iconify-json package. */
  art: string;
};

export type Plan = {
  subject: ArtRecord;
  accents: ArtRecord[];
  /** Art that suits the scene, to fill in when the prompt named fewer than two accents. */
  sceneAccents: ArtRecord[];
  scene: SceneId | null;
  face: boolean;
  /** A colour the prompt gave the subject ("a blue car"), as #rrggbb. */
  colour: string | null;
  /** The colour the prompt gave each of `accents` ("a tree with pink blossoms"), or null. */
  accentColours: (string | null)[];
  /** 1 normally; below for "tiny", above for "giant". */
  scale: number;
  motion: MotionKind | null;
  /**
   * A second thing the prompt names ("a boy riding a bicycle") and how the two stand: drawn
   * large beside the subject, not as a corner sticker. It is also the first of `accents`.
   */
  partner: { art: ArtRecord; relation: Relation } | null;
  /**
   * A comic mark by the subject's head for a feeling its own art does not show ("a koala
   * sleeping": zzz; "a grumpy cat": an anger symbol), instead of a second face beside it.
   */
  mark: ArtRecord | null;
  subjects: DrawnSubject[];
};

/**
 * The comic mark cartoonists draw for the feeling a face shows (fluent emoji names). A feeling
 * with no mark here (sad, proud, crying) is drawn as its face, small by the subject's head like a
 * mark (round 3: a face beside the subject read as a second subject).
 */
const FEELING_MARKS: [mark: string, faces: string[]][] = [
  ['sparkles', ['smiling-face', 'slightly-smiling-face', 'smiling-face-with-smiling-eyes']],
  ['zzz', ['sleeping-face', 'sleepy-face', 'yawning-face', 'tired-face']],
  ['anger-symbol', ['angry-face', 'pouting-face', 'face-with-steam-from-nose', 'angry-face-with-horns']],
  [
    'sweat-droplets',
    [
      'fearful-face',
      'anxious-face-with-sweat',
      'downcast-face-with-sweat',
      'worried-face',
      'face-screaming-in-fear',
      'anguished-face',
      'grinning-face-with-sweat',
    ],
  ],
  ['red-question-mark', ['confused-face', 'confounded-face', 'face-with-diagonal-mouth']],
  ['dizzy', ['face-with-spiral-eyes']],
  ['red-exclamation-mark', ['hushed-face', 'face-with-open-mouth', 'astonished-face']],
  ['two-hearts', ['smiling-face-with-hearts', 'smiling-face-with-heart-eyes', 'face-blowing-a-kiss']],
];

/** Where a second thing stands: `over` puts the subject above it ("jumping over a rainbow"), `sky`
 * is weather above the subject ("a dog in the rain": the rain cloud overhead). */
export type Relation = 'on' | 'in' | 'under' | 'over' | 'riding' | 'holding' | 'beside' | 'sky' | 'young';

/** Words of place the tagger may read as adjectives or nouns ("above", "below"). */
const PLACE_WORDS = new Set(['above', 'below', 'beneath', 'underneath', 'atop', 'inside', 'beside']);

/** The words before a second thing that say where it is (WordNet has no such list: ours). */
const RELATION_WORDS: [Relation, string[]][] = [
  ['on', ['on', 'onto', 'atop', 'upon', 'sitting', 'standing', 'climbing', 'climbs']],
  ['in', ['in', 'inside', 'into', 'within']],
  ['under', ['under', 'below', 'beneath', 'underneath']],
  ['over', ['over', 'above']],
  ['riding', ['riding', 'rides', 'ride', 'driving', 'drives', 'drive']],
  [
    'holding',
    [
      'holding',
      'holds',
      'hold',
      'carrying',
      'carries',
      'carry',
      'hugging',
      'hugs',
      'reading',
      'reads',
      'eating',
      'eats',
    ],
  ],
  [
    'beside',
    [
      ...['and', 'with', 'beside', 'next', 'to', 'near', 'together', 'chasing', 'playing', 'meets'],
      // a reindeer pulling a sleigh walks ahead of it, not over it
      ...['pulling', 'pulls', 'pull', 'pushing', 'pushes', 'push', 'towing', 'tows', 'dragging', 'drags'],
    ],
  ],
];

/** Words that put one thing on, in or under another. */
const PLACES = new Set(
  RELATION_WORDS.filter(([relation]) => ['on', 'in', 'under', 'over'].includes(relation)).flatMap(
    ([, words]) => words,
  ),
);

/** The prompt's subject has no art: nothing is drawn and nothing is charged. */
export class ComposerMiss extends Error {
  readonly words: string[];
  constructor(words: string[]) {
    super(`No art for: ${words.join(', ')}`);
    this.name = 'ComposerMiss';
    this.words = words;
  }
}

/** A word of the prompt; `raw` keeps its "'s" ("new year's eve" is a name). */
type Token = { text: string; tags: Set<string>; raw: string };

type Noun = {
  /** The prompt's words for it. */
  word: string;
  entry: WordEntry | null;
  /** The word is a kind of scene ("beach", "space"). */
  scene: SceneId | null;
  /** Written with "'s": the owner of what follows ("a doctor's bag"). */
  owner?: boolean;
  /** A preposition follows ("cut in half"): the word may say what is done, not name a thing. */
  beforePreposition?: boolean;
};

type Phrase = { nouns: Noun[]; colour: string | null; scale: number; partitive?: boolean; start: number };

/** A feeling or state the prompt gives ("sad", "sleeping") and the art that shows it, best first. */
type Feeling = { word: string; arts: ArtRecord[] };

const ARTICLES = new Set(['a', 'an', 'the']);
const SHE = new Set(['she', 'her', 'hers', 'herself']);
const HE = new Set(['he', 'him', 'his', 'himself']);

const POSSESSIVES = new Set(['my', 'your', 'his', 'her', 'its', 'our', 'their']);

/** The people the emoji draw, by the word for a person: a girl is drawn as a woman. (Not one of
 * art of their own: a student raising her hand is the woman student.) */
const PERSON_SEX: Record<string, string> = {
  girl: 'woman',
  woman: 'woman',
  lady: 'woman',
  boy: 'man',
  man: 'man',
  guy: 'man',
  person: 'person',
};

const MATCH_RANK: Record<MatchKind, number> = {
  name: 6,
  synonym: 5,
  keyword: 4,
  kind: 3,
  hypernym: 2,
  part: 1,
};

const SKIP_TAGS = ['Determiner', 'Preposition', 'Conjunction', 'Pronoun', 'Adverb', 'Value', 'QuestionWord'];

function tag(text: string): Token[] {
  const words = tokenize(text);
  if (words.length === 0) return [];
  const tagged = nlp(words.join(' ')).json() as { terms: { normal: string; tags: string[] }[] }[];
  const out: Token[] = [];
  for (const sentence of tagged) {
    for (const term of sentence.terms) {
      // "grandmother's recipe": the grandmother ("'s" is no part of her name).
      const raw = term.normal.replace(/[^a-z0-9'_-]/g, '');
      const normal = raw.replace(/'s$/, '');
      // The tagger reads "a" in "a violinist" as a noun (the letter): an article is an article.
      // ...and "above" in "a plane above the clouds" an adjective: a word of place before a
      // thing is a preposition.
      const tags = ARTICLES.has(normal)
        ? ['Determiner']
        : PLACE_WORDS.has(normal)
          ? ['Preposition']
          : term.tags;
      if (normal) out.push({ text: normal, tags: new Set(tags), raw });
    }
  }
  // "a hamburger and fries", "a rainbow and clouds": a word the tagger reads as a verb after
  // "and" and a noun is the second of two things (a dog "runs and jumps": the word before "and"
  // is a verb, and so is this one).
  // "a boy playing drums": so is one right after a verb in -ing, what the -ing word is done to.
  for (let i = 1; i < out.length; i++) {
    const [before, previous, word, next] = [out[i - 2], out[i - 1], out[i], out[i + 1]];
    if (!word.tags.has('PresentTense') || !word.text.endsWith('s')) continue;
    const second = previous.text === 'and' && before?.tags.has('Noun') && !before.tags.has('Verb');
    const done =
      previous.text.endsWith('ing') && (!next || next.tags.has('Preposition') || next.text === 'and');
    if (second || done) word.tags = new Set(['Noun', 'Plural']);
  }
  return out;
}

/**
 * "a wrapped present with a ribbon": the tagger reads a noun that is also a verb as the verb after
 * a participle ("wrapped present"), and right after an article too ("a cave in the mountains", "a
 * sling on an arm": round 26 drew the mountains and the arm alone). After an article and any words
 * that describe, the last word before a preposition, "and" or the end is the thing they describe
 * when the dictionary has it as a noun.
 */
function describedNouns(tokens: Token[], lexicon: Lexicon): Token[] {
  // (a prompt of one word the dictionary has as a thing is that thing: "love", "recycling")
  const [only] = tokens;
  if (tokens.length === 1 && lexicon.words.has(only.text) && lexicon.nouns.has(only.text))
    only.tags = new Set(['Noun', 'Singular']);
  for (let i = 1; i < tokens.length; i++) {
    const word = tokens[i];
    const next = tokens[i + 1];
    if (word.tags.has('Noun') || !word.tags.has('Verb') || !lexicon.nouns.has(word.text)) continue;
    if (next && !next.tags.has('Preposition') && next.text !== 'and') continue;
    let k = i - 1;
    while (k > 0 && (tokens[k].tags.has('Adjective') || tokens[k].tags.has('PastTense'))) k--;
    if (ARTICLES.has(tokens[k].text)) word.tags = new Set(['Noun', 'Singular']);
  }
  return tokens;
}

/** The singular forms a plural may come from (WordNet's rules), then the word itself. */
function nounForms(word: string): string[] {
  const forms: string[] = [];
  const rules: [string, string][] = [
    // "cookies" are cookies before they are a "cooky" (WordNet's first cooky is a camp cook)
    ['ies', 'ie'],
    ['ies', 'y'],
    ['ves', 'f'],
    ['ves', 'fe'],
    ['men', 'man'],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['es', 'e'],
    ['s', ''],
  ];
  for (const [suffix, replacement] of rules) {
    if (word.length > suffix.length + 2 && word.endsWith(suffix))
      forms.push(word.slice(0, -suffix.length) + replacement);
  }
  forms.push(word);
  return forms;
}

/** The noun forms to look up: the rules first, the tagger's singular only for irregular plurals ("mice"). */
function nounFormsIn(word: string, known: Set<string>): string[] {
  const forms = nounForms(word);
  if (forms.some((f) => known.has(f))) return forms;
  const irregular = irregularSingular(word);
  return irregular ? [irregular, ...forms] : forms;
}

/** The tagger's singular of an irregular plural ("mice", "teeth"), if it differs from the word. */
function irregularSingular(word: string): string | undefined {
  const singular = nlp(word).nouns().toSingular().text().toLowerCase();
  return singular && singular !== word ? singular : undefined;
}

/** A part of a body, in any of the word's forms ("hands"; teeth are tissue, a thing of their own). */
function isBodyPart(word: string, lexicon: Lexicon): boolean {
  return nounFormsIn(word, lexicon.nouns).some((f) => lexicon.bodyParts.has(f));
}

/** WordNet knows the word as a thing (in any of its noun forms): "locker" yes, a code or a typo no. */
function isDictionaryNoun(word: string, lexicon: Lexicon): boolean {
  return nounFormsIn(word, lexicon.nouns).some((f) => lexicon.nouns.has(f));
}

/** Drawn by art of the word's own name or a synonym's, not by a broader word or a keyword. */
function drawnByOwnName(entry: WordEntry | null | undefined): entry is WordEntry {
  return entry?.how === 'name' || entry?.how === 'synonym';
}

/**
 * A closed compound the dictionary does not know yet ("smartwatch", "smartphone case" aside):
 * a word it knows, then a thing drawn by its own name, is a kind of that thing ("watch").
 */
function compoundEntry(word: string, lexicon: Lexicon): WordEntry | null {
  if (isDictionaryNoun(word, lexicon) || /[^a-z]/.test(word)) return null;
  // A two-word name written as one: a "bandaid" is a band aid.
  for (let k = 3; k <= word.length - 3; k++) {
    const named = lexicon.words.get(`${word.slice(0, k)} ${word.slice(k)}`);
    if (named && trusted(named, lexicon)) return named;
  }
  for (let k = 3; k <= word.length - 4; k++) {
    const first = word.slice(0, k);
    if (!lexicon.adjectives.has(first) && !lexicon.nouns.has(first)) continue;
    const head = lookupNoun(word.slice(k), lexicon);
    if (drawnByOwnName(head)) return { how: 'hypernym', arts: head.arts, via: word.slice(k) };
  }
  return null;
}

/** "running" -> run, "flies" -> fly, "jumped" -> jump, when WordNet knows the verb. */
function verbLemma(word: string, lexicon: Lexicon): string | null {
  const candidates = [word];
  for (const suffix of ['ing', 'ed', 'es', 's']) {
    if (!word.endsWith(suffix) || word.length <= suffix.length + 1) continue;
    const stem = word.slice(0, -suffix.length);
    candidates.push(stem, `${stem}e`);
    if (stem.length > 2 && stem.at(-1) === stem.at(-2)) candidates.push(stem.slice(0, -1));
    if (suffix === 'es' || suffix === 'ed') candidates.push(stem.replace(/i$/, 'y'));
    // "tying", "lying": the verb ends in -ie
    if (suffix === 'ing' && stem.endsWith('y')) candidates.push(`${stem.slice(0, -1)}ie`);
  }
  return candidates.find((c) => lexicon.verbs.has(c)) ?? null;
}

function lookupNoun(word: string, lexicon: Lexicon): Noun['entry'] {
  // Art named by the word as typed ("fireworks") beats its singular's ("firework", an icon).
  const own = lexicon.words.get(word);
  if (own?.how === 'name' && lexicon.arts[own.arts[0]]?.kind === 'color') return own;
  for (const form of nounFormsIn(word, lexicon.nouns)) {
    const entry = lexicon.words.get(form);
    // (...and the word as typed, drawn by its own name or a synonym, beats a singular drawn only
    // by a broader word: steps are stairs, not a "move" as in a step of a plan)
    if (entry && form !== word && drawnByOwnName(own) && !drawnByOwnName(entry)) return own;
    if (entry) return trusted(entry, lexicon);
  }
  return null;
}

/**
 * A broader word is drawn only by art of that broader thing itself: "golf ball" reaches "ball"
 * whose art is a soccer ball, "hockey stick" reaches "stick" drawn as a joystick, "birthday party"
 * a party popper: each a sibling or another thing, so the word has no art (refused, not charged).
 */
function trusted(entry: WordEntry, lexicon: Lexicon): WordEntry | null {
  if (entry.how !== 'hypernym' || !entry.via) return entry;
  const label = lexicon.arts[entry.arts[0]]?.label ?? '';
  // (its own art in the plural is that thing: a textbook is a book, the "books" emoji)
  const itself = label === entry.via || label === `${entry.via}s`;
  return !itself && label.includes(entry.via) ? null : entry;
}

/** Words before "the sea" that put a thing on or by its surface, not under it. */
const SURFACE_WORDS = new Set(['on', 'over', 'above', 'across', 'by', 'beside', 'near', 'along', 'at']);

/**
 * "a sunset over the sea", "a boat on the ocean": the thing is on or by the water, a beach's
 * backdrop; "a fish in the sea" is under it.
 */
function onTheSurface(tokens: Token[], at: number): boolean {
  let i = at - 1;
  while (i >= 0 && ['the', 'a', 'an', 'calm', 'blue', 'open', 'deep'].includes(tokens[i].text)) i--;
  return i >= 0 && SURFACE_WORDS.has(tokens[i].text);
}

/** A noun of an act, an event or a state ("kick", "ride", "cut"), not of a thing. */
function isAct(word: string, lexicon: Lexicon): boolean {
  return nounFormsIn(word, lexicon.nouns).some((f) => lexicon.acts.has(f));
}

/** The head's art shows another kind of the head than the phrase names (see bestNoun). */
function otherKind(head: Noun, phrase: Phrase, lexicon: Lexicon): boolean {
  if (head.word.includes(' ') || !drawnByOwnName(head.entry)) return false;
  if (head.entry.how === 'synonym') return true;
  const label = lexicon.arts[head.entry.arts[0]]?.label ?? '';
  const said = new Set([...phrase.nouns.flatMap((n) => n.word.split(' ')), ...nounForms(head.word)]);
  // (a word of the art's name the prompt does not say: "wood" stick, a "billed" cap for a nurse's,
  // a "petri" dish for a satellite dish)
  const kindWord = (w: string) =>
    !said.has(w) &&
    !nounForms(w).some((f) => said.has(f)) &&
    !lexicon.colours.has(w) &&
    !lexicon.sizes.has(w) &&
    (isDictionaryNoun(w, lexicon) || lexicon.adjectives.has(w) || /^[a-z]{3,}$/.test(w));
  return label.split(' ').some(kindWord);
}

/**
 * The best-drawn noun of a phrase: a surer match first, then the last noun (the head). A phrase
 * whose head has no art is not drawn by the words before it: a "school locker" is no school, a
 * "pine cone" no pine tree.
 */
function bestNoun(phrase: Phrase, lexicon: Lexicon): Noun | null {
  // "a grapes bunch" is a bunch of grapes: a group word of no art after things counts them (a
  // "tree branch" is no tree).
  const group = phrase.nouns.at(-1);
  const counted = phrase.nouns.at(-2)?.word.match(/[^s]s$/);
  if (group && counted && !group.entry && lexicon.partitives.has(group.word))
    return bestNoun({ ...phrase, nouns: phrase.nouns.slice(0, -1) }, lexicon);
  const head = phrase.nouns.at(-1);
  // Only a word the dictionary knows as a thing ("locker") makes the phrase another thing; a word it
  // does not know at all (a code, a name, a typo) names nothing and the phrase keeps its drawn noun.
  // (An act of no art after a thing drawn by its own name is what the thing does: "an avocado cut
  // in half" is the avocado.)
  if (head && !head.entry && head.beforePreposition && isAct(head.word, lexicon)) {
    const doer = phrase.nouns.slice(0, -1).findLast((n) => drawnByOwnName(n.entry));
    if (doer) return doer;
  }
  if (head && !head.entry && !head.scene && isDictionaryNoun(head.word, lexicon)) return null;
  // A word neither the dictionary nor the art knows before the head ("usb stick": a brand or a
  // code) makes it a kind of the head we cannot tell from the head's other senses: not drawn.
  const unknown = phrase.nouns
    .slice(0, -1)
    .some(
      (n) => !n.entry && !n.scene && !isDictionaryNoun(n.word, lexicon) && !lexicon.adjectives.has(n.word),
    );
  if (head && unknown) return null;
  const before = phrase.nouns.slice(0, -1);
  // "a sushi plate", "a candy bowl": a food before a dish of no art of its own (a plate is only a
  // keyword of the fork and knife) is the food, served on it; never the empty dish.
  const food = before.findLast((n) => n.entry && lexicon.arts[n.entry.arts[0]]?.food);
  if (head && food && DISH_WORDS.has(head.word) && !drawnByOwnName(head.entry)) return food;
  // "a school crossing sign": a sign after a name drawn by a sign's art is that sign.
  const signed = before.at(-1);
  if (head?.word === 'sign' && signed?.entry && lexicon.arts[signed.entry.arts[0]]?.sign) return signed;
  if (head && before.length > 0) {
    // "glue stick", "blood pressure cuff": a kind of the head the art does not show. The head's
    // art is another kind when its name says so ("wood stick") or when a synonym of one sense of
    // the head draws it (a cuff drawn as manacles).
    if (otherKind(head, phrase, lexicon)) return null;
    // (nor an icon of one kind of the head: a virtual reality headset is no headphones, a pie
    // chart no line chart)
    if (head.entry && lexicon.arts[head.entry.arts[0]]?.oneKind) return null;
    // A body's part after a made thing is the thing's part: a robot arm or a table leg is no
    // human arm or leg, a clock face no smiling face.
    if (isBodyPart(head.word, lexicon) && before.some((n) => n.entry?.made)) return null;
    // "a delivery driver" is a person: never the delivery truck a word before them draws (a "robot
    // assistant" is still the robot, a being of its own; an owner is none: "a doctor's bag").
    const beings = before.some((n) => !n.owner && n.entry && lexicon.arts[n.entry.arts[0]]?.creature);
    if (!beings && isPersonOfNoArt(head, lexicon)) return null;
    // "a robot dog" is a machine made like a dog: neither the robot nor the animal the sets draw.
    const machine = before.some((n) => n.entry?.made && lexicon.arts[n.entry.arts[0]]?.creature);
    if (
      machine &&
      head.entry &&
      lexicon.arts[head.entry.arts[0]]?.creature &&
      !lexicon.arts[head.entry.arts[0]]?.person
    )
      return null;
    // "a spelling test", "a phone charger", "a doctor's bag": a name the sets do not draw is drawn
    // by its head's own art or not at all; never by an icon that only shares the head word, a
    // keyword or a broader word of it (a syringe, a horse, a handbag), nor by the word before it
    // (a telephone). An act after a thing drawn by its own name is what the thing does: "a karate
    // kick" is karate, "an avocado cut in half" an avocado; "a spelling test" has no such thing.
    const doing = isAct(head.word, lexicon) && before.some((n) => drawnByOwnName(n.entry));
    const named = !head.scene && isDictionaryNoun(head.word, lexicon) && !doing;
    // (A food CLDR tags with the head is that food: tomato soup is the pot of food tagged "soup".)
    const food = head.entry?.how === 'keyword' && lexicon.arts[head.entry.arts[0]]?.food;
    // (A being before a person is the one meant, "a robot assistant"; an animal before a thing
    // is whose it is: a cat toy is no cat, a dog bed no dog.)
    const person =
      isPersonOfNoArt(head, lexicon) || Boolean(head.entry && lexicon.arts[head.entry.arts[0]]?.person);
    const animal = (n: Noun) => {
      const art = n.entry ? lexicon.arts[n.entry.arts[0]] : undefined;
      return Boolean(art?.creature && !art.person && !n.entry?.made);
    };
    const theirs = !person && before.some((n) => !n.owner && animal(n));
    if ((!beings || theirs) && named && food) return head;
    if ((!beings || theirs) && named && !drawnByOwnName(head.entry)) return null;
  }
  // "a rocket ship": a conveyance named before another is the one meant (no sailing ship).
  const modifier = phrase.nouns.at(-2);
  const ridden = (n: Noun | undefined) =>
    drawnByOwnName(n?.entry) && lexicon.ridden.has(lexicon.arts[n.entry.arts[0]]?.id ?? '');
  if (head && modifier && !modifier.owner && ridden(modifier) && ridden(head)) return modifier;
  // "school locker", "steam train": the head names the thing when its own name draws it.
  if (head && drawnByOwnName(head.entry)) return head;
  // "a forest path", "a garden path": after words of a place only, the head is the thing, there
  // (round 26 drew the forest's tree for the path).
  if (head?.entry?.how === 'part' && before.length > 0 && before.every((n) => n.scene)) return head;
  let best: Noun | null = null;
  let bestRank = 0;
  for (const noun of phrase.nouns) {
    if (!noun.entry) continue;
    // Colour art wins a tie: "robot assistant" is a robot, not a one-colour assistant glyph.
    const colour = lexicon.arts[noun.entry.arts[0]]?.kind === 'color' ? 0.5 : 0;
    const rank = MATCH_RANK[noun.entry.how] + colour;
    if (rank >= bestRank) {
      best = noun;
      bestRank = rank;
    }
  }
  return best;
}

export function planPrompt(prompt: string, rng: Random): Plan {
  const lexicon = getLexicon();
  const tokens = withNames(describedNouns(tag(prompt), lexicon), lexicon);
  const phrases: Phrase[] = [];
  const verbAccents: Noun[] = [];
  /** "-ing" words that may name a tool ("watering": a watering can), for a person of no art. */
  const toolVerbs: string[] = [];
  let current: Phrase | null = null;
  let colour: string | null = null;
  let scale = 1;
  let motion: MotionKind | null = null;
  let scene: SceneId | null = null;
  let softScene = false;
  /** "a rainy day": the weather a time word is given, drawn by its emoji. */
  let weather: { word: string; art: ArtRecord } | null = null;
  /** "a dog's birthday": the decoration an occasion with no backdrop of its own is given. */
  let decoration: { word: string; art: ArtRecord } | null = null;
  const noteOccasion = (words: string) => {
    // (the whole name first: "new year's eve" is the new year's)
    const whole = words.replace(/'s\b/g, '').replace(/ (eve|day)$/, '');
    const word = OCCASION_ART[whole] ? whole : words.split(/[\s']+/).find((w) => OCCASION_ART[w]);
    const art = word ? emojiNamed(lexicon, OCCASION_ART[word]) : undefined;
    if (word && art) decoration ??= { word, art };
    occasionName ??= whole;
  };
  /** The occasion the prompt names, whole ("fourth of july"). */
  let occasionName: string | null = null;
  let faceWord = false;
  let ownPart = false;
  /** The prompt says what something does ("building", "running"). */
  let acting = false;
  const feelings: Feeling[] = [];

  const close = () => {
    if (current && current.nouns.length > 0) phrases.push(current);
    current = null;
  };

  for (let i = 0; i < tokens.length; i++) {
    const { text, tags } = tokens[i];
    // "a rainbow colored unicorn", "a red colored car": a word before "colored" says how the next
    // thing is painted; it is no second thing.
    if (['colored', 'coloured'].includes(tokens[i + 1]?.text ?? '')) {
      close();
      colour = lexicon.colours.get(text) ?? colour;
      i++;
      continue;
    }
    // "a baby dragon", "a baby elephant": a small one of the animal, not a human baby beside it
    // (a name of its own first: a baby chick).
    const babyOf = text === 'baby' && tokens[i + 1] ? lookupNoun(tokens[i + 1].text, lexicon) : null;
    const babyArt = babyOf ? lexicon.arts[babyOf.arts[0]] : undefined;
    if (babyArt?.creature && !babyArt.person && !phraseAt(tokens, i, lexicon)) {
      close();
      scale = lexicon.sizes.get('small') ?? scale;
      continue;
    }
    // "a leaking faucet", "a ringing phone": a made thing's state said before it, as after it.
    const nounBefore = current !== null && (current as Phrase).nouns.length > 0;
    const marked = THING_STATE_MARKS[text] || SPEECH_VERBS.has(text);
    if (marked && !nounBefore && tokens[i + 1] && lookupNoun(tokens[i + 1].text, lexicon)) {
      toolVerbs.push(text);
      continue;
    }
    // "a lime green car", "a sky blue kite": two words naming one colour.
    const twoWordColour = tokens[i + 1] ? lexicon.colours.get(text + tokens[i + 1].text) : undefined;
    if (twoWordColour && lexicon.colours.has(tokens[i + 1].text)) {
      close();
      colour = twoWordColour;
      i++;
      continue;
    }
    // "a rainy day", "a dog on a sunny morning": the weather of a time, or of nothing else named.
    const weatherArt = emojiNamed(lexicon, WEATHER_ART[text]);
    if (weatherArt && (!tokens[i + 1] || lexicon.times.has(tokens[i + 1].text))) {
      weather ??= { word: text, art: weatherArt };
      close();
      continue;
    }
    const sceneHere = lexicon.scenes.get(text) ?? null;
    if (sceneHere && !scene) {
      scene = sceneHere === 'underwater' && onTheSurface(tokens, i) ? 'beach' : sceneHere;
      softScene = SOFT_SCENE_WORDS.has(text);
    }
    if (FACE_WORDS.has(text)) faceWord = true;
    // "a computer with a smile": the thing smiles (a smile alone is the smiling face's art).
    if (
      ['smile', 'grin'].includes(text) &&
      tokens.slice(Math.max(0, i - 3), i).some((t) => t.text === 'with')
    ) {
      faceWord = true;
      close();
      continue;
    }

    // Phrases the index knows as one thing: "treasure chest", "hot dog", "red apple"; and names
    // WordNet knows with no art ("fire hydrant"): one thing the composer cannot draw, not a
    // "fire" and a "hydrant".
    let phraseMatch = phraseAt(tokens, i, lexicon);
    const afterNoun = current !== null && (current as Phrase).nouns.length > 0;
    // "a bird drinking water": a verb in -ing after a noun is what it does, not the start of a
    // name ("drinking water").
    if (phraseMatch && afterNoun && text.endsWith('ing') && verbLemma(text, lexicon)) phraseMatch = null;
    // "a rocket launching": a thing and what it does, not WordNet's event "rocket launching" (no
    // art): the rocket is drawn, the motion word moves it.
    const last = phraseMatch ? tokens[i + phraseMatch.length - 1].text : '';
    if (
      phraseMatch &&
      !lexicon.words.has(phraseMatch.word) &&
      last.endsWith('ing') &&
      verbLemma(last, lexicon) &&
      lookupNoun(tokens[i + phraseMatch.length - 2].text, lexicon)
    )
      phraseMatch = null;
    if (phraseMatch && isOccasion(phraseMatch.word, lexicon)) {
      // "on new year's eve", "for valentine's day": an occasion, never a picture of its words.
      noteOccasion(phraseMatch.word);
      // ("a chinese new year dragon": a people's name before it says whose occasion it is)
      const whose = (current as Phrase | null)?.nouns.at(-1);
      if (whose && !whose.entry && tokens[i - 1]?.tags.has('Demonym')) (current as Phrase).nouns.pop();
      close();
      i += phraseMatch.length - 1;
      continue;
    }
    const phraseEntry = phraseMatch ? lexicon.words.get(phraseMatch.word) : undefined;
    if (phraseMatch && !(phraseEntry && trusted(phraseEntry, lexicon))) {
      current ??= { nouns: [], colour, scale, start: i };
      current.nouns.push({ word: phraseMatch.word, entry: null, scene: null });
      colour = null;
      scale = 1;
      i += phraseMatch.length - 1;
      continue;
    }
    if (phraseMatch) {
      current ??= { nouns: [], colour, scale, start: i };
      current.nouns.push({ word: phraseMatch.word, entry: phraseEntry ?? null, scene: null });
      colour = null;
      scale = 1;
      i += phraseMatch.length - 1;
      continue;
    }

    // (and any thing before "of" and a food: "a stick of butter" is butter, no wooden stick)
    if (
      text === 'of' &&
      current &&
      (isAmount((current as Phrase).nouns.at(-1), lexicon) || foodAfter(tokens, i, lexicon))
    ) {
      // "a cup of coffee": the coffee is the thing; the amount carries its colour and size over.
      const amount = current as Phrase;
      amount.partitive = true;
      colour ??= amount.colour;
      if (scale === 1) scale = amount.scale;
      close();
      continue;
    }
    // "a birthday hat" is the party hat (never a top hat): a birthday's things are a party's.
    const party = text === 'birthday' && tokens[i + 1] ? `party ${tokens[i + 1].text}` : '';
    const partyEntry = party ? lexicon.words.get(party) : undefined;
    if (drawnByOwnName(partyEntry)) {
      close();
      current = { nouns: [{ word: party, entry: partyEntry, scene: null }], colour, scale, start: i };
      colour = null;
      scale = 1;
      i++;
      continue;
    }
    // ("a valentine heart": a word of an occasion before a thing brings its decoration too)
    if (isOccasion(text, lexicon) || OCCASION_ART[text]) noteOccasion(text);
    // "a woman swimming laps": laps say how far, no thing (round 30 refused it for "laps").
    if ((text === 'laps' || text === 'lap') && tokens[i - 1]?.text.endsWith('ing')) {
      close();
      continue;
    }
    if (PICTURE_WORDS.has(text) || FACE_WORDS.has(text) || /^\d+$/.test(text) || isOccasion(text, lexicon)) {
      // ("a reward sticker with a star", "a fitness logo with a dumbbell": a word of no art before
      // a word for the picture says what it is for; the thing named after it is drawn)
      const purpose = (current as Phrase | null)?.nouns.at(-1);
      const forWhat = (current as Phrase | null)?.nouns.every((n) => !n.entry || n.scene) ?? false;
      if (PICTURE_WORDS.has(text) && purpose && !purpose.entry && forWhat) current = null;
      close();
      continue;
    }
    if (POSSESSIVES.has(text)) {
      close();
      // "its siren": a part of the subject, not a second picture.
      if (text === 'its') ownPart = true;
      continue;
    }
    // "sleeping" is a noun to the tagger; "tears" is one. ("with a fever": a state of no art of
    // its own, had, shows on the face.)
    const describes = lexicon.colours.has(text) || lexicon.sizes.has(text);
    const beforeColour = lexicon.colours.has(tokens[i + 1]?.text ?? '');
    const had = givenWith(tokens, i) && !lexicon.words.has(text);
    const feeling =
      describes || (tags.has('Noun') && !text.endsWith('ing') && !had && isDictionaryNoun(text, lexicon))
        ? null
        : feelingOf(text, lexicon);
    if (feeling) {
      close();
      feelings.push(feeling);
      continue;
    }
    // "a little brown puppy": the tagger reads "little" as an adverb of "brown"; it sizes the puppy.
    if (
      lexicon.sizes.has(text) &&
      tags.has('Adverb') &&
      tokens[i + 1] &&
      lexicon.colours.has(tokens[i + 1].text)
    ) {
      close();
      scale = lexicon.sizes.get(text) ?? 1;
      continue;
    }
    if (SKIP_TAGS.some((t) => tags.has(t))) {
      close();
      continue;
    }
    // "a seashell on the beach": a colour's name that ends its phrase names the thing.
    // (not before another colour's name: "seashell pink" is a pink)
    const colourNoun =
      tags.has('Noun') &&
      isDictionaryNoun(text, lexicon) &&
      !(tokens[i + 1]?.tags.has('Noun') || lexicon.nouns.has(tokens[i + 1]?.text ?? '')) &&
      !beforeColour;
    // "a snow globe": a colour's name that is weather setting a scene, before a noun, names what
    // kind of thing it is (a snow globe is no white globe; a turquoise vehicle is turquoise).
    const kindWord =
      tags.has('Noun') &&
      !tags.has('Adjective') &&
      lexicon.scenes.has(text) &&
      !lexicon.adjectives.has(text) &&
      (tokens[i + 1]?.tags.has('Noun') ?? false);
    if (
      lexicon.colours.has(text) &&
      !colourNoun &&
      !kindWord &&
      (tags.has('Adjective') || !lexicon.words.has(text) || beforeColour)
    ) {
      close();
      colour = lexicon.colours.get(text) ?? null;
      continue;
    }
    if (lexicon.sizes.has(text) && !tags.has('Noun')) {
      close();
      scale = lexicon.sizes.get(text) ?? 1;
      continue;
    }
    // A verb, or an -ing word right after a noun ("a dog running") that compromise took for a noun.
    const lemma = verbLemma(text, lexicon);
    // (or before a creature: "a singing bird", "a dancing bear" are a bird and a bear doing it)
    const beforeCreature = () => {
      const next = tokens[i + 1] ? lookupNoun(tokens[i + 1].text, lexicon) : null;
      return next ? lexicon.arts[next.arts[0]]?.creature === true : false;
    };
    // (or in -s right after "a" and one thing: "a dog runs" is a dog running, no running man)
    const saysWhatItDoes =
      lemma !== null &&
      lemma !== text &&
      text.endsWith('s') &&
      afterNoun &&
      (current as Phrase | null)?.nouns.length === 1 &&
      ARTICLES.has(tokens[i - 2]?.text ?? '') &&
      !lexicon.words.has(`${tokens[i - 1].text} ${text}`);
    const isVerb =
      tags.has('Verb') ||
      tags.has('Gerund') ||
      (lemma !== null && text.endsWith('ing') && (afterNoun || beforeCreature())) ||
      saysWhatItDoes;
    if (isVerb && lemma) {
      close();
      acting = true;
      const kind = lexicon.motion.get(lemma);
      if (kind) motion ??= kind;
      else {
        // "fishing" brings a fish: the verb's own noun when it is a creature (a sea wave is no part
        // of "waving", and what a bird is drinking is no cocktail); else art named by the word
        // ("waving hand").
        const entry = lexicon.words.get(lemma);
        const art = entry?.how === 'name' ? lexicon.arts[entry.arts[0]] : undefined;
        const named = lexicon.words.get(`${text} hand`) ?? null;
        // (Never the person who does it: "guarding" is no palace guard, "cooking" no cook.)
        if (entry && art?.kind === 'color' && art.creature && !art.person)
          verbAccents.push({ word: text, entry, scene: null });
        else if (named?.how === 'name') verbAccents.push({ word: text, entry: named, scene: null });
        else if (text.endsWith('ing')) toolVerbs.push(text);
      }
      continue;
    }
    const noun = isDictionaryNoun(text, lexicon);
    // The tagger calls "animal" in "cute animal" an adjective: a WordNet noun that ends its phrase is a noun.
    const next = tokens[i + 1];
    const nounFollows = next !== undefined && (next.tags.has('Noun') || lexicon.nouns.has(next.text));
    // "full of": an adjective before a preposition, not the noun "full" (a full moon).
    const beforePreposition = next?.tags.has('Preposition') ?? false;
    const adjective =
      tags.has('Adjective') && !tags.has('Noun') && (nounFollows || !noun || beforePreposition);
    if (adjective || (!noun && lexicon.adjectives.has(text))) {
      close();
      continue;
    }
    // (but its young are beings of their own: "a bird feeding its chicks")
    // (a duckling or a gosling is one by its name)
    const itsYoung =
      nounFormsIn(text, lexicon.nouns).some((f) => lexicon.young.has(f)) || /[a-z]{3}lings?$/.test(text);
    if (ownPart && !itsYoung) {
      ownPart = false;
      close();
      continue;
    }
    ownPart = false;
    const entry = lookupNoun(text, lexicon) ?? compoundEntry(text, lexicon);
    const before = (current as Phrase | null)?.nouns.at(-1);
    if (before && !entry && (text === 'set' || text === 'kit')) {
      // "a drum set", "a tool kit": a set of the thing before, drawn by its own art when one is
      // named with either word ("drum kit"), else by the thing itself.
      const named = ['kit', 'set'].map((h) => `${before.word} ${h}`).find((w) => lexicon.words.has(w));
      if (named) Object.assign(before, { word: `${before.word} ${text}`, entry: lexicon.words.get(named) });
      continue;
    }
    current ??= { nouns: [], colour, scale, start: i };
    colour = null;
    scale = 1;
    current.nouns.push({
      word: text,
      entry,
      scene: sceneHere,
      ...(tokens[i].raw.endsWith("'s") ? { owner: true } : {}),
      ...(tokens[i + 1]?.tags.has('Preposition') ? { beforePreposition: true } : {}),
    });
  }
  close();

  // "a bowling pin and ball": the ball is a bowling ball (the name before shares its first word),
  // drawn by that name's art or not at all, never by the bare word's (a soccer ball).
  // "a basketball and a hoop", "a tennis ball and a racket": a word with no art of its own after
  // a thing is that thing's kind when the sets draw it by that name (a basketball hoop); with or
  // without an article ("a fire truck and a house" stays a house: a house has art).
  for (const [k, phrase] of phrases.entries()) {
    const name = phrases[k - 1]?.nouns.at(-1)?.word;
    const noun = phrase.nouns[0];
    if (!name || phrase.nouns.length !== 1 || noun.word.includes(' ')) continue;
    const article = ARTICLES.has(tokens[phrase.start - 1]?.text ?? '') ? 1 : 0;
    const between = tokens[phrase.start - 1 - article]?.text ?? '';
    const joined = ['and', 'or', '&'].includes(between);
    // ("a basketball in a hoop": a word of place joins them too, for a word of no art of its own)
    const placedIn = PLACES.has(between) && article === 1 && !name.includes(' ');
    // ("a basketball hoop with a ball": so does "with", for the ball of the name's game; it was a
    // soccer ball)
    const given = between === 'with' && name.includes(' ');
    if (!joined && !given && !(placedIn && !noun.entry)) continue;
    // ("a baseball bat and a ball": the ball is the baseball, a closed name of the kind)
    const closed = name.split(' ')[0];
    const closedEntry = lexicon.words.get(closed);
    if (name.includes(' ') && closed.endsWith(noun.word) && drawnByOwnName(closedEntry)) {
      Object.assign(noun, { word: closed, entry: closedEntry });
      continue;
    }
    if (given) continue;
    if (!name.includes(' ') || article) {
      const before = phrases[k - 1].nouns.at(-1)?.entry;
      const thing = before && !lexicon.arts[before.arts[0]]?.creature;
      // (a one-word name is the kind's first word, a longer one lends all but its head)
      const first = name.includes(' ') ? name.split(' ').slice(0, -1).join(' ') : name;
      const kind = nounForms(noun.word)
        .map((form) => `${first} ${form}`)
        .find((w) => drawnByOwnName(lexicon.words.get(w)));
      const kindEntry = kind ? lexicon.words.get(kind) : undefined;
      const art = kindEntry ? lexicon.arts[kindEntry.arts[0]] : undefined;
      // (or, after a name of two words, when the word has art of its own, a kind whose art is
      // named by it: a tennis racket and a ball is a tennis ball; a sun and a cloud stay apart)
      // (and after a one-word name, for a word drawn by another kind of it: a football and a
      // helmet is the football helmet, no military helmet; a cloud drawn as a cloud stays one)
      const ownArt = noun.entry ? lexicon.arts[noun.entry.arts[0]] : undefined;
      const otherKind = ownArt !== undefined && ownArt.label !== noun.word && !name.includes(' ');
      const ownKind = (name.includes(' ') || otherKind) && art?.label.split(' ').at(-1) === noun.word;
      if ((!noun.entry || ownKind) && thing && kind && art && !art.creature && !art.food)
        Object.assign(noun, { word: kind, entry: kindEntry });
      continue;
    }
    const compound = nounForms(noun.word)
      .map((form) => `${name.split(' ').slice(0, -1).join(' ')} ${form}`)
      .find((w) => lexicon.words.has(w) || lexicon.nouns.has(w));
    if (!compound) continue;
    const entry = lexicon.words.get(compound);
    Object.assign(noun, { word: compound, entry: entry ? trusted(entry, lexicon) : null });
  }

  // "a valentine's day card", "a fourth of july flag": the occasion's own kind of the thing (the
  // love letter, a card alone is refused; the USA flag, no white flag).
  const kinds = occasionName ? OCCASION_KINDS[occasionName] : undefined;
  for (const noun of phrases.flatMap((p) => p.nouns)) {
    const art = kinds?.[noun.word] ? lexicon.artById.get(kinds[noun.word]) : undefined;
    if (art) noun.entry = { how: 'name', arts: [lexicon.arts.indexOf(art)] };
  }

  // "a bow and an arrow", "an elf with a bow and arrows": the archer's bow is the bow and arrow
  // (the bow alone is a ribbon's), drawn once.
  const bowAndArrow = lexicon.words.get('bow and arrow');
  const arrows = tokens.some((t) => t.text === 'arrow' || t.text === 'arrows');
  const bow = phrases.flatMap((p) => p.nouns).find((n) => n.word === 'bow');
  if (bow && arrows && drawnByOwnName(bowAndArrow)) {
    Object.assign(bow, { word: 'bow and arrow', entry: bowAndArrow });
    for (let k = phrases.length - 1; k >= 0; k--)
      if (!phrases[k].nouns.includes(bow) && phrases[k].nouns.every((n) => /\barrows?$/.test(n.word)))
        phrases.splice(k, 1);
  }

  // "a baseball player with a bat": the bat of the game the prompt names (round 31 drew a
  // cricket bat beside the baseball).
  for (const game of ['baseball', 'cricket']) {
    const gameBat = lexicon.words.get(`${game} bat`);
    const bat = phrases.flatMap((p) => p.nouns).find((n) => n.word === 'bat');
    if (bat && drawnByOwnName(gameBat) && tokens.some((t) => t.text === game))
      Object.assign(bat, { word: `${game} bat`, entry: gameBat });
  }

  // "a sling on an arm", "an arm in a sling": a thing on or in a part of the body is the one thing
  // the sets name by both, when they do (the arm sling; round 26 drew a slingshot's sling by a
  // bare arm).
  for (let k = phrases.length - 1; k > 0; k--) {
    const [first, second] = [phrases[k - 1].nouns.at(-1), phrases[k].nouns[0]];
    if (!first || !second || phrases[k].nouns.length !== 1 || phrases[k - 1].partitive) continue;
    const relation = relationBefore(tokens, phrases[k].start);
    if (!relation || !['on', 'in', 'under', 'over'].includes(relation)) continue;
    if (!isBodyPart(first.word, lexicon) && !isBodyPart(second.word, lexicon)) continue;
    // (or as one word: a watch on a wrist is the wristwatch)
    const one = [
      `${second.word} ${first.word}`,
      `${first.word} ${second.word}`,
      `${second.word}${first.word}`,
    ]
      .flatMap((w) => [w, ...nounForms(w)])
      .find((w) => drawnByOwnName(lexicon.words.get(w)));
    if (!one) continue;
    Object.assign(first, { word: one, entry: lexicon.words.get(one), scene: null });
    phrases.splice(k, 1);
  }

  // "a goldfish in a tank", "a bird in a cage": an animal in a holder is in the holder named for
  // it, when the sets draw one (the aquarium; a goldfish swam in an army tank before).
  for (let k = 1; k < phrases.length; k++) {
    const [animal, holder] = [phrases[k - 1].nouns.at(-1), phrases[k].nouns[0]];
    if (!animal?.entry || !holder || phrases[k].nouns.length !== 1) continue;
    const art = lexicon.arts[animal.entry.arts[0]];
    if (!art?.creature || art.person) continue;
    if (!lexicon.containers.has(holder.word) && holder.word !== 'cage') continue;
    if (relationBefore(tokens, phrases[k].start) !== 'in') continue;
    // (any animal in a tank is in a fish tank: a lobster's, a turtle's)
    const named = [animal.word, art.label, ...(holder.word === 'tank' ? ['fish'] : [])]
      .flatMap((a) => [`${a} ${holder.word}`, `${a}${holder.word}`])
      .find(
        (w) =>
          drawnByOwnName(lexicon.words.get(w)) && !lexicon.arts[lexicon.words.get(w)?.arts[0] ?? 0]?.creature,
      );
    if (named) Object.assign(holder, { word: named, entry: lexicon.words.get(named) });
  }

  // "a corn dog", "a chili dog": a food before an animal's name that is also a food's is that
  // food (a dog is also a frankfurter), never the animal.
  for (const phrase of phrases) {
    const [food, animal] = phrase.nouns.slice(-2);
    const foodArt = lexicon.foodSenses.get(animal?.word ?? '');
    if (phrase.nouns.length < 2 || foodArt === undefined || !food.entry) continue;
    if (!lexicon.arts[food.entry.arts[0]]?.food) continue;
    phrase.nouns.splice(-2, 2, {
      word: `${food.word} ${animal.word}`,
      entry: { how: 'hypernym', arts: [foodArt], via: lexicon.arts[foodArt].label },
      scene: null,
    });
  }

  // "a keyboard and mouse": among made things only, an animal's name is the made thing of that
  // name (the computer mouse; a cricket bat beside a ball), never the animal. Not when the prompt
  // says what something does: "a beaver building a dam" is the animal (WordNet's first beaver is a
  // hat).
  // Nor when it is put on, in or under a thing: "a bird on a fence" is the bird, not the
  // shuttlecock. A ball beside it is a thing too ("a baseball and bat": the baseball bat).
  const named = phrases.flatMap((p) => (p.partitive ? [] : p.nouns)).filter((n) => n.entry && !n.scene);
  const placed = tokens.some((t) => PLACES.has(t.text));
  for (const noun of acting || placed ? [] : named) {
    const made = noun.entry?.madeSense;
    if (made === undefined || !noun.entry || !lexicon.arts[noun.entry.arts[0]]?.creature) continue;
    const others = named.filter((n) => n !== noun);
    // (A thing named after the animal is its own: a bird and a bird house, no shuttlecock.)
    if (others.some((n) => n.word.split(' ').slice(0, -1).includes(noun.word))) continue;
    // (Food is no made thing here: a mouse and cheese are the animal and its food.)
    // (Nor a thing of nature: a bat and a moon are the animal and the night sky.)
    const thing = (n: Noun) => {
      const art = n.entry ? lexicon.arts[n.entry.arts[0]] : undefined;
      return n.entry?.made || (art && !art.creature && !art.food && !n.entry?.natural);
    };
    if (others.length === 0 || !others.every(thing)) continue;
    // (Nor beside what an animal lives in or is kept with: a bird and a cage is the bird, no
    // shuttlecock; a dog and a leash the dog.)
    if (others.some((n) => ANIMAL_THINGS.has(n.word.split(' ').at(-1) ?? ''))) continue;
    // (Beside a thing it is named with, the thing of both names: a baseball and a bat is the
    // baseball bat, not the cricket bat of the word alone.)
    const both = others
      .map((n) => lexicon.words.get(`${n.word} ${noun.word}`))
      .find((entry) => drawnByOwnName(entry) && entry.made);
    noun.entry = both ?? { how: 'synonym', arts: [made], made: true };
  }

  /** "a pot of tea" drawn as the teapot: the pot is no second thing. */
  let inItsVessel = false;
  // The subject: the first phrase with something to draw that is not only a scene word.
  let subjectPhrase: Phrase | null = null;
  let subjectNoun: Noun | null = null;
  const missed: string[] = [];
  const feeling = feelings[0];
  // "a sad face with tears": the face is the subject, drawn with the feeling's own art.
  const faceAt = tokens.findIndex((t) => t.text === 'face' || t.text === 'smiley' || t.text === 'emoji');
  // A face, not a cat's face ("a surprised face" is no weary cat), unless only a cat shows it.
  const feelingFace =
    feeling && faceAt >= 0 && !phrases.some((p) => p.start < faceAt)
      ? (feeling.arts.find((a) => !a.label.split(' ').includes('cat')) ?? feeling.arts[0])
      : undefined;
  // "a guitar player": a person of no art of their own, named by what they play, is drawn as a
  // person with it (as "a mechanic with a wrench" is).
  let agent: Noun | null = null;
  for (const phrase of feelingFace ? [] : phrases) {
    if (phrase.partitive) continue;
    const things = phrase.nouns.filter((n) => !n.scene);
    if (things.length === 0) continue;
    // (what the prompt puts in a person's hands comes before the thing people draw them by: a
    // dentist with a toothbrush holds the toothbrush, not a tooth)
    const held = () =>
      heldByIn(things, phrases.slice(phrases.indexOf(phrase) + 1), toolVerbs, tokens, lexicon);
    const lone =
      things.length === 1 &&
      isPersonOfNoArt(things[0], lexicon) &&
      toolOf(things[0].word, lexicon) !== undefined;
    agent = lone ? (held() ?? agentOf(things, lexicon)) : (agentOf(things, lexicon) ?? held());
    if (agent) {
      subjectPhrase = phrase;
      break;
    }
    // (a place only behind things, which no art draws, ending the name: "a mountain lake" is no
    // mountain)
    const last = phrase.nouns.at(-1);
    // (the sky is the one a word before it draws: "a sunset sky")
    const behind = last && !last.entry && BACKDROP_WORDS.has(last.word) && last.word !== 'sky';
    if (last && behind && phrase.nouns.length > 1) {
      missed.push(phrase.nouns.map((n) => n.word).join(' '));
      break;
    }
    const noun = bestNoun({ ...phrase, nouns: things }, lexicon);
    // A thing with no art beside a scene word ("garden shed") is not drawn as the scene's animal.
    const act = things.every((n) => n.entry || lexicon.acts.has(n.word));
    if (noun || (phrase.nouns.some((n) => n.scene) && act)) {
      // "space exploration": the scene word draws it when the other has no art.
      subjectPhrase = phrase;
      subjectNoun = noun;
      break;
    }
    // The first thing named has no art: say so rather than draw something else ("school locker"
    // is one thing: named whole when a word before its head has art or all are dictionary words).
    const name = things.some((n) => n.entry) || things.every((n) => isDictionaryNoun(n.word, lexicon));
    missed.push(...(name ? [things.map((n) => n.word).join(' ')] : things.map((n) => n.word)));
    break;
  }
  if (missed.length > 0) throw new ComposerMiss(missed);
  /** The amount said before the subject ("a basket of"), if any. */
  const subjectAmount = subjectPhrase ? phrases[phrases.indexOf(subjectPhrase) - 1] : undefined;

  const pick = (entry: { arts: number[] }) =>
    lexicon.arts[entry.arts.length > 1 ? rng.pick(entry.arts) : entry.arts[0]];
  const subjects: DrawnSubject[] = [];
  let subject: ArtRecord;
  // "space exploration": a scene word beats a loose match ("exploration" -> journey) beside it.
  const loose =
    subjectNoun?.entry && (subjectNoun.entry.how === 'hypernym' || subjectNoun.entry.how === 'part');
  // (Only an act or a state: a sea monster is the monster icon, not the sea's turtle.)
  // (Nor one an icon is named for, ending its name: a forest path is the stone path, there.)
  const nameEnds =
    subjectNoun?.entry?.how === 'part' &&
    lexicon.arts[subjectNoun.entry.arts[0]]?.label.split(' ').at(-1) === subjectNoun.word;
  if (
    loose &&
    scene &&
    subjectPhrase?.nouns.some((n) => n.scene) &&
    isAct(subjectNoun?.word ?? '', lexicon) &&
    !nameEnds
  )
    subjectNoun = null;
  /** "an apple tree": the fruit a fruit tree bears, drawn beside it. */
  const borne = subjectNoun ? fruitOfTree(subjectNoun.word, lexicon) : undefined;
  if (feelingFace && feeling) {
    subject = feelingFace;
    subjects.push({ word: `${feeling.word} face`, label: subject.label, art: subject.id });
  } else if (agent && subjectPhrase) {
    subject = emoji(lexicon, 'person');
    subjects.push({
      word: subjectPhrase.nouns.map((n) => n.word).join(' '),
      label: subject.label,
      art: subject.id,
    });
  } else if (subjectNoun?.entry) {
    subject = pick(subjectNoun.entry);
    // "a valentine heart": of the thing's kinds, the one the occasion brings (the red heart).
    // (set inside noteOccasion, which the compiler does not follow)
    const occasion = decoration as { word: string; art: ArtRecord } | null;
    if (occasion && subjectNoun.entry.arts.some((a) => lexicon.arts[a].id === occasion.art.id))
      subject = occasion.art;
    // A sign is drawn only for its own name: a report card is no information sign. (Or for a name
    // of it: a school crossing is the children crossing sign.)
    const namedSign = subjectNoun.entry.how === 'synonym' && subjectNoun.entry.via === subject.label;
    if (subject.sign && subjectNoun.entry.how !== 'name' && subject.label !== subjectNoun.word && !namedSign)
      throw new ComposerMiss([subjectNoun.word]);
    // "a bowl of cereal": what is in a bowl is food, so a broader word that draws a plant (cereal
    // -> grass) is another sense of the word: refused, not drawn.
    const holder = subjectAmount?.partitive ? subjectAmount.nouns.at(-1) : undefined;
    const holderWord = holder?.word ?? '';
    // "a pot of tea": the thing named by both is the one drawn, the teapot (no cup in a cooking
    // pot).
    const both = [`${subjectNoun.word}${holderWord}`, `${subjectNoun.word} ${holderWord}`].find((w) =>
      drawnByOwnName(lexicon.words.get(w)),
    );
    // (not a cup's, a mug's or a glass's: the drink's own emoji shows it, a coffee cup is the
    // hot beverage)
    const drinkVessel = DRINK_VESSEL.test(holderWord);
    const bothEntry =
      holderWord && both && !drinkVessel && !DISH.test(subject.label) ? lexicon.words.get(both) : undefined;
    // (an emoji's: a one-colour "fire ring" or "bread slice" painted by the palette reads worse
    // than the fire or the bread itself)
    const withHolder = namedWithHolder(subjectNoun, holder, lexicon);
    if (bothEntry && lexicon.arts[bothEntry.arts[0]]?.kind === 'color') {
      subject = lexicon.arts[bothEntry.arts[0]];
      inItsVessel = true;
    } else if (withHolder) {
      subject = lexicon.arts[withHolder.arts[0]];
      inItsVessel = true;
    }
    // "a piece of chocolate cake": a slice of it, when an emoji shows one (the shortcake).
    const cut = SLICE_WORDS.has(holderWord);
    const sliceOf = [subjectNoun.word, subjectNoun.word.split(' ').at(-1) ?? ''].find((w) =>
      lexicon.slices.has(w),
    );
    if (cut && sliceOf) subject = lexicon.arts[lexicon.slices.get(sliceOf) ?? 0];
    // "a bunch of tulips": flowers held together are the bouquet (round 27 drew one tulip).
    const bouquet = lexicon.artById.get('fluent-emoji-flat:bouquet');
    if (bouquet && ['bunch', 'bouquet'].includes(holderWord) && FLOWERS.has(subject.id)) subject = bouquet;
    const broader = ['hypernym', 'kind', 'part'].includes(subjectNoun.entry.how);
    // (So is what is in a box, a basket or a bag: "a box of markers" is no map marker.)
    const holds = lexicon.containers.has(holderWord);
    if (broader && !subject.food && holder && (isVessel(holder, lexicon) || holds))
      throw new ComposerMiss([subjectNoun.word]);
    // A clock at midnight, at noon or at the new year shows twelve.
    const twelve = lexicon.artById.get('fluent-emoji-flat:twelve-oclock');
    const atTwelve =
      tokens.some((t) => t.text === 'midnight' || t.text === 'noon') || occasion?.word === 'new year';
    if (twelve && atTwelve && / o’clock$/.test(subject.label)) subject = twelve;
    // "a turkey on a plate": a bird served on a dish is the roast, the poultry leg (round 29 drew
    // the live turkey on the plate).
    const served = tokens.some(
      (t, k) => ['plate', 'platter', 'dish', 'tray'].includes(t.text) && relationBefore(tokens, k) === 'on',
    );
    const roast =
      served && subject.creature ? lexicon.artById.get(ROASTS[subjectNoun.word] ?? '') : undefined;
    if (roast) subject = roast;
    // "a big yellow duck": a yellow duck is the rubber duck (the mallard painted yellow read olive
    // in rounds 27 and 30).
    const yellow = subjectPhrase?.colour === lexicon.colours.get('yellow');
    const rubberDuck = lexicon.artById.get('game-icons:plastic-duck');
    const duck = subject.id === 'fluent-emoji-flat:duck' && /^ducks?$/.test(subjectNoun.word);
    if (yellow && duck && rubberDuck) subject = rubberDuck;
    // A creature with art of its own for the feeling ("crying cat") is drawn with it.
    const own = feeling?.arts.find((a) => a.label.split(' ').includes(subjectNoun?.word ?? ''));
    if (own) subject = own;
    // "an apple tree", "a banana tree": a fruit's tree is a tree bearing it (never the fruit alone,
    // nor a bare one-colour tree); the fruit is drawn beside it below.
    if (borne && (subject.food || subject.kind === 'mono')) subject = emoji(lexicon, 'deciduous-tree');
    subjects.push({ word: subjectNoun.word, label: subject.label, art: subject.id });
  } else if (weather) {
    subject = weather.art;
    subjects.push({ word: weather.word, label: subject.label, art: subject.id });
  } else if (scene && (scene === 'night' || !tokens.some((t) => BACKDROP_WORDS.has(t.text)))) {
    // (The sky alone is no picture: "a cloudy sky" is refused, not a tent in a meadow. The night's
    // pictures are its sky: "a starry sky" is the night with stars.)
    const sceneWord = tokens.find((t) => lexicon.scenes.get(t.text) === scene)?.text ?? scene;
    // (the one the scene's word names, if one does: "starry" is the night with stars)
    const named = SCENE_SUBJECTS[scene].find((n) =>
      n.split('-').some((w) => w.length > 3 && sceneWord.startsWith(w.replace(/s$/, ''))),
    );
    // (a place the prompt names is drawn by what is there, not by who lives there: a garden is a
    // blossom or a tulip, no rabbit; a forest its trees. A season or a setting may be anyone's.)
    const place = tokens.find((t) => t.text === sceneWord)?.tags.has('Noun') && lexicon.nouns.has(sceneWord);
    const things = SCENE_SUBJECTS[scene].filter((n) => !emoji(lexicon, n).creature);
    const name = named ?? rng.pick(place && things.length > 0 ? things : SCENE_SUBJECTS[scene]);
    subject = emoji(lexicon, name);
    // (the open country's places, and made ones, are drawn by their own art: "the mountains" and
    // "the hills" were a house, a castle or a tent, an aquarium a crab)
    const own = lookupNoun(sceneWord, lexicon);
    const aPlace = isDictionaryNoun(sceneWord, lexicon);
    if (aPlace && (scene === 'landscape' || own?.made) && own && drawnByOwnName(own))
      subject = lexicon.arts[own.arts[0]];
    // (a city named alone is its skyline: it was a bus or a taxi)
    else if (aPlace && scene === 'city') subject = emoji(lexicon, 'cityscape');
    subjects.push({ word: sceneWord, label: subject.label, art: subject.id });
  } else {
    // Nothing but style words, verbs or adjectives: no subject to draw.
    // (named without its articles and prepositions: "No art for: mardi, gras, mask")
    // (nor the amount before "of": "a bucket of sand" names the sand)
    const words = tokens
      .filter((t, i) => !(lexicon.partitives.has(t.text) && tokens[i + 1]?.text === 'of'))
      .filter((t) => !SKIP_TAGS.some((tag) => t.tags.has(tag)))
      .map((t) => t.text)
      .filter((w) => !PICTURE_WORDS.has(w));
    throw new ComposerMiss(words.length > 0 ? words : [prompt]);
  }

  /** The subject drawn by other art of the same thing (a woman teacher, the sunrise, the whole dog). */
  const redraw = (art: ArtRecord) => {
    subject = art;
    if (subjects[0]) subjects[0] = { ...subjects[0], label: art.label, art: art.id };
  };

  // "a student raising her hand": a pronoun says who the person is, when the art has a woman or
  // a man of that kind.
  const sex = tokens.some((t) => SHE.has(t.text))
    ? 'woman'
    : tokens.some((t) => HE.has(t.text))
      ? 'man'
      : null;
  if (sex && subject.person && subjects[0]) {
    const [set, name] = subject.id.split(':');
    const kind = name === 'person' ? '' : name.replace(/^person-/, '').replace(/^(wo)?man-/, '');
    const own = [kind ? `${sex}-${kind}` : sex].map((n) => lexicon.artById.get(`${set}:${n}`)).find(Boolean);
    if (own) redraw(own);
  }

  // A sun at the horizon looks the same at dusk and dawn: over the sea or the hills, the sunset is
  // CLDR's "sunrise" emoji of that place, not its "sunset" behind city buildings.
  const horizon = { beach: 'sunrise', underwater: 'sunrise', landscape: 'sunrise-over-mountains' } as const;
  const place = scene && scene in horizon ? horizon[scene as keyof typeof horizon] : undefined;
  const dusk = emojiNamed(lexicon, place);
  if (dusk && subject.id === 'fluent-emoji-flat:sunset') redraw(dusk);
  if (scene && softScene) scene = seasonFor(subject.id.replace(/^fluent-emoji-flat:/, ''));

  const accents: ArtRecord[] = [];
  // A feeling the subject's art does not show is drawn by its head ("a sad dog": a small sad
  // face). A cat's face only by a cat: a laughing girl gets a laughing face.
  const cat = subject.label.split(' ').includes('cat');
  const face = feeling?.arts.find((a) => cat || !a.label.split(' ').includes('cat'));
  let mark: ArtRecord | null = null;
  /** What the report says of the mark. */
  let markSubject: DrawnSubject | null = null;
  const putMark = (art: ArtRecord, word: string) => {
    mark = art;
    markSubject = { word, label: art.label, art: art.id };
    subjects.push(markSubject);
  };
  let happyThing = false;
  // Food feels nothing: "hot cocoa", "cold milk" say how it is served.
  const feels = !(subject.food && !subject.creature);
  const name =
    face && FEELING_MARKS.find(([, faces]) => faces.some((f) => face.id === `fluent-emoji-flat:${f}`))?.[0];
  const shows = feeling && face && !feelingFace && !feeling.arts.includes(subject);
  // "a happy sun", "a happy pizza": a thing with no face of its own shows joy on itself, with a
  // cartoon smile.
  if (shows && name === 'sparkles' && !subject.creature) happyThing = true;
  else if (shows && feeling && face && feels) {
    // No mark for it: the face itself, small by the head, never a second subject beside it.
    putMark((name ? lexicon.artById.get(`fluent-emoji-flat:${name}`) : undefined) ?? face, feeling.word);
    // (an animal's face emoji smiles, its tongue out: "a sad puppy" was a happy dog's face by a
    // small sad one. For any feeling but joy, the animal's whole body, whose face shows none.)
    const body = subject.id.endsWith('-face')
      ? lexicon.artById.get(subject.id.replace(/-face$/, ''))
      : undefined;
    const glad =
      name === 'sparkles' ||
      name === 'two-hearts' ||
      /\b(smiling|grinning|partying|star|joy|laughing|beaming|hugging|winking)\b/.test(face.label);
    if (body?.creature && !body.person && subject.creature && !subject.person && !glad) redraw(body);
  }
  // Other things named in the scene. Words beside the subject in its own phrase ("steam" in
  // "steam train", "assistant" in "robot assistant") qualify it and are not drawn apart.
  // "a pirate with a flag", "a chef with a hat": a thing given to someone is theirs, drawn by the
  // made thing named after them when there is one (the pirate flag, the chef hat, a dog house);
  // and a genie's lamp is the magic lamp (PROP_ART), never a table lamp.
  const owner = subjectNoun?.word ?? '';
  const givenTo = (phrase: Phrase) => {
    const before = tokens.slice(Math.max(0, phrase.start - 3), phrase.start).map((t) => t.text);
    const relation = relationBefore(tokens, phrase.start);
    return before.includes('with') || relation === 'holding';
  };
  const ownedBy = (phrase: Phrase): Noun | null => {
    const thing = phrase.nouns.length === 1 ? phrase.nouns[0] : undefined;
    if (!thing || !owner) return null;
    const prop = PROP_ART[owner]?.[thing.word];
    const propArt = prop ? lexicon.artById.get(prop) : undefined;
    if (propArt) return { ...thing, entry: { how: 'name', arts: [lexicon.arts.indexOf(propArt)] } };
    // (only a being owns things: a bicycle basket icon is a second bicycle; and a fairy's wings
    // are its own, not a second picture)
    if (!givenTo(phrase) || !subject.creature || isBodyPart(thing.word, lexicon)) return null;
    const names = [`${owner} ${thing.word}`, `${owner}${thing.word}`];
    const name =
      names.find((w) => drawnByOwnName(lexicon.words.get(w))) ?? doersKind(owner, thing.word, lexicon);
    const entry = name ? lexicon.words.get(name) : undefined;
    const art = entry ? lexicon.arts[entry.arts[0]] : undefined;
    // (a made thing, or an art set's own name for one: a sun with a flower is no sunflower)
    const made = entry?.made || names.every((w) => !lexicon.nouns.has(w));
    return entry && art && made && !art.creature && !art.food
      ? { ...thing, word: name ?? thing.word, entry }
      : null;
  };
  // "a girl brushing her teeth": what the -ing word does to a thing is done with the tool named
  // by both (a toothbrush), when the sets draw it.
  const doneWith = (phrase: Phrase): Noun | null => {
    const thing = phrase.nouns.length === 1 ? phrase.nouns[0] : undefined;
    let k = phrase.start - 1;
    while (k >= 0 && (ARTICLES.has(tokens[k].text) || POSSESSIVES.has(tokens[k].text))) k--;
    const verb = tokens[k]?.text.endsWith('ing') ? verbLemma(tokens[k].text, lexicon) : null;
    if (!thing || !verb) return null;
    // (the tagger's singular too: WordNet knows "teeth", the tool is a toothbrush)
    const singular = irregularSingular(thing.word);
    const tool = [...nounFormsIn(thing.word, lexicon.nouns), ...(singular ? [singular] : [])]
      .flatMap((form) => [`${form}${verb}`, `${form} ${verb}`])
      .find((w) => drawnByOwnName(lexicon.words.get(w)));
    const entry = tool ? lexicon.words.get(tool) : undefined;
    return tool && entry ? { word: tool, entry, scene: null } : null;
  };
  // "a drum and a drummer": a person of no art named after a thing stands beside it as a person
  // (the drummer was left out).
  const personOf = (phrase: Phrase): Noun | null => {
    const [only] = phrase.nouns;
    if (phrase.nouns.length !== 1 || only.entry || only.scene || toolOf(only.word, lexicon) === undefined)
      return null;
    const person = emoji(lexicon, 'person');
    return { ...only, entry: { how: 'hypernym', arts: [lexicon.arts.indexOf(person)], via: person.label } };
  };
  const accentFor = new Map(
    phrases
      .filter((p) => p !== subjectPhrase && !p.partitive)
      .map((p) => [p, ownedBy(p) ?? doneWith(p) ?? bestNoun(p, lexicon) ?? personOf(p)] as const),
  );
  const accentNouns = [...accentFor.values(), ...verbAccents];
  let partner: Plan['partner'] = null;
  const colourOf = new Map<string, string>();
  if (agent?.entry) {
    const art = pick(agent.entry);
    // A trucker or a bus driver rides the truck or the bus; a drummer holds the drum.
    const rides = lexicon.ridden.has(art.id);
    partner = { art, relation: rides ? 'riding' : 'holding' };
    accents.push(art);
    subjects.push({ word: agent.word, label: art.label, art: art.id });
  }
  // "a basket of strawberries": a container drawn by its own name holds the thing, unless the
  // thing's art is in a dish already (a jar of honey is the honey pot, a bowl of soup a pot of
  // food), nor one a dish or a drink is drawn in (a cup of coffee is the hot beverage, a bowl of
  // noodles the steaming bowl). A box or a bag is drawn by art of another name (the cardboard
  // box, a powder bag): no holder.
  const holderOf = (amount: Phrase | undefined, thing: ArtRecord) => {
    const holder = amount?.partitive ? amount.nouns.at(-1) : undefined;
    // (a bowl of things counted, "a bowl of cherries", is drawn: round 26 left the bowl out. A
    // bowl of soup or rice is the dish's own art.)
    const counted = /^[a-z]+[^s]s$/.test(subjectNoun?.word ?? '');
    const fruitBowl = holder?.word === 'bowl' && thing.food && counted;
    const art = holder?.entry ? lexicon.arts[holder.entry.arts[0]] : undefined;
    const holds =
      holder &&
      art &&
      art.label === holder.word &&
      !art.food &&
      lexicon.containers.has(holder.word) &&
      (!SERVING_VESSEL.test(holder.word) || fruitBowl) &&
      !thing.sign &&
      !DISH.test(thing.label);
    return holds ? { word: holder.word, art } : null;
  };
  if (borne && !partner) {
    partner = { art: borne, relation: 'beside' };
    accents.push(borne);
    subjects.push({ word: subjectNoun?.word.split(' ')[0] ?? '', label: borne.label, art: borne.id });
  }
  const heldIn = !partner && !inItsVessel ? holderOf(subjectAmount, subject) : null;
  if (heldIn) {
    partner = { art: heldIn.art, relation: 'in' };
    accents.push(heldIn.art);
    subjects.push({ word: heldIn.word, label: heldIn.art.label, art: heldIn.art.id });
  }
  const phraseOf = new Map([...accentFor].map(([p, noun]) => [noun, p] as const));
  // "a kangaroo with a baby", "a horse and a foal": an animal's young is a small one of it, never
  // a human baby (nor left out, when the young has no art of its own).
  const young = phrases
    .filter((p) => p !== subjectPhrase && !p.partitive)
    .map((p) => p.nouns.at(-1))
    .find((n): n is Noun => n !== undefined && isYoungOf(subject, n, lexicon));
  if (young && accents.length < 2) {
    accents.push(subject);
    subjects.push({ word: young.word, label: subject.label, art: subject.id });
    // (a small one in front of its parent, clear of it: round 26's duckling hid behind the duck)
    if (!partner && accents.length === 1) partner = { art: subject, relation: 'young' };
  }
  // "two kids playing", "three balloons": as many of the subject as the prompt counts, up to
  // three (round 27's own prompts drew one kid for two). Side by side, the first one beside.
  // (the count before the words that describe it: "three little pigs"; and only alone, as "two
  // birds on a branch" stand on the branch)
  let before = (subjectPhrase?.start ?? 0) - 1;
  while (before > 0 && (lexicon.sizes.has(tokens[before].text) || lexicon.colours.has(tokens[before].text)))
    before--;
  const counted = COUNTS[tokens[before]?.text ?? ''] ?? 1;
  const alone = phrases.every((p) => p === subjectPhrase || p.partitive);
  if (subjectPhrase && !agent && !feelingFace && counted > 1 && accents.length === 0 && alone) {
    for (let n = 1; n < counted; n++) {
      accents.push(subject);
      subjects.push({ word: subjects[0]?.word ?? '', label: subject.label, art: subject.id });
    }
    partner ??= { art: subject, relation: 'beside' };
  }
  const addExtra = (extra: typeof weather) => {
    if (!extra || extra.art.id === subject.id || accents.length >= 2) return;
    accents.push(extra.art);
    subjects.push({ word: extra.word, label: extra.art.label, art: extra.art.id });
    // Weather is overhead: the rain cloud above the dog, never under it.
    if (extra === weather && !partner) partner = { art: extra.art, relation: 'sky' };
  };
  addExtra(weather);
  for (const noun of accentNouns) {
    if (noun === young) continue;
    // (A name's part is none of it, but a person the art names by that last word is that person:
    // a knight is the mounted knight, beside a dragon as before a castle. A wall is no castle's.)
    const partArt = noun?.entry ? lexicon.arts[noun.entry.arts[0]] : undefined;
    const partOnly =
      noun?.entry?.how === 'part' && !(partArt?.person && partArt.label.split(' ').at(-1) === noun.word);
    if (!noun?.entry || noun.scene || accents.length >= 2 || partOnly) continue;
    // (A thing the subject's own art is named with is drawn in it: "a planet with rings" is the
    // ringed planet, no finger ring beside it; "a house with a garden" the house with garden.)
    // (by the word as typed: "a basketball hoop with a ball" gives the basketball)
    const at = phraseOf.get(noun)?.start ?? 0;
    const typed = tokens[at]?.text ?? noun.word;
    const shownIn = subject.label
      .split(' ')
      .some((w) => nounForms(typed).some((f) => f.length > 2 && (w === f || w === `${f}ed`)));
    const article = ARTICLES.has(tokens[at - 1]?.text ?? '') ? 1 : 0;
    const given = givenWith(tokens, at) || tokens[at - 1 - article]?.text === 'of';
    if (shownIn && given && phraseOf.has(noun)) continue;
    // (an animal's own horns, antlers or tusks are no second thing: a goat with horns had a
    // postal horn beside it)
    if (subject.creature && !subject.person && ANIMAL_PARTS.has(noun.word)) continue;
    // (a first aid kit's, an ambulance's or a hospital's cross is the red one its own art has: a
    // Latin cross beside it was round 32's one wrong picture)
    if (noun.word === 'cross' && /\b(aid|ambulance|hospital|medical)\b/.test(subject.label)) continue;
    // (a violin's bow is its own, played with it: no ribbon beside it)
    if (noun.word === 'bow' && /\b(violin|cello|fiddle|viola)\b/.test(subject.label)) continue;
    // A being the word is only a keyword of ("puck" of a fairy, "siren" of a mermaid) or a sign
    // not named by the word itself ("water" -> a potable-water sign, "arrow" -> an ON! arrow)
    // would be a different thing beside the subject: not drawn.
    // (A broader creature the word is, is drawn: a puppy's "dog face".)
    // (Nor one whose name holds the word: a honeybee is a bee, a baby chick a chick.)
    const forms = nounForms(noun.word);
    // (A person's word is drawn by the person CLDR tags with it: a nurse beside a teacher is the
    // health worker, a son the boy; not a word that also names a made thing: a puck.)
    const kin =
      noun.entry.via !== undefined ||
      (noun.entry.person === true && noun.entry.madeSense === undefined) ||
      noun.entry.arts.every((a) => {
        const label = lexicon.arts[a].label;
        const closed = !label.includes(' ') && label.endsWith(noun.word) && label !== noun.word;
        // (not a face: a "cold face" is no cold one has)
        const words = label.split(' ');
        return closed || (!words.includes('face') && words.some((w) => forms.includes(w)));
      });
    if (noun.entry.how === 'keyword' && !kin && noun.entry.arts.some((a) => lexicon.arts[a].creature))
      continue;
    const phrase = phraseOf.get(noun);
    // "a pill and a glass of water": the thing in its holder, by the art named for both (the
    // cup of water, no potable-water sign); "drinking water" by its own name (a drop of water).
    const amount = phrase ? phrases[phrases.indexOf(phrase) - 1] : undefined;
    const prior = phrase ? tokens[phrase.start - 1]?.text : undefined;
    const drunk = prior ? lexicon.words.get(`${prior} ${noun.word}`) : undefined;
    const inHolder = amount?.partitive ? namedWithHolder(noun, amount.nouns.at(-1), lexicon) : undefined;
    const plain = drunk && !drunk.arts.some((a) => lexicon.arts[a].sign || lexicon.arts[a].creature);
    if (inHolder) noun.entry = inHolder;
    else if (plain && lexicon.arts[noun.entry.arts[0]]?.sign) noun.entry = drunk;
    if (noun.entry.arts.some((a) => lexicon.arts[a].sign && lexicon.arts[a].label !== noun.word)) continue;
    // "a christmas present under a tree": the occasion's own kind of the thing, when an art is
    // named by both (the christmas tree, no plain tree).
    const seasonal = noun.word.includes(' ')
      ? undefined
      : tokens
          .map((t) => (lexicon.times.has(t.text) ? lexicon.words.get(`${t.text} ${noun.word}`) : undefined))
          .find((e, k) => drawnByOwnName(e) && lexicon.arts[e.arts[0]]?.label.includes(tokens[k].text));
    if (seasonal) noun.entry = seasonal;
    // A creature's own hands or nose are not a second picture, nor a part any subject is given
    // "with" ("a snowman with a carrot nose", "a robot with big eyes").
    if (isBodyPart(noun.word, lexicon) && (subject.creature || (phrase && givenWith(tokens, phrase.start))))
      continue;
    // "a baseball player swinging a bat": what a player of a game holds is a made thing (the bat,
    // no flying bat), as among made things.
    const played = agent && partner ? noun.entry.madeSense : undefined;
    const picked = played !== undefined ? lexicon.arts[played] : pick(noun.entry);
    // "a doctor and a nurse": two people one emoji shows are two of its people (the health worker
    // and the woman health worker), not one.
    const emojiName = picked.id.replace(/^fluent-emoji-flat:(person-)?/, '');
    const other =
      picked.person &&
      picked.id === subject.id &&
      noun.entry.person &&
      !(phrase && givenWith(tokens, phrase.start))
        ? ['woman', 'man']
            .map((w) => lexicon.artById.get(`fluent-emoji-flat:${w}-${emojiName}`))
            .find(Boolean)
        : undefined;
    // ("a monkey and a banana tree": a fruit's tree beside the subject is a tree, as the subject
    // would be; round 27 drew the banana alone)
    const tree = fruitOfTree(noun.word, lexicon) && (picked.food || picked.kind === 'mono');
    // ("a boat sailing at sunset": the sun going down over the water, or over the hills by a
    // mountain; CLDR's "sunset" is behind city buildings, round 31 drew it by a boat)
    const city = tokens.some((t) => lexicon.scenes.get(t.text) === 'city');
    const hills = /\b(mountain|mountains|hill|hills)\b/.test(subject.label);
    const dusk =
      picked.id === 'fluent-emoji-flat:sunset' && !city
        ? emoji(lexicon, hills ? 'sunrise-over-mountains' : 'sunrise')
        : undefined;
    const art = tree ? emoji(lexicon, 'deciduous-tree') : (dusk ?? other ?? picked);
    if (art.id === subject.id || accents.some((a) => a.id === art.id)) continue;
    // "a soccer player kicking a ball": the ball named is the player's own (one ball, in colour).
    if (agent && partner && art.label.split(' ').includes(agent.word)) {
      const was = partner.art.id;
      accents[accents.findIndex((a) => a.id === was)] = art;
      subjects[subjects.findIndex((s) => s.art === was)] = { word: noun.word, label: art.label, art: art.id };
      partner = { ...partner, art };
      continue;
    }
    // "a baseball player hitting a ball": the player's baseball is that ball (no soccer ball);
    // "a boxer punching a bag": the boxer's punching bag is that bag (no powder bag).
    const held = partner?.art.label.split(' ').at(-1) ?? '';
    if (agent && partner && nounForms(noun.word).some((form) => held.endsWith(form))) continue;
    // A feeling face drawn already: the prompt's "tears" are on it.
    if (feelingFace && isFaceArt(art)) continue;
    // The first thing named beside the subject stands where the prompt puts it, else beside it,
    // as large as one can read (never in a corner behind the subject). "a farmer holding a basket
    // of eggs": the relation is said before the amount.
    if (!partner && phrase && accents.length === 0) {
      const amount = phrases[phrases.indexOf(phrase) - 1];
      const start = amount?.partitive ? amount.start : phrase.start;
      const relation = relationBefore(tokens, start) ?? 'beside';
      // (In the rain or under a cloud is below it: the cloud is overhead.)
      // (And in the sun: round 31's cat napping in the sun stood on top of it.)
      const sky = art.label.split(' ').some((w) => w === 'cloud' || w === 'sun');
      const overhead = (relation === 'in' || relation === 'under') && sky;
      // (A person "on the phone" or "on a laptop" is using it, held, not standing on it; a cat on
      // a laptop sits on it.)
      const using = relation === 'on' && subject.person && DEVICE.test(art.label);
      // "a bunny with a basket of eggs": the basket stands beside the bunny, the eggs by it.
      const basket = holderOf(amount, art);
      partner = { art: basket?.art ?? art, relation: overhead ? 'sky' : using ? 'holding' : relation };
      if (basket) {
        accents.push(basket.art);
        subjects.push({ word: basket.word, label: basket.art.label, art: basket.art.id });
      }
    }
    accents.push(art);
    subjects.push({ word: noun.word, label: art.label, art: art.id });
    if (phrase?.colour) colourOf.set(art.id, phrase.colour);
  }

  // "a man with a beard", "a bearded man": a plain person with a beard is the bearded emoji (the
  // beard, a part of him, was left out).
  const plainPerson = ['man', 'woman', 'person'].find((n) => subject.id === `fluent-emoji-flat:${n}`);
  const bearded = tokens.some((t) => t.text === 'beard' || t.text === 'bearded')
    ? lexicon.artById.get(`fluent-emoji-flat:${plainPerson}-beard`)
    : undefined;
  if (plainPerson && bearded) redraw(bearded);
  // "a man in a wheelchair", "a girl in bed": a person in a thing the sets draw people in is that
  // one emoji (the girl stood above a wheelchair). A man or a woman by their own; anyone else the
  // person's.
  if (partner?.relation === 'in' && subject.person) {
    const name = subject.id.split(':')[1];
    const who = name === 'man' || name === 'woman' ? name : 'person';
    const inIt = partner.art;
    const one = [`${who}-in-${inIt.id.split(':')[1]}`, `person-in-${inIt.id.split(':')[1]}`]
      .map((n) => lexicon.artById.get(`fluent-emoji-flat:${n}`))
      .find((a): a is ArtRecord => a !== undefined);
    if (one) {
      redraw(one);
      accents.splice(accents.indexOf(inIt), 1);
      const at = subjects.findIndex((s, i) => i > 0 && s.art === inIt.id);
      if (at > 0) subjects.splice(at, 1);
      partner = null;
    }
  }
  // "a kid reading on a bench", "a girl singing": a person doing a thing the prompt names nothing
  // for holds what it is done with (VERB_THINGS, ours): a book, a microphone.
  const doing = toolVerbs.find((v) => emojiNamed(lexicon, VERB_THINGS[v]));
  const verbThing = doing ? emojiNamed(lexicon, VERB_THINGS[doing]) : undefined;
  // (also beside a place the person is on: "a kid reading on a bench" holds the book too)
  const placedOn = partner !== null && ['on', 'in', 'under'].includes(partner.relation);
  if (
    doing &&
    verbThing &&
    subject.person &&
    !agent &&
    !accents.some((a) => a.id === verbThing.id) &&
    (accents.length === 0 || (placedOn && accents.length === 1))
  ) {
    accents.push(verbThing);
    partner ??= { art: verbThing, relation: 'holding' };
    subjects.push({ word: doing, label: verbThing.label, art: verbThing.id });
  }
  // "a bird singing", "a radio playing": music the prompt names nothing for shows as notes by
  // the head (round 23 drew a silent bird and radio).
  const music = toolVerbs.some(
    (v) => MUSIC_VERBS.any.has(v) || (MUSIC_VERBS.things.has(v) && !subject.creature),
  );
  const notes = emojiNamed(lexicon, 'musical-notes');
  // (not again beside a song, nor by a singer holding the microphone)
  const heard = accents.some((a) => /\b(music|musical|song|microphone)\b/.test(a.label));
  if (music && notes && !mark && !heard) {
    putMark(notes, toolVerbs.join(' '));
  }
  // "a talking tree", "a parrot talking": speech shows as a speech balloon by the head.
  const speaking = toolVerbs.some((v) => SPEECH_VERBS.has(v));
  const balloon = emojiNamed(lexicon, 'speech-balloon');
  if (speaking && balloon && !mark) {
    putMark(balloon, toolVerbs.find((v) => SPEECH_VERBS.has(v)) ?? '');
  }
  // "a phone ringing", "a phone charging": a made thing's state shows as its mark (a bell, a bolt).
  const state = subject.creature ? undefined : toolVerbs.find((v) => THING_STATE_MARKS[v]);
  const stateMark = state ? emojiNamed(lexicon, THING_STATE_MARKS[state]) : undefined;
  // (a bell ringing is the bell: no second bell by it)
  if (state && stateMark && !mark && stateMark.id !== subject.id) {
    putMark(stateMark, state);
  }
  // The occasion's decoration after the things the prompt names: a birthday girl's cake stands
  // beside her, the balloon is the extra.
  addExtra(decoration);
  // (once only: "a dandelion blowing in the wind" drew the wind face beside it and by its head)
  if (mark && accents.some((a) => a.id === mark?.id)) {
    if (markSubject) subjects.splice(subjects.indexOf(markSubject), 1);
    mark = null;
  }

  const sceneAccents = scene
    ? rng
        .shuffle(SCENE_ACCENTS[scene])
        .map((name) => lexicon.artById.get(`fluent-emoji-flat:${name}`))
        .filter((a): a is ArtRecord => Boolean(a) && a?.id !== subject.id)
    : [];

  return {
    subject,
    accents,
    sceneAccents: [...new Set(sceneAccents)],
    scene,
    // (a thing that talks has a face to talk with: "a talking tree")
    face: (faceWord && !subject.creature && !feeling) || happyThing || (speaking && !subject.creature),
    colour: subjectPhrase?.colour ?? null,
    accentColours: accents.map((a) => colourOf.get(a.id) ?? null),
    scale: subjectPhrase?.scale ?? 1,
    motion,
    partner,
    mark,
    subjects,
  };
}

/**
 * "a gardener watering plants", "a dentist with a toothbrush": a person with no art is drawn as a
 * person only when the prompt puts a thing in their hands: a tool the verb names ("watering can")
 * or a thing after "with" or "holding". The thing; else null.
 */
function heldByIn(
  things: Noun[],
  after: Phrase[],
  toolVerbs: string[],
  tokens: Token[],
  lexicon: Lexicon,
): Noun | null {
  const [only] = things;
  if (things.length !== 1 || only.entry) return null;
  if (!nounFormsIn(only.word, lexicon.nouns).some((f) => lexicon.people.has(f))) return null;
  const holdable = (entry: WordEntry | undefined | null) =>
    drawnByOwnName(entry) && entry.arts.every((a) => !lexicon.arts[a].creature && !lexicon.arts[a].sign);
  for (const verb of toolVerbs) {
    for (const [word, entry] of lexicon.words) {
      if (word.startsWith(`${verb} `) && word.split(' ').length === 2 && holdable(entry))
        return { word, entry, scene: null };
    }
  }
  const next = after[0];
  const relation = next ? relationBefore(tokens, next.start) : null;
  const noun = next && (relation === 'holding' || relation === 'beside') ? bestNoun(next, lexicon) : null;
  if (!noun || !holdable(noun.entry)) return null;
  const kind = doersKind(only.word, noun.word, lexicon);
  return kind ? { ...noun, word: kind, entry: lexicon.words.get(kind) ?? noun.entry } : noun;
}

/**
 * The kind of a thing named after what its owner does ("a boxer with gloves": the boxing gloves,
 * no winter glove; "a runner with shoes": running shoes), when an art is named by it.
 */
function doersKind(person: string, thing: string, lexicon: Lexicon): string | undefined {
  if (!person.endsWith('er')) return undefined;
  // (box-er, swimm-er, danc-er)
  const acts = [person.slice(0, -2), person.slice(0, -3), person.slice(0, -1)].map((s) => `${s}ing`);
  return acts
    .flatMap((act) => nounForms(thing).map((form) => `${act} ${form}`))
    .find((w) => drawnByOwnName(lexicon.words.get(w)));
}

/** The art of the thing a person of no art is named after (see agentOf). */
function toolOf(word: string, lexicon: Lexicon) {
  return nounFormsIn(word, lexicon.nouns)
    .map((f) => lexicon.tools.get(f))
    .find((t) => t !== undefined);
}

/** A person with no art of their own name: no art at all, or only an icon that has the word in it. */
function isPersonOfNoArt(noun: Noun, lexicon: Lexicon): boolean {
  if (!noun.entry) return nounFormsIn(noun.word, lexicon.nouns).some((f) => lexicon.people.has(f));
  return noun.entry.how === 'part' && lexicon.arts[noun.entry.arts[0]].person;
}

/** A person's tool, to put in their hands, by its art's own name. */
function toolNoun(art: number, lexicon: Lexicon): Noun {
  return { word: lexicon.arts[art].label, entry: { how: 'name', arts: [art] }, scene: null };
}

/**
 * A person with no art of their own, named by a thing: two words ("a taxi driver"), a WordNet
 * name ("guitar player": a thing drawn by its own name, then a word drawn as a person) or a word
 * the index derives from the thing ("drummer"). The thing, to put in a person's hands; else null.
 */
function agentOf(things: Noun[], lexicon: Lexicon): Noun | null {
  // "a taxi driver": a thing, then a person of no art (two words the dictionary has apart).
  const [first, last] = things;
  // "a jazz drummer", "a rock guitarist": a person of a tool's, however described, is drawn with
  // it (no stone for "rock").
  const describedTool = things.length === 2 && !last.entry ? toolOf(last.word, lexicon) : undefined;
  if (describedTool !== undefined) return toolNoun(describedTool, lexicon);
  if (things.length === 2 && isPersonOfNoArt(last, lexicon) && drawnByOwnName(first.entry)) {
    const art = lexicon.arts[first.entry.arts[0]];
    if (!art.creature && !art.person) return first;
    // (a cricket player plays the game: no insect)
    const game = lexicon.words.get(`${first.word} game`);
    if (drawnByOwnName(game)) return { word: first.word, entry: game, scene: null };
  }
  const [only] = things;
  if (things.length !== 1 || only.entry) return null;
  // "a drummer": a person of no art named after a thing is drawn with it (the index's tools).
  const tool = toolOf(only.word, lexicon);
  if (tool !== undefined) return toolNoun(tool, lexicon);
  const parts = only.word.split(' ');
  if (parts.length !== 2) return null;
  // "an ice skater", "a roller skater": a kind of a person drawn with a tool is drawn as that
  // person, with the kind's own tool when an art names it (the roller skate), else theirs.
  const kindTool = toolOf(parts[1], lexicon);
  if (kindTool !== undefined && lexicon.people.has(only.word)) {
    const named = lexicon.words.get(`${parts[0]} ${lexicon.arts[kindTool].label.split(' ').at(-1)}`);
    return toolNoun(drawnByOwnName(named) ? named.arts[0] : kindTool, lexicon);
  }
  const thing = lookupNoun(parts[0], lexicon);
  const person = lookupNoun(parts[1], lexicon);
  if (!drawnByOwnName(thing) || lexicon.arts[thing.arts[0]]?.creature) return null;
  if (!person?.arts.every((a) => lexicon.arts[a].person)) return null;
  return { word: parts[0], entry: thing, scene: null };
}

/** The relation word nearest before token `start`, looking past articles and adjectives. */
function relationBefore(tokens: Token[], start: number): Relation | null {
  for (let i = start - 1; i >= 0 && i >= start - 4; i--) {
    const word = tokens[i].text;
    const found = RELATION_WORDS.find(([, words]) => words.includes(word));
    if (found) return found[0];
    if (POSSESSIVES.has(word)) continue;
    if (tokens[i].tags.has('Noun') && !tokens[i].tags.has('Adjective')) return null;
  }
  return null;
}

/** A word for the young of the subject, an animal, that has no other art of its own to draw. */
function isYoungOf(subject: ArtRecord, noun: Noun, lexicon: Lexicon): boolean {
  if (!subject.creature || subject.person) return false;
  const forms = nounFormsIn(noun.word, lexicon.nouns);
  const art = noun.entry ? lexicon.arts[noun.entry.arts[0]] : undefined;
  // (a word drawn by the animal's own art through a broader word is one of its kind too: a
  // duckling is "a young duck")
  if (art?.id === subject.id && noun.entry?.how === 'hypernym') return true;
  if (!forms.some((f) => f === 'baby' || lexicon.young.has(f))) return false;
  return !art || art.person || art.id === subject.id;
}

/** The word after token i (past an article) is a food: "a stick of butter". */
function foodAfter(tokens: Token[], i: number, lexicon: Lexicon): boolean {
  const next = ARTICLES.has(tokens[i + 1]?.text ?? '') ? tokens[i + 2] : tokens[i + 1];
  const entry = next ? lookupNoun(next.text, lexicon) : null;
  return entry ? lexicon.arts[entry.arts[0]]?.food === true : false;
}

/** The phrase at `start` follows "with" (over articles, possessives and describing words). */
function givenWith(tokens: Token[], start: number): boolean {
  for (let i = start - 1; i >= 0; i--) {
    const word = tokens[i].text;
    if (word === 'with') return true;
    if (!ARTICLES.has(word) && !POSSESSIVES.has(word) && !tokens[i].tags.has('Adjective')) return false;
  }
  return false;
}

/** Two- and three-word names at token i: the index's ("treasure chest") or WordNet's ("fire hydrant"). */
function phraseAt(tokens: Token[], i: number, lexicon: Lexicon): { word: string; length: number } | null {
  const known = (from: number, length: number) => {
    if (from + length > tokens.length) return null;
    const span = tokens.slice(from, from + length);
    // A span ending in a preposition is no name in a prompt: "a phone in a hand" has no phone-in
    // (but a name the sets draw is: a thumbs up).
    const drawnName = drawnByOwnName(lexicon.words.get(span.map((t) => t.text).join(' ')));
    if (span.at(-1)?.tags.has('Preposition') && !drawnName) return null;
    // Nor one starting with an article: "the city" is a city, not the City of London.
    if (ARTICLES.has(span[0].text)) return null;
    // Nor with a preposition: "on the road" says where a motorcycle is (WordNet's "on the road" is
    // being on tour).
    if (span[0].tags.has('Preposition')) return null;
    // Sizes and colours before a noun describe it: "a big blue balloon" is no Big Blue (IBM).
    const describing = (t: Token) => lexicon.sizes.has(t.text) || lexicon.colours.has(t.text);
    const next = tokens[from + length];
    if (span.every(describing) && next && (next.tags.has('Noun') || lexicon.nouns.has(next.text)))
      return null;
    // A dictionary name with "of" and no art is an idiom ("a cup of tea", "a piece of cake"): the
    // amount and the thing are read apart.
    const idiom = span.some((t) => t.text === 'of');
    for (const word of [span.map((t) => t.text).join(' '), span.map((t) => t.raw).join(' ')]) {
      if (lexicon.words.has(word) || (lexicon.nouns.has(word) && !idiom) || lexicon.times.has(word))
        return word;
    }
    // "a smart phone" is a smartphone: two words written apart that make one drawn by its own
    // name. Not after a colour or a size (a green house is a house, no greenhouse), nor when the
    // last word is drawn by its own name (a rebel lion is a lion, no rebellion).
    const closed = span.map((t) => t.text).join('');
    const described = lexicon.colours.has(span[0].text) || lexicon.sizes.has(span[0].text);
    const last = lexicon.words.get(span[1]?.text ?? '');
    if (length === 2 && !described && last?.how !== 'name' && drawnByOwnName(lexicon.words.get(closed)))
      return closed;
    // "ice skates": a name in the plural is the name ("ice skate"), not ice and a skate.
    const before = span
      .slice(0, -1)
      .map((t) => t.text)
      .join(' ');
    for (const form of nounForms(span[span.length - 1].text).slice(0, -1)) {
      const word = `${before} ${form}`;
      if (lexicon.words.has(word) || lexicon.nouns.has(word)) return word;
    }
    return null;
  };
  const sure = (word: string | null) => drawnByOwnName(word ? lexicon.words.get(word) : undefined);
  for (const length of [3, 2]) {
    const word = known(i, length);
    if (!word) continue;
    // "birthday party hat": the name that ends the phrase ("party hat") is the thing, when it is
    // drawn by its own name and the one before ("birthday party") is not.
    // (and "video game console": of two names drawn by their own, the one that ends it, its head)
    if (length === 2 && sure(known(i + 1, 2)) && (!sure(word) || endsNouns(tokens, i + 2, lexicon)))
      return null;
    // "red fire hydrant" is a red fire hydrant, not a "red fire" (a firework) and a hydrant.
    const first = tokens[i].text;
    // (A word the tagger reads as a noun before a name with art is none: "chicken soup" is no
    // cowardly soup.)
    // (Nor one the tagger reads as a noun in a dictionary name: peanut butter is no butter, a baby
    // shower no shower.)
    const asNoun = tokens[i].tags.has('Noun') && (lexicon.words.has(word) || lexicon.nouns.has(word));
    const adjective =
      lexicon.colours.has(first) || lexicon.sizes.has(first) || (lexicon.adjectives.has(first) && !asNoun);
    // ("an orange tree" is a fruit's tree, not a tree painted orange)
    if (length === 2 && lexicon.colours.has(first) && lexicon.words.has(word) && fruitOfTree(word, lexicon))
      return { word, length };
    // "a rolling pin", "a walking stick": a dictionary name led by a verb's -ing that is no kind
    // of anything drawn is its own thing, never its head's (no pushpin, no stick of wood), unless
    // its head's art is named by it ("aid" is the ear with a hearing aid).
    const tool = length === 2 && first.endsWith('ing') && lexicon.nouns.has(word) && !lexicon.words.has(word);
    const shownByHead = (): boolean =>
      lookupNoun(tokens[i + 1].text, lexicon)?.arts.some((a) => lexicon.arts[a].label.includes(word)) ??
      false;
    if (tool && verbLemma(first, lexicon) && !shownByHead()) return { word, length };
    // ("a red cross" is the symbol of aid, no cross painted red: round 28 drew a Latin cross
    // beside an ambulance and a hospital whose own art has the red cross)
    if (length === 2 && SYMBOL_NAMES.has(word)) return { word, length };
    if (length === 2 && adjective) {
      // "red fire hydrant" is a red fire hydrant, not a "red fire" (a firework) and a hydrant;
      // "little girl", "busy bee", "red fox" are a girl, a bee and a fox the adjective describes,
      // unless the name has art of its own ("red apple").
      if (known(i + 1, 2)) return null;
      // ...but when the noun alone is loosely drawn, a name that is another thing is that thing
      // (hot chocolate is a hot drink, not the cookie CLDR tags "chocolate"; a black widow a
      // spider), and so is one drawn by its head's own icon (a chocolate cake: the cake icon).
      const noun = lookupNoun(tokens[i + 1].text, lexicon);
      const entry = lexicon.words.get(word);
      const via = entry?.via;
      const another = via !== undefined && !nounForms(tokens[i + 1].text).includes(via);
      const headItself = entry?.how === 'hypernym' && lexicon.arts[entry.arts[0]]?.label === via;
      // (A name CLDR tags on another art of the noun's name is that art: a gold medal is the
      // sports medal, tagged "gold", not a military medal painted gold.)
      // (also when the noun is drawn by that art too: a metal names the kind of medal, no paint)
      const tagged =
        entry?.how === 'keyword' &&
        lexicon.arts[entry.arts[0]]?.label.split(' ').at(-1) === tokens[i + 1].text &&
        (entry.arts[0] !== noun?.arts[0] || METALS.has(first));
      if (!sure(word) && !tagged && noun && (drawnByOwnName(noun) || (!another && !headItself))) return null;
    }
    return { word, length };
  }
  return null;
}

/** Token `at` is the last noun of its phrase: what follows it is no noun. */
function endsNouns(tokens: Token[], at: number, lexicon: Lexicon): boolean {
  const next = tokens[at + 1];
  return !next || (!next.tags.has('Noun') && !lexicon.nouns.has(next.text)) || next.tags.has('Preposition');
}

/**
 * "a heart with an arrow", "a face with a thermometer": a thing with another that an art set
 * draws as one, by that name (the emoji "heart with arrow"), is read as that one name (the
 * article between them dropped).
 */
function withNames(tokens: Token[], lexicon: Lexicon): Token[] {
  const out = [...tokens];
  // "a girl raising her hand": a person doing a thing to a thing an emoji shows by that name
  // ("woman raising hand") is that emoji; the person word says which of its people.
  for (let i = 0; i + 3 < out.length; i++) {
    const who = PERSON_SEX[out[i].text];
    if (!who || !out[i + 1].text.endsWith('ing') || !POSSESSIVES.has(out[i + 2].text)) continue;
    const name = [who, 'person']
      .flatMap((w) => nounForms(out[i + 3].text).map((form) => `${w} ${out[i + 1].text} ${form}`))
      .find((n) => drawnByOwnName(lexicon.words.get(n)));
    if (!name) continue;
    const [person, , thing] = name.split(' ');
    out.splice(i + 2, 1);
    out[i] = { ...out[i], text: person };
    out[i + 2] = { ...out[i + 2], text: thing };
  }
  for (let i = 1; i + 2 < out.length; i++) {
    if (out[i].text !== 'with' || !ARTICLES.has(out[i + 1].text)) continue;
    const name = nounForms(out[i + 2].text)
      .map((form) => `${out[i - 1].text} with ${form}`)
      .find((n) => drawnByOwnName(lexicon.words.get(n)));
    if (!name) continue;
    out.splice(i + 1, 1);
    out[i + 1] = { ...out[i + 1], text: name.split(' ').at(-1) ?? out[i + 1].text };
  }
  return out;
}

/**
 * A noun before "of" that names the amount, not the thing: WordNet's measures and containers ("a
 * cup of"), and a word only loosely drawn ("a plate of spaghetti": plate is a keyword of a fork and
 * knife; "a slice of watermelon": an orange slice) — the thing after "of" is the subject.
 */
function isAmount(noun: Noun | undefined, lexicon: Lexicon): boolean {
  if (!noun) return false;
  if (lexicon.partitives.has(noun.word)) return true;
  const how = noun.entry?.how;
  return how === 'keyword' || how === 'part';
}

/** Names of a colour and a thing that are a symbol of their own, which no art draws (ours). */
const SYMBOL_NAMES = new Set(['red cross', 'red crescent']);

/** What an animal lives in or is kept with (ours): beside them an animal's name is the animal. */
const ANIMAL_THINGS = new Set(
  [
    'cage',
    'nest',
    'tank',
    'bowl',
    'kennel',
    'hutch',
    'stable',
    'barn',
    'coop',
    'aquarium',
    'birdhouse',
  ].concat([
    'perch',
    'feeder',
    'leash',
    'collar',
    'bone',
    'fence',
    'doghouse',
    'house',
    'basket',
    'pond',
    'tree',
  ]),
);

/** Parts of an animal WordNet knows first as other things (ours): a horn is a postal horn. */
const ANIMAL_PARTS = new Set([
  'horn',
  'horns',
  'antler',
  'antlers',
  'tusk',
  'tusks',
  'stripes',
  'spots',
  'mane',
]);

/** Birds served on a dish, by the emoji of their roast (ours). */
const ROASTS: Record<string, string> = {
  turkey: 'fluent-emoji-flat:poultry-leg',
  chicken: 'fluent-emoji-flat:poultry-leg',
  hen: 'fluent-emoji-flat:poultry-leg',
  // (round 30: "a grilled fish on a plate" was a live fish on it)
  fish: 'game-icons:fish-cooked',
};

/** Counts before the subject the composer draws, up to three. */
const COUNTS: Record<string, number> = { two: 2, three: 3, twin: 2, twins: 2, '2': 2, '3': 3 };

/** Fluent's flowers, which a bunch of is its bouquet. */
const FLOWERS = new Set(
  [
    'blossom',
    'tulip',
    'rose',
    'hibiscus',
    'sunflower',
    'cherry-blossom',
    'white-flower',
    'hyacinth',
    'lotus',
  ].map((n) => `fluent-emoji-flat:${n}`),
);

/** Colours that are metals: "a gold medal" is a kind of medal. */
const METALS = new Set(['gold', 'golden', 'silver', 'bronze']);

/** Amounts that cut a piece from a food ("a slice of cake"). */
const SLICE_WORDS = new Set(['slice', 'piece', 'wedge', 'portion', 'serving', 'bite', 'slab']);

/** Vessels a drink is had from: what is in one is the drink's own emoji (a cup of coffee). */
const DRINK_VESSEL = /^(cup|mug|glass)$/;

/** Vessels a dish's or a drink's own art shows it in (a steaming bowl, a hot beverage). */
const SERVING_VESSEL = /^(bowl|cup|glass|mug|bottle|flask|jug|pitcher|kettle|thermos|can|teacup)$/;

/** The fruit a fruit tree is named by ("apple tree": the apple), when it has art of its own. */
function fruitOfTree(word: string, lexicon: Lexicon): ArtRecord | undefined {
  const [fruit, tree, ...rest] = word.split(' ');
  if (tree !== 'tree' || rest.length > 0) return undefined;
  const entry = lexicon.words.get(fruit);
  const art = entry ? lexicon.arts[entry.arts[0]] : undefined;
  // (by its own name, or an emoji named by it: the cherries)
  const named = drawnByOwnName(entry) || art?.label.split(' ').some((w) => nounForms(w).includes(fruit));
  return named && art?.food ? art : undefined;
}

/** Dishes food is served on or in. */
const DISH_WORDS = new Set(['plate', 'platter', 'dish', 'tray', 'bowl', 'board']);

/** Devices a person is "on" when using them. */
const DEVICE = /\b(phone|telephone|laptop|computer|tablet|radio)$/;

/** Art that shows its thing in a dish or vessel already ("honey pot", "glass of milk"). */
const DISH = /\b(cup|glass|mug|bottle|bowl|plate|jar|pot|box|can|basket|bucket|tray)\b/;

/**
 * "a bag of chips", "a glass of water": art named by the holder and its thing together (Game
 * Icons' chips bag, Material Design's cup water), for a thing whose own art is of another name
 * (french fries) or a sign (the potable-water sign). Any holder of things or of food and drink.
 */
function namedWithHolder(thing: Noun, holder: Noun | undefined, lexicon: Lexicon): WordEntry | undefined {
  if (!holder || !thing.entry) return undefined;
  const own = lexicon.arts[thing.entry.arts[0]];
  // (not a drink's or a dish's own emoji: a cup of coffee is the hot beverage, a jar of honey
  // the honey pot)
  const drink = DRINK_VESSEL.test(holder.word);
  const otherName =
    own?.sign === true || (thing.entry.how !== 'name' && !drink && !DISH.test(own?.label ?? ''));
  if (!otherName || !(lexicon.containers.has(holder.word) || SERVING_VESSEL.test(holder.word)))
    return undefined;
  const names = [
    `${holder.word} ${thing.word}`,
    `${thing.word} ${holder.word}`,
    `${thing.word}${holder.word}`,
  ];
  // (the glass of water is the cup of water: a glass and a cup of a drink look the same)
  if (holder.word === 'glass' || holder.word === 'mug') names.push(`cup ${thing.word}`);
  const named = names.map((w) => lexicon.words.get(w)).find((e) => e?.how === 'name');
  return named?.arts.every((a) => !lexicon.arts[a].sign && !lexicon.arts[a].creature) ? named : undefined;
}

/** A dish or vessel for food or drink ("a bowl of", "a glass of"): what is in it is food. */
function isVessel(noun: Noun | undefined, lexicon: Lexicon): boolean {
  const art = noun?.entry ? lexicon.arts[noun.entry.arts[0]] : undefined;
  return Boolean(art?.food) || /\b(cup|glass|mug|bottle|bowl|plate|jar)\b/.test(art?.label ?? '');
}

/** A time or occasion with no art of its own ("day", "new year's eve"; not "full moon"). */
function isOccasion(word: string, lexicon: Lexicon): boolean {
  return lexicon.times.has(word) && !drawnByOwnName(lexicon.words.get(word));
}

/** Face art: a smiley or a cat's face ("crying cat"). */
function isFaceArt(art: ArtRecord): boolean {
  const words = art.label.split(' ');
  return art.kind === 'color' && (words.includes('face') || (words.includes('cat') && words.length > 1));
}

/**
 * A feeling or state word ("sad", "scared", "sleeping", "crying") and the faces CLDR tags with
 * it, those named by the word first ("sleeping face", "crying cat").
 */
function feelingOf(text: string, lexicon: Lexicon): Feeling | null {
  const lemma = verbLemma(text, lexicon);
  const faces = [...(lexicon.faces.get(text) ?? []), ...((lemma && lexicon.faces.get(lemma)) || [])];
  if (faces.length === 0) return null;
  const arts = faces.map((a) => lexicon.arts[a]);
  const named = arts.filter((a) => a.label.split(' ').includes(text));
  return { word: text, arts: [...new Set([...named, ...arts])] };
}

function emoji(lexicon: Lexicon, name: string): ArtRecord {
  const art = emojiNamed(lexicon, name);
  if (!art) throw new Error(`The index has no fluent-emoji-flat:${name}`);
  return art;
}

/** The Fluent emoji of that name, when the index has it. */
function emojiNamed(lexicon: Lexicon, name: string | undefined): ArtRecord | undefined {
  return name ? lexicon.artById.get(`fluent-emoji-flat:${name}`) : undefined;
}
