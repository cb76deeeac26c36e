import { emailProblem, passwordProblem } from '../../core/credentials';
import { MESSAGES } from '../../core/messages';

export type SignUpField = 'email' | 'password' | 'confirm' | 'terms';
export type SignUpValues = { email: string; password: string; confirm: string; terms: boolean };
export type SignUpErrors = Partial<Record<SignUpField, string>>;

/** In the order the form shows them: the first one with a message gets the focus. */
export const SIGN_UP_FIELDS: readonly SignUpField[] = ['email', 'password', 'confirm', 'terms'];

/**
 * One message per field, each saying what that field still needs; a field that is fine has none.
 * The server (Better Auth) checks again; this only saves a round trip.
 */
export function signUpErrors(values: SignUpValues): SignUpErrors {
  const errors: SignUpErrors = {};
  // The same rules as the server's schemas (core/credentials.ts), without loading zod.
  const email = values.email.trim() ? emailProblem(values.email) : MESSAGES.enterEmail;
  if (email) errors.email = email;
  const password = values.password ? passwordProblem(values.password) : MESSAGES.choosePassword;
  if (password) errors.password = password;
  if (!values.confirm) errors.confirm = MESSAGES.confirmPassword;
  else if (values.confirm !== values.password) errors.confirm = MESSAGES.passwordsDoNotMatch;
  if (!values.terms) errors.terms = MESSAGES.acceptTerms;
  return errors;
}
