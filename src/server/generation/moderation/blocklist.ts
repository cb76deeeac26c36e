// The moderation every provider gets (behind OpenAI's moderation model when a key is set): the
// `obscenity` package's maintained English list, matched through its look-alike, leetspeak and
// repeated-letter folding, plus our own list of what a clipart prompt must not ask for (hate
// symbols and figures, sexual content, gore). Letters typed apart ("p o r n") are joined first.
// Decisions (docs/security.md): words with an everyday clipart meaning are taken out of the
// maintained list ("tit", "cock", "dick", "pussy", "ass", "bitch" — birds, a rooster, a name, a
// willow, a donkey, a dog); "sexy" alone passes ("a sexy red sports car"), "sexy" about a person
// or pose does not; "breast" passes ("a bird's breast feathers", "chicken breast").

import {
  DataSet,
  englishDataset,
  englishRecommendedTransformers,
  parseRawPattern,
  RegExpMatcher,
} from 'obscenity';
import type { Moderation, ModerationResult } from '../ports';
import { DECLINED_MESSAGE } from './messages';

/** blocked: refused on its own; the others only together (sexual with a person or a minor). */
type Category = 'blocked' | 'sexual' | 'person' | 'minor';
type Meta = { originalWord: string; category: Category };

/** Taken out of the maintained list: each has an everyday meaning a clipart prompt uses. */
const EVERYDAY_WORDS = new Set([
  'tit',
  'cock',
  'dick',
  'pussy',
  'ass',
  'arse',
  'bitch',
  'bastard',
  'cum',
  'prick',
  'scat',
  'hooker',
  'sex',
]);
/**
 * Everyday phrases that pass although a listed word is in them; taken out of the text before it
 * is matched (whole words, after folding).
 */
const EVERYDAY_PHRASES = [
  'shiitake',
  'penistone',
  'rapeseed',
  'oilseed rape',
  'negroni',
  'rio negro',
  'naked mole rat',
  'naked eye',
  'naked flame',
  'nude lipstick',
  'nude color',
  'nude colour',
  'nude shoes',
  'nude nail',
];

/**
 * Ours, lower case; `|` marks a word edge and `[a]` an optional letter (obscenity's pattern syntax).
 */
const OUR_TERMS: Record<Category, string[]> = {
  blocked: [
    // Hate symbols, slogans and figures.
    '|nazi',
    'swastika',
    'hakenkreuz',
    '|hitler',
    // Written as matched: the folding collapses repeated letters ("himmler" is read "himler").
    '|himler',
    '|goebbels',
    '|mengele',
    '|third reich',
    '|waffen ss|',
    '|sieg heil',
    '|heil hitler',
    '|ku klux',
    '|white power|',
    '|white supremac',
    '|white pride|',
    '|aryan',
    '|neo nazi',
    '|wetback',
    '|raghead',
    '|towelhead',
    '|beaner|',
    '|gook|',
    // Sexual content.
    '|sex|',
    '|sexes|',
    '|having sex|',
    '|sex act',
    '|sex toy',
    '|sex scene',
    '|nsfw|',
    '|xxx|',
    '|nudity|',
    '|nudes|',
    '|topless',
    '|lingerie',
    '|erotic',
    '|striptease',
    '|stripper',
    '|fetish',
    '|bdsm|',
    '|cumshot',
    '|creampie',
    '|milf|',
    '|hentai',
    '|csam|',
    '|loli|',
    '|lolicon',
    '|shota|',
    '|shotacon',
    '|pedo|',
    '|pedophil',
    '|paedophil',
    '|genitals',
    '|seductive',
    '|naked',
    '|nude|',
    '|sexual',
    // Extreme gore.
    '|decapitat',
    '|behead',
    '|dismember',
    '|disembowel',
    '|mutilat',
    '|extreme gore',
    '|blood and gore',
    '|snuff film',
  ],
  sexual: ['|sexy|', '|sensual', '|provocative', '|undressed', '|bikini', '|underwear'],
  person: [
    '|woman|',
    '|women|',
    '|man|',
    '|men|',
    '|girl',
    '|boy|',
    '|boys|',
    '|lady|',
    '|ladies|',
    '|guy|',
    '|person|',
    '|people|',
    '|body|',
    '|pose|',
    '|posing|',
    '|model|',
    '|nurse',
    '|maid|',
    '|wife|',
    '|couple|',
  ],
  minor: [
    '|child',
    '|kid|',
    '|kids|',
    '|minor|',
    '|minors|',
    '|underage',
    '|preteen',
    '|schoolgirl',
    '|schoolboy',
    '|teen',
  ],
};

const dataset = new DataSet<Meta>()
  .addAll(englishDataset as unknown as DataSet<Meta>)
  .removePhrasesIf((phrase) => EVERYDAY_WORDS.has(phrase.metadata?.originalWord ?? ''));
for (const [category, terms] of Object.entries(OUR_TERMS) as Array<[Category, string[]]>)
  for (const term of terms)
    dataset.addPhrase((phrase) =>
      phrase.setMetadata({ originalWord: term, category }).addPattern(parseRawPattern(term)),
    );
const matcher = new RegExpMatcher({ ...dataset.build(), ...englishRecommendedTransformers });

const EVERYDAY = new RegExp(`(?<![\\p{L}])(?:${EVERYDAY_PHRASES.join('|')})(?![\\p{L}])`, 'gu');
// Three or more single letters with only spaces or punctuation between them: "p o r n", "n.s.f.w".
const SPACED_LETTERS = /(?<![\p{L}\p{N}])\p{L}(?:[^\p{L}\p{N}]{1,3}\p{L}(?![\p{L}\p{N}])){2,}/gu;

/** The text the lists are matched against: folded, everyday phrases out, spaced letters joined. */
export function foldPrompt(prompt: string): string {
  return prompt
    .normalize('NFKC')
    .toLowerCase()
    .replace(EVERYDAY, ' ')
    .replace(SPACED_LETTERS, (run) => run.replace(/[^\p{L}]/gu, ''));
}

// Repeated letters are collapsed before the lists are matched, so this one is looked for first.
const KKK = /(?<![\p{L}])kkk(?![\p{L}])/u;

/** The categories of every listed term in the prompt (a maintained-list word counts as blocked). */
function categoriesIn(prompt: string): Set<Category> {
  const text = foldPrompt(prompt);
  const found = new Set<Category>(KKK.test(text) ? ['blocked'] : []);
  for (const match of matcher.getAllMatches(text)) {
    found.add(dataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.category ?? 'blocked');
  }
  return found;
}

export function isBlockedPrompt(prompt: string): boolean {
  const found = categoriesIn(prompt);
  if (found.has('blocked')) return true;
  // "sexy" is fine for a car; about a person, a pose or a minor it is not.
  return found.has('sexual') && (found.has('person') || found.has('minor'));
}

export function createBlocklistModeration(): Moderation {
  return {
    name: 'blocklist',
    async check(prompt: string): Promise<ModerationResult> {
      return isBlockedPrompt(prompt) ? { allowed: false, message: DECLINED_MESSAGE } : { allowed: true };
    },
  };
}
