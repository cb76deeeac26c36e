// Which passwords we refuse, offline: zxcvbn-ts with its common dictionary (tens of thousands of
// leaked and common passwords, diceware words, keyboard patterns, dates, repeats, l33t). Length
// alone proves little ("aaaaaaaaaaaa"), so a long passphrase passes and a short, common one fails.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import { translations } from '@zxcvbn-ts/language-en';
import { MESSAGES } from '../../core/messages';

/** zxcvbn's scale: 3 = at least 10^8 guesses, "safely unguessable" against online attacks. */
export const MIN_PASSWORD_SCORE = 3;
/**
 * Only the first characters are judged: matching is quadratic, and a crafted 128-character
 * pattern could otherwise take a second of CPU per request. A password whose first 64 characters
 * are strong is strong.
 */
const JUDGED_LENGTH = 64;

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: loading the dictionaries takes a few hundred milliseconds. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: common.dictionary,
    graphs: common.adjacencyGraphs,
    translations,
    maxLength: JUDGED_LENGTH,
  });
  return estimator;
}

/**
 * Why a password is refused, in words a member can act on, or null when it is strong enough.
 * `related` are things about the member (e-mail, name) a password must not lean on.
 */
export function passwordWeakness(password: string, related: string[] = []): string | null {
  const inputs = related.flatMap((r) => [r, ...r.split(/[@._+\-\s]+/)]).filter((r) => r.length >= 3);
  const result = zxcvbn().check(password, inputs);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const warning = result.feedback.warning;
  const why = warning ? `: ${warning.charAt(0).toLowerCase()}${warning.slice(1)}` : '.';
  return `${MESSAGES.passwordTooEasy}${why} ${MESSAGES.passwordAdvice}`;
}
