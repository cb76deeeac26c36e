// How guessable a password is, offline: zxcvbn-ts with its common dictionary (leaked and common
// passwords, diceware words, keyboard patterns, dates, repeats, l33t). The browser loads this
// module on demand to give live feedback while a password is typed; the server's refusal
// (server/auth/password-policy.ts) is the authority and uses the same library and threshold.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import { translations } from '@zxcvbn-ts/language-en';

/** zxcvbn's scale: 3 = at least 10^8 guesses, the score the server asks for. */
export const STRONG_PASSWORD_SCORE = 3;
/** The server judges the first 64 characters only (quadratic matching); so does the preview. */
const JUDGED_LENGTH = 64;

let estimator: ZxcvbnFactory | undefined;

function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: common.dictionary,
    graphs: common.adjacencyGraphs,
    translations,
    maxLength: JUDGED_LENGTH,
  });
  return estimator;
}

export type PasswordStrength = {
  /** True when the server's strength check will accept it. */
  strong: boolean;
  /** zxcvbn's own warning for a weak password ("This is a top-10 common password"), or ''. */
  warning: string;
};

/** `related`: things about the member (e-mail, name) a password must not lean on. */
export function passwordStrength(password: string, related: string[] = []): PasswordStrength {
  const inputs = related.flatMap((r) => [r, ...r.split(/[@._+\-\s]+/)]).filter((r) => r.length >= 3);
  const result = zxcvbn().check(password, inputs);
  return { strong: result.score >= STRONG_PASSWORD_SCORE, warning: result.feedback.warning ?? '' };
}
