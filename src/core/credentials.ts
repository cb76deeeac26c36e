// The e-mail address and password rules, without zod: the sign-up, sign-in and reset forms check
// them in the browser without loading a validation library, and core/api.ts builds its schemas
// (what the server enforces) from the same pattern and limits.
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { MESSAGES } from './messages';
import { isStorableText } from './text';

/** An address with a name, an @ and a domain ending in letters (zod's own `z.email()` pattern). */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** What is wrong with a typed e-mail address (the message emailSchema gives), or undefined. */
export function emailProblem(value: string): string | undefined {
  if (!isStorableText(value)) return MESSAGES.unstorableText;
  return EMAIL_PATTERN.test(value.trim().toLowerCase()) ? undefined : MESSAGES.invalidEmail;
}

/** What is wrong with a chosen password (the message passwordSchema gives), or undefined. */
export function passwordProblem(value: string): string | undefined {
  if (!isStorableText(value)) return MESSAGES.unstorableText;
  // Characters (code points) as zod counts them: an emoji is one, not two UTF-16 units.
  const length = [...value].length;
  if (length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return MESSAGES.passwordTooLong;
  return undefined;
}
