// The embedded moderation: a short, maintained list of terms no clipart prompt needs.
// It is deliberately small and unambiguous (whole words only, so "Scunthorpe", "sextant" and
// "assassin bug" pass); the real safety net is the image model's own filter when OpenAI is used.
// Maintenance: add a term only if it has no everyday clipart meaning (e.g. not "tit", "cock",
// "booby", "gore", "rape" — birds, a surname, a crop). Each entry also matches its plural.

import type { Moderation, ModerationResult } from '../ports';
import { DECLINED_MESSAGE } from './messages';

/** Refused on their own. Lower case, ASCII, words separated by single spaces. */
const BLOCKED_TERMS: readonly string[] = [
  // Sexual content involving minors.
  'child porn',
  'child pornography',
  'csam',
  'loli',
  'lolicon',
  'shota',
  'shotacon',
  'pedo',
  'pedophile',
  'paedophile',
  'pedophilia',
  'paedophilia',
  // Explicit sexual content.
  'porn',
  'porno',
  'pornography',
  'pornographic',
  'hentai',
  'nsfw',
  'blowjob',
  'handjob',
  'cumshot',
  'creampie',
  'gangbang',
  'dildo',
  'masturbate',
  'masturbating',
  'masturbation',
  'orgy',
  'bdsm',
  'sex act',
  'sex scene',
  'sex toy',
  'having sex',
  'penis',
  'vagina',
  'genitals',
  'rapist',
  // Extreme gore.
  'decapitated',
  'decapitation',
  'beheaded',
  'beheading',
  'dismembered',
  'dismemberment',
  'disemboweled',
  'disembowelled',
  'disembowelment',
  'mutilated',
  'mutilation',
  'extreme gore',
  'blood and gore',
  'snuff film',
  // Hate slurs and slogans.
  'nigger',
  'nigga',
  'kike',
  'gook',
  'wetback',
  'raghead',
  'towelhead',
  'beaner',
  'faggot',
  'heil hitler',
  'sieg heil',
];

/** A minor together with sexual framing is refused even though each word alone is fine. */
const MINOR_TERMS: readonly string[] = [
  'child',
  'children',
  'kid',
  'kids',
  'minor',
  'minors',
  'underage',
  'preteen',
  'schoolgirl',
  'schoolboy',
  'teen',
  'teenage',
  'teenager',
];
const SEXUAL_TERMS: readonly string[] = [
  'nude',
  'naked',
  'nudity',
  'sexy',
  'sexual',
  'erotic',
  'topless',
  'lingerie',
  'seductive',
];

// Simple leetspeak; applied only to characters inside words, so "3 cats" stays "3 cats".
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};

/** Lower case, no diacritics, leetspeak undone, every other character a single space. */
export function normalisePrompt(text: string): string {
  return ` ${text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    // A leet character counts as a letter only when it touches a letter: "p0rn", "h3nt@i", not "2024".
    .replace(/[013457@$]+(?=[a-z])|(?<=[a-z])[013457@$]+/g, (run) =>
      [...run].map((c) => LEET[c] ?? c).join(''),
    )
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
}

// Whole words over the normalised text (padded with spaces), with an optional plural. The terms are
// plain lower-case words, so they need no escaping.
function wordsPattern(terms: readonly string[]): RegExp {
  return new RegExp(` (?:${terms.join('|')})(?:s|es)? `);
}

const BLOCKED = wordsPattern(BLOCKED_TERMS);
const MINOR = wordsPattern(MINOR_TERMS);
const SEXUAL = wordsPattern(SEXUAL_TERMS);

export function isBlockedPrompt(prompt: string): boolean {
  const text = normalisePrompt(prompt);
  return BLOCKED.test(text) || (MINOR.test(text) && SEXUAL.test(text));
}

export function createBlocklistModeration(): Moderation {
  return {
    name: 'blocklist',
    async check(prompt: string): Promise<ModerationResult> {
      return isBlockedPrompt(prompt) ? { allowed: false, message: DECLINED_MESSAGE } : { allowed: true };
    },
  };
}
