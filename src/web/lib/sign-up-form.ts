import { emailSchema, passwordSchema } from '../../core/api';
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
  if (!values.email.trim()) errors.email = MESSAGES.enterEmail;
  else {
    const check = emailSchema.safeParse(values.email);
    if (!check.success) errors.email = check.error.issues[0].message;
  }
  if (!values.password) errors.password = MESSAGES.choosePassword;
  else {
    const check = passwordSchema.safeParse(values.password);
    if (!check.success) errors.password = check.error.issues[0].message;
  }
  if (!values.confirm) errors.confirm = MESSAGES.confirmPassword;
  else if (values.confirm !== values.password) errors.confirm = MESSAGES.passwordsDoNotMatch;
  if (!values.terms) errors.terms = MESSAGES.acceptTerms;
  return errors;
}
