// Suggest without a network: three richer prompts for an idea, built only from words the built-in
// composer draws and honours. Each part it adds is one the composer's own planner reads back
// (planPrompt): a size or feeling for the subject, a colour it paints the subject in, a verb of
// motion or a thing held beside it, and a scene word for the backdrop. Every candidate is planned
// before it is offered, so a suggestion never names what the composer would refuse or ignore.
// Deterministic: the same idea gets the same three suggestions.
// The idea's words decide every choice, with the composer's own seeded generator.
import { ComposerMiss, createRandom, getLexicon, hashText, planPrompt } from '../../composer';
import { PROMPT_MAX_LENGTH, SUGGESTION_COUNT } from '../../core/prompt';
import type { PromptSuggester } from './ports';

export const OFFLINE_SUGGESTER_NAME = 'offline-composer';

type Plan = ReturnType<typeof planPrompt>;

/**
 * No suggestions to offer: the idea's subject has no art (`words` names it), or the idea already
 * has everything the composer can add (a detail, a pose, a setting and a colour; `words` empty).
 */
export class NothingToSuggest extends Error {
  readonly words: string[];
  constructor(words: string[]) {
    super(words.length > 0 ? `No art for: ${words.join(', ')}` : 'Nothing left to add');
    this.name = 'NothingToSuggest';
    this.words = words;
  }
}

// What the suggestions pick from. Each is checked against the composer's index and planner
// before use, so a word the index lacks is simply never offered.
/** Plain colour names (the index has every CSS name; these are the ones people say). */
const COLOURS = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink', 'turquoise', 'gold'];
/** Setting phrases (the composer draws a backdrop for each) and the motions that suit each. */
const SETTINGS: readonly { words: string; motions?: readonly string[] }[] = [
  { words: 'in a forest' },
  { words: 'on the beach' },
  { words: 'in a meadow' },
  { words: 'in the snow' },
  { words: 'underwater', motions: ['swimming'] },
  { words: 'in space', motions: ['flying'] },
  { words: 'at night', motions: ['flying', 'jumping'] },
  { words: 'in a spring garden' },
  { words: 'in the city' },
  { words: 'in autumn' },
];
/** Motions that suit a backdrop the idea has already (the composer's scene id). */
const SCENE_MOTIONS: Record<string, readonly string[]> = {
  underwater: ['swimming'],
  space: ['flying'],
  night: ['flying', 'jumping'],
};
const MOTIONS: readonly string[] = ['running', 'jumping'];
/** Things a subject can hold or stand beside. */
const PROPS = ['balloon', 'umbrella', 'kite', 'gift', 'book', 'trophy', 'lantern', 'guitar', 'sunflower'];
/** Size words (the subject is drawn smaller or larger). */
const SIZES = ['little', 'giant'];
/** A feeling a creature shows; a thing gets a cartoon face instead. */
const CREATURE_FEELING = 'happy';
const THING_FACE = 'smiling';

/**
 * The composer's reading of a prompt (a fixed seed: only what it honours is compared), or null.
 * One request reads the same candidate several times: the readings are kept for that request.
 */
function reader() {
  const seen = new Map<string, Plan | null>();
  return (text: string): Plan | null => {
    if (seen.has(text)) return seen.get(text) ?? null;
    let read: Plan | null = null;
    try {
      read = planPrompt(text, createRandom(1));
    } catch (error) {
      if (!(error instanceof ComposerMiss)) throw error;
    }
    seen.set(text, read);
    return read;
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** What a suggestion adds to the idea; each part is left out when the idea has it already. */
type Parts = { detail?: string; colour?: string; motion?: string; prop?: string; setting?: string };

type Idea = {
  text: string;
  plan: Plan;
  /** Where the subject's words start and end in the text (null: the subject came from a scene word). */
  at: { start: number; end: number } | null;
  /** For an idea that names only a scene: the thing suggestions name, one the composer reads back. */
  named: { label: string; art: string } | null;
  creature: boolean;
  read: (text: string) => Plan | null;
};

function readIdea(prompt: string): Idea {
  const text = prompt.trim().replace(/[\s.!?;,]+$/, '');
  const read = reader();
  let idea: Plan;
  try {
    idea = planPrompt(text, createRandom(1));
  } catch (error) {
    if (error instanceof ComposerMiss) throw new NothingToSuggest(error.words);
    throw error;
  }
  const lexicon = getLexicon();
  const word = idea.subjects[0]?.word ?? '';
  const fromScene = lexicon.scenes.has(word);
  let named: Idea['named'] = null;
  if (fromScene) {
    // The composer picks a thing that suits the scene ("Underwater scene": a turtle, an octopus):
    // the first of its picks whose name it reads back as that same thing is named.
    for (let seed = 1; seed <= 8 && !named; seed++) {
      const art = planPrompt(text, createRandom(seed)).subject;
      // "camping" (the tent's name) is an activity, not a thing to put "a little orange" before.
      const activity = art.label.endsWith('ing') && lexicon.verbs.has(art.label.slice(0, -3));
      if (!activity && read(`a ${art.label}`)?.subject.id === art.id)
        named = { label: art.label, art: art.id };
    }
    if (!named) throw new NothingToSuggest([]);
  }
  // The subject's words as typed ("Robot", "cats"): tokens are lower-case, spaces between.
  const pattern = new RegExp(
    `(^|[^\\p{L}\\p{N}])(${word.split(' ').map(escapeRegExp).join('[\\s-]+')})(?![\\p{L}\\p{N}])`,
    'iu',
  );
  const found = fromScene || !word ? null : pattern.exec(text);
  const at = found ? { start: found.index + found[1].length, end: found.index + found[0].length } : null;
  const creature = named ? (lexicon.artById.get(named.art)?.creature ?? false) : idea.subject.creature;
  return { text, plan: idea, at, named, creature, read };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The idea with the parts put where the composer reads them, in plain English. */
function write(idea: Idea, parts: Parts): string {
  const before = [parts.detail, parts.colour].filter(Boolean).join(' ');
  const action =
    parts.motion ??
    (parts.prop ? `${idea.creature ? 'holding' : 'with'} ${article(parts.prop)} ${parts.prop}` : '');
  const tail = [action, parts.setting].filter(Boolean).join(' ');
  if (!idea.at) {
    // The idea names only a scene ("Underwater scene"): name the thing the composer draws for it.
    const subject = [before, idea.named?.label ?? ''].filter(Boolean).join(' ');
    const thing = [`${article(subject)} ${subject}`, action].filter(Boolean).join(' ');
    return `${capitalise(thing)}, ${idea.text}`;
  }
  const lexicon = getLexicon();
  let start = idea.at.start;
  // "an orange fox" -> "a little orange fox": the detail goes before the colour or size typed.
  for (;;) {
    const word = /([\p{L}]+)\s+$/u.exec(idea.text.slice(0, start));
    const lower = word?.[1].toLowerCase() ?? '';
    if (!word || !(lexicon.colours.has(lower) || lexicon.sizes.has(lower))) break;
    start = word.index;
  }
  let head = idea.text.slice(0, start);
  let subject = idea.text.slice(start, idea.at.end);
  if (before) {
    // "a cat" -> "an orange cat": the article follows the new first word.
    head = head.replace(/\b(a|an)(\s+)$/i, (_, a: string, space: string) => {
      const next = article(before);
      return (a[0] === 'A' ? capitalise(next) : next) + space;
    });
    if (head === '') {
      // "Superhero" -> "A little pink superhero" (a plural, "Cats", takes no article).
      const typed = subject.charAt(0);
      if (/^\p{Lu}\p{Ll}/u.test(subject)) subject = typed.toLowerCase() + subject.slice(1);
      const singular = !/s\b/i.test(idea.text.slice(idea.at.start, idea.at.end));
      head = singular ? `${capitalise(article(before))} ` : '';
      head += `${singular ? before : capitalise(before)} `;
    } else head += `${before} `;
  }
  const rest = idea.text.slice(idea.at.end);
  if (!tail) return `${head}${subject}${rest}`;
  // Right after the subject when nothing follows it; else after what was typed, set off by a comma.
  return rest.trim() === '' ? `${head}${subject} ${tail}` : `${head}${subject}${rest}, ${tail}`;
}

type Key = keyof Parts;

/**
 * What the composer does not draw as the parts ask: the parts it misread, or 'whole' when the
 * prompt as a whole reads otherwise (no art, another subject or backdrop, a second picture nobody
 * asked for, too long). An empty list: every part is drawn as meant.
 */
function misses(idea: Idea, parts: Parts, text: string): (Key | 'whole')[] {
  if (text.length > PROMPT_MAX_LENGTH) return ['whole'];
  const read = idea.read(text);
  if (!read) return ['whole'];
  const lexicon = getLexicon();
  const base = idea.plan;
  const same = idea.named
    ? read.subject.id === idea.named.art
    : read.subjects[0]?.word === base.subjects[0]?.word;
  if (!same) return ['whole'];
  const missed: (Key | 'whole')[] = [];
  if (parts.colour && read.colour !== (lexicon.colours.get(parts.colour) ?? null)) missed.push('colour');
  let added = 0;
  if (parts.detail === CREATURE_FEELING) {
    if (read.subjects.some((s) => s.word === CREATURE_FEELING)) added++;
    else missed.push('detail');
  } else if (
    parts.detail === THING_FACE ? !read.face : parts.detail && read.scale !== lexicon.sizes.get(parts.detail)
  )
    missed.push('detail');
  if (parts.motion && (read.motion === null || read.motion === base.motion)) missed.push('motion');
  if (parts.prop) {
    if (read.partner !== null && read.subjects.some((s) => s.word === parts.prop)) added++;
    else missed.push('prop');
  }
  if (parts.setting ? read.scene === null || read.scene === base.scene : read.scene !== base.scene)
    missed.push(parts.setting ? 'setting' : 'whole');
  // A word read as something else (a second picture, a feeling face) would draw what was not meant.
  if (missed.length === 0 && read.subjects.length !== base.subjects.length + added) missed.push('whole');
  return missed;
}

/** When the whole reads wrong, the part given up first. */
const GIVE_UP_ORDER: Key[] = ['prop', 'motion', 'detail', 'setting', 'colour'];
/** Readings one suggestion may take (each is a run of the composer's planner, ~30 ms). */
const MAX_READINGS = 8;
/** Options one part may try before the suggestion goes without it. */
const TRIES_PER_PART = 3;

/**
 * One suggestion: every part's first option at once, read by the composer once; a part it misreads
 * takes its next option (or is left out when none is left) and the whole is read again.
 */
function compose(idea: Idea, recipe: Recipe, pools: Pools): { text: string; parts: Parts } | null {
  const base = idea.plan;
  const options: Partial<Record<Key, string[]>> = {};
  if (base.colour === null) options.colour = pools.colours.filter((c) => !pools.usedColours.has(c));
  const feeling = recipe === 'feeling';
  if (base.scale === 1)
    options.detail = [
      feeling ? (idea.creature ? CREATURE_FEELING : THING_FACE) : SIZES[recipe === 'big' ? 1 : 0],
    ];
  if (base.scene === null)
    options.setting = pools.settings.filter((s) => !pools.usedSettings.has(s.words)).map((s) => s.words);
  // A pose: a verb of motion for a creature, else a thing held or beside it (one of the two). A
  // creature's feeling is drawn as a face beside it, which leaves no room for a thing held.
  const canHold = base.partner === null && base.accents.length === 0 && !(feeling && idea.creature);
  const canMove = base.motion === null && idea.creature;
  if (canHold && (recipe === 'prop' || !canMove))
    options.prop = pools.props.filter((p) => !pools.usedProps.has(p));
  else if (canMove) options.motion = [];
  const motionsFor = (setting: string | undefined) =>
    SETTINGS.find((s) => s.words === setting)?.motions ?? SCENE_MOTIONS[base.scene ?? ''] ?? MOTIONS;

  const cursor: Partial<Record<Key, number>> = {};
  const pick = (key: Key, parts: Parts) => {
    const list = key === 'motion' ? motionsFor(parts.setting) : (options[key] ?? []);
    return list[cursor[key] ?? 0];
  };
  const live = new Set(Object.keys(options) as Key[]);
  for (let reading = 0; reading < MAX_READINGS && live.size > 0; reading++) {
    const parts: Parts = {};
    for (const key of ['colour', 'detail', 'setting', 'prop', 'motion'] as Key[]) {
      if (!live.has(key)) continue;
      const value = pick(key, parts);
      if (value === undefined) live.delete(key);
      else parts[key] = value;
    }
    if (Object.keys(parts).length === 0) return null;
    const text = write(idea, parts);
    const missed = misses(idea, parts, text);
    if (missed.length === 0) return { text, parts };
    for (const key of missed) {
      if (key === 'whole') {
        const giveUp = GIVE_UP_ORDER.find((k) => parts[k] !== undefined);
        if (giveUp) live.delete(giveUp);
      } else {
        cursor[key] = (cursor[key] ?? 0) + 1;
        // A part the composer keeps leaving out (a thing "with" a flying saucer) is left out.
        if (cursor[key] >= TRIES_PER_PART) live.delete(key);
      }
    }
  }
  return null;
}

type Recipe = 'small' | 'prop' | 'feeling' | 'big';

type Pools = {
  colours: string[];
  settings: (typeof SETTINGS)[number][];
  props: string[];
  usedColours: Set<string>;
  usedSettings: Set<string>;
  usedProps: Set<string>;
};

/** Answers kept for ideas asked again (they never change): each costs ~10 runs of the planner. */
const answered = new Map<string, string[]>();
const ANSWERS_KEPT = 500;

/** Three suggestions for the idea (throws NothingToSuggest when the composer has no art for it). */
export function suggestOffline(prompt: string): string[] {
  const kept = answered.get(prompt);
  if (kept) return [...kept];
  const out = suggestAnew(prompt);
  if (answered.size >= ANSWERS_KEPT) answered.delete(answered.keys().next().value as string);
  answered.set(prompt, out);
  return [...out];
}

function suggestAnew(prompt: string): string[] {
  const idea = readIdea(prompt);
  const lexicon = getLexicon();
  const rng = createRandom(hashText(idea.text.toLowerCase()));
  const pools: Pools = {
    colours: rng.shuffle(COLOURS.filter((c) => lexicon.colours.has(c))),
    settings: rng.shuffle(SETTINGS),
    props: rng.shuffle(PROPS.filter((p) => lexicon.words.has(p))),
    usedColours: new Set(),
    usedSettings: new Set(),
    usedProps: new Set(),
  };
  const out: string[] = [];
  // Each suggestion leans another way (size and motion, a thing held, a feeling), and none repeats
  // another's colour, setting or thing.
  for (const recipe of ['small', 'prop', 'feeling', 'big', 'small', 'prop'] as Recipe[]) {
    if (out.length === SUGGESTION_COUNT) break;
    const made = compose(idea, recipe, pools);
    if (!made) continue;
    if (made.parts.colour) pools.usedColours.add(made.parts.colour);
    if (made.parts.setting) pools.usedSettings.add(made.parts.setting);
    if (made.parts.prop) pools.usedProps.add(made.parts.prop);
    if (!out.includes(made.text) && made.text !== idea.text) out.push(made.text);
  }
  if (out.length < SUGGESTION_COUNT) {
    // An idea that already says nearly everything: nothing richer to offer than itself.
    throw new NothingToSuggest([]);
  }
  return out;
}

export function createOfflineSuggester(): PromptSuggester {
  return {
    name: OFFLINE_SUGGESTER_NAME,
    async suggest({ prompt, signal }) {
      signal?.throwIfAborted();
      return suggestOffline(prompt);
    },
  };
}
