// Which passwords we refuse: core's offline zxcvbn-ts judgement (password-strength.ts, the same
// the browser shows while a password is typed), put in words a member can act on. Length alone
// proves little ("aaaaaaaaaaaa"), so a long passphrase passes and a short, common one fails.
import { MESSAGES } from '../../core/messages';
import { passwordStrength } from '../../core/password-strength';

/**
 * Why a password is refused, in words a member can act on, or null when it is strong enough.
 * `related` are things about the member (e-mail, name) a password must not lean on.
 */
export function passwordWeakness(password: string, related: string[] = []): string | null {
  const { strong, warning } = passwordStrength(password, related);
  if (strong) return null;
  const why = warning ? `: ${warning.charAt(0).toLowerCase()}${warning.slice(1)}` : '.';
  return `${MESSAGES.passwordTooEasy}${why} ${MESSAGES.passwordAdvice}`;
}
