// Prompt -> what to draw. compromise tags the words (noun, adjective, verb...); the index says
// how each noun is drawn. The first noun phrase is the subject; colour and size words change
// it; other nouns become accents; verbs of motion move it; scene words set a backdrop.
import nlp from 'compromise';
import type { ArtRecord, MatchKind, MotionKind } from './index-file';
import { getLexicon, type Lexicon } from './lexicon';
import type { Random } from './random';
import { SCENE_ACCENTS, SCENE_SUBJECTS, type SceneId, SOFT_SCENE_WORDS, seasonFor } from './scenes';
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
  /** 1 normally; below for "tiny", above for "giant". */
  scale: number;
  motion: MotionKind | null;
  subjects: DrawnSubject[];
};

/** The prompt's subject has no art: nothing is drawn and nothing is charged. */
export class ComposerMiss extends Error {
  readonly words: string[];
  constructor(words: string[]) {
    super(`No art for: ${words.join(', ')}`);
    this.name = 'ComposerMiss';
    this.words = words;
  }
}

type Token = { text: string; tags: Set<string> };

type Noun = {
  /** The prompt's words for it. */
  word: string;
  entry: { how: MatchKind; arts: number[] } | null;
  /** The word is a kind of scene ("beach", "space"). */
  scene: SceneId | null;
};

type Phrase = { nouns: Noun[]; colour: string | null; scale: number; partitive?: boolean };

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
      const normal = term.normal.replace(/[^a-z0-9'_-]/g, '');
      if (normal) out.push({ text: normal, tags: new Set(term.tags) });
    }
  }
  return out;
}

/** The singular forms a plural may come from (WordNet's rules), then the word itself. */
function nounForms(word: string): string[] {
  const forms: string[] = [];
  const rules: [string, string][] = [
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
  const irregular = nlp(word).nouns().toSingular().text().toLowerCase();
  return irregular && irregular !== word ? [irregular, ...forms] : forms;
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
  }
  return candidates.find((c) => lexicon.verbs.has(c)) ?? null;
}

function lookupNoun(word: string, lexicon: Lexicon): Noun['entry'] {
  for (const form of nounFormsIn(word, lexicon.nouns)) {
    const entry = lexicon.words.get(form);
    if (entry) return entry;
  }
  return null;
}

/** The best-drawn noun of a phrase: a surer match first, then the last noun (the head). */
function bestNoun(phrase: Phrase, lexicon: Lexicon): Noun | null {
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
  const tokens = tag(prompt);
  const phrases: Phrase[] = [];
  const verbAccents: Noun[] = [];
  let current: Phrase | null = null;
  let colour: string | null = null;
  let scale = 1;
  let motion: MotionKind | null = null;
  let scene: SceneId | null = null;
  let softScene = false;
  let faceWord = false;

  const close = () => {
    if (current && current.nouns.length > 0) phrases.push(current);
    current = null;
  };

  for (let i = 0; i < tokens.length; i++) {
    const { text, tags } = tokens[i];
    const sceneHere = lexicon.scenes.get(text) ?? null;
    if (sceneHere && !scene) {
      scene = sceneHere;
      softScene = SOFT_SCENE_WORDS.has(text);
    }
    if (FACE_WORDS.has(text)) faceWord = true;

    // Phrases the index knows as one thing: "treasure chest", "hot dog", "red apple".
    let phraseMatch: { word: string; length: number } | null = null;
    for (const length of [3, 2]) {
      if (i + length > tokens.length) continue;
      const word = tokens
        .slice(i, i + length)
        .map((t) => t.text)
        .join(' ');
      if (lexicon.words.has(word)) {
        phraseMatch = { word, length };
        break;
      }
    }
    if (phraseMatch) {
      current ??= { nouns: [], colour, scale };
      current.nouns.push({
        word: phraseMatch.word,
        entry: lexicon.words.get(phraseMatch.word)!,
        scene: null,
      });
      colour = null;
      scale = 1;
      i += phraseMatch.length - 1;
      continue;
    }

    if (text === 'of' && current && lexicon.partitives.has((current as Phrase).nouns.at(-1)?.word ?? '')) {
      // "a cup of coffee": the coffee is the thing; the amount carries its colour and size over.
      const amount = current as Phrase;
      amount.partitive = true;
      colour ??= amount.colour;
      if (scale === 1) scale = amount.scale;
      close();
      continue;
    }
    if (PICTURE_WORDS.has(text) || FACE_WORDS.has(text) || /^\d+$/.test(text)) {
      close();
      continue;
    }
    if (SKIP_TAGS.some((t) => tags.has(t))) {
      close();
      continue;
    }
    if (lexicon.colours.has(text) && (tags.has('Adjective') || !lexicon.words.has(text))) {
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
    const afterNoun = current !== null && (current as Phrase).nouns.length > 0;
    const isVerb =
      tags.has('Verb') || tags.has('Gerund') || (lemma !== null && text.endsWith('ing') && afterNoun);
    if (isVerb && lemma) {
      close();
      const kind = lexicon.motion.get(lemma);
      if (kind) motion ??= kind;
      else {
        // "fishing" brings a fish, "watering" a droplet: the verb's own noun, when it has art.
        const entry = lexicon.words.get(lemma);
        if (entry?.how === 'name' && lexicon.arts[entry.arts[0]]?.kind === 'color')
          verbAccents.push({ word: text, entry, scene: null });
      }
      continue;
    }
    const noun = nounFormsIn(text, lexicon.nouns).some((f) => lexicon.nouns.has(f));
    // The tagger calls "animal" in "cute animal" an adjective: a WordNet noun that ends its phrase is a noun.
    const next = tokens[i + 1];
    const nounFollows = next !== undefined && (next.tags.has('Noun') || lexicon.nouns.has(next.text));
    const adjective = tags.has('Adjective') && !tags.has('Noun') && (nounFollows || !noun);
    if (adjective || (!noun && lexicon.adjectives.has(text))) {
      close();
      continue;
    }
    current ??= { nouns: [], colour, scale };
    colour = null;
    scale = 1;
    current.nouns.push({ word: text, entry: lookupNoun(text, lexicon), scene: sceneHere });
  }
  close();

  // The subject: the first phrase with something to draw that is not only a scene word.
  let subjectPhrase: Phrase | null = null;
  let subjectNoun: Noun | null = null;
  const missed: string[] = [];
  for (const phrase of phrases) {
    if (phrase.partitive) continue;
    const things = phrase.nouns.filter((n) => !n.scene);
    if (things.length === 0) continue;
    const noun = bestNoun({ ...phrase, nouns: things }, lexicon);
    if (noun) {
      subjectPhrase = phrase;
      subjectNoun = noun;
      break;
    }
    // The first thing named has no art: say so rather than draw something else.
    missed.push(...things.map((n) => n.word));
    break;
  }
  if (missed.length > 0) throw new ComposerMiss(missed);

  const pick = (entry: { arts: number[] }) =>
    lexicon.arts[entry.arts.length > 1 ? rng.pick(entry.arts) : entry.arts[0]];
  const subjects: DrawnSubject[] = [];
  let subject: ArtRecord;
  // "space exploration": a scene word beats a loose match ("exploration" -> journey) beside it.
  const loose =
    subjectNoun?.entry && (subjectNoun.entry.how === 'hypernym' || subjectNoun.entry.how === 'part');
  if (loose && scene && subjectPhrase?.nouns.some((n) => n.scene)) subjectNoun = null;
  if (subjectNoun?.entry) {
    subject = pick(subjectNoun.entry);
    subjects.push({ word: subjectNoun.word, label: subject.label, art: subject.id });
  } else if (scene) {
    const name = rng.pick(SCENE_SUBJECTS[scene]);
    subject = emoji(lexicon, name);
    const sceneWord = tokens.find((t) => lexicon.scenes.get(t.text) === scene)?.text ?? scene;
    subjects.push({ word: sceneWord, label: subject.label, art: subject.id });
  } else {
    // Nothing but style words, verbs or adjectives: no subject to draw.
    const words = tokens.map((t) => t.text).filter((w) => !PICTURE_WORDS.has(w));
    throw new ComposerMiss(words.length > 0 ? words : [prompt]);
  }

  if (scene && softScene) scene = seasonFor(subject.id.replace(/^fluent-emoji-flat:/, ''));

  const accents: ArtRecord[] = [];
  const accentNouns = [
    ...phrases.filter((p) => p !== subjectPhrase && !p.partitive).map((p) => bestNoun(p, lexicon)),
    // Beside the subject only sure matches: "assistant" in "robot assistant" is no separate thing.
    ...(subjectPhrase
      ? subjectPhrase.nouns.filter(
          (n) =>
            n !== subjectNoun && !n.scene && n.entry && (n.entry.how === 'name' || n.entry.how === 'synonym'),
        )
      : []),
    ...verbAccents,
  ];
  for (const noun of accentNouns) {
    if (!noun?.entry || noun.scene || accents.length >= 2) continue;
    const art = pick(noun.entry);
    if (art.id === subject.id || accents.some((a) => a.id === art.id)) continue;
    accents.push(art);
    subjects.push({ word: noun.word, label: art.label, art: art.id });
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
    face: faceWord && !subject.creature,
    colour: subjectPhrase?.colour ?? null,
    scale: subjectPhrase?.scale ?? 1,
    motion,
    subjects,
  };
}

function emoji(lexicon: Lexicon, name: string): ArtRecord {
  const art = lexicon.artById.get(`fluent-emoji-flat:${name}`);
  if (!art) throw new Error(`The index has no fluent-emoji-flat:${name}`);
  return art;
}
