// The contact form's rules without zod: the contact page checks them in the browser without
// loading a validation library, and core/api.ts builds contactMessageSchema (what the server
// enforces) from the same limits.
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGE_MIN_LENGTH, CONTACT_NAME_MAX_LENGTH } from './constants';
import { emailProblem } from './credentials';
import { MESSAGES } from './messages';
import { isStorableText } from './text';

export type ContactField = 'name' | 'email' | 'message';
export type ContactProblems = Partial<Record<ContactField, string>>;

/**
 * What is wrong with each field of a contact message: the first message contactMessageSchema gives
 * for that field, none when the message can be sent.
 */
export function contactMessageProblems(values: Record<ContactField, string>): ContactProblems {
  const problems: ContactProblems = {};
  const name = textProblem(values.name, {
    min: [1, MESSAGES.contactNameRequired],
    max: [CONTACT_NAME_MAX_LENGTH, MESSAGES.contactNameTooLong],
  });
  if (name) problems.name = name;
  const email = emailProblem(values.email);
  if (email) problems.email = email;
  const message = textProblem(values.message, {
    min: [CONTACT_MESSAGE_MIN_LENGTH, MESSAGES.contactMessageTooShort],
    max: [CONTACT_MESSAGE_MAX_LENGTH, MESSAGES.contactMessageTooLong],
  });
  if (message) problems.message = message;
  return problems;
}

/** safeText().trim().min().max() as zod checks it. */
function textProblem(
  value: string,
  limits: { min: [number, string]; max: [number, string] },
): string | undefined {
  if (!isStorableText(value)) return MESSAGES.unstorableText;
  // Characters (code points) as zod counts them: an emoji is one, not two UTF-16 units.
  const length = [...value.trim()].length;
  if (length < limits.min[0]) return limits.min[1];
  if (length > limits.max[0]) return limits.max[1];
  return undefined;
}
