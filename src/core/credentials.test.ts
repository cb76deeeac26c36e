import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailSchema, passwordSchema } from './api';
import { emailProblem, passwordProblem } from './credentials';
import { MESSAGES } from './messages';

// The browser's checks (no zod) must say exactly what the server's schemas say.
const schemaMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0].message;

const emailLike = fc.oneof(
  fc.emailAddress(),
  fc.emailAddress().map((e) => ` ${e.toUpperCase()} `),
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    'ada@',
    '@example.com',
    'ada@example',
    'a..b@example.com',
    '.a@example.com',
    'a@b.c',
    'ada@example.com\u0000',
    'ad\uD800a@example.com',
  ),
);

describe('emailProblem', () => {
  it('agrees with emailSchema on every input', () => {
    fc.assert(
      fc.property(emailLike, (value) => {
        expect(emailProblem(value)).toBe(schemaMessage(emailSchema.safeParse(value)));
      }),
      { numRuns: 2000 },
    );
  });

  it('names what is wrong', () => {
    expect(emailProblem('ada@example.com')).toBeUndefined();
    expect(emailProblem('  Ada@Example.COM ')).toBeUndefined();
    expect(emailProblem('ada@')).toBe(MESSAGES.invalidEmail);
    expect(emailProblem('ada\u0000@example.com')).toBe(MESSAGES.unstorableText);
  });
});

describe('passwordProblem', () => {
  it('agrees with passwordSchema on every input', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 140 }), fc.string({ unit: 'binary', maxLength: 140 })),
        (value) => {
          expect(passwordProblem(value)).toBe(schemaMessage(passwordSchema.safeParse(value)));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('names what is wrong', () => {
    expect(passwordProblem('correct horse')).toBeUndefined();
    expect(passwordProblem('short')).toBe(MESSAGES.passwordTooShort);
    expect(passwordProblem('x'.repeat(129))).toBe(MESSAGES.passwordTooLong);
    expect(passwordProblem('correct\u0000horse')).toBe(MESSAGES.unstorableText);
  });
});
