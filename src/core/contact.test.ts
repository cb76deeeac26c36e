import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contactMessageSchema } from './api';
import { type ContactField, contactMessageProblems } from './contact';
import { MESSAGES } from './messages';

// The contact page's checks (no zod) must say exactly what the server's schema says, field by field.
function schemaProblems(values: Record<ContactField, string>) {
  const result = contactMessageSchema.safeParse(values);
  const problems: Partial<Record<ContactField, string>> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    problems[issue.path[0] as ContactField] ??= issue.message;
  }
  return problems;
}

/** Text around a length limit: padded with spaces, with emoji (two UTF-16 units, one character). */
const textNear = (limit: number) =>
  fc
    .tuple(
      fc.integer({ min: Math.max(0, limit - 3), max: limit + 3 }),
      fc.constantFrom('x', 'é', '😀', ' '),
      fc.constantFrom('', ' ', '  \n', '\t'),
      fc.constantFrom('', ' ', '\u0000', '\uD800'),
    )
    .map(([count, unit, pad, tail]) => `${pad}${unit.repeat(count)}${tail}${pad}`);

const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }));

describe('contactMessageProblems', () => {
  it('agrees with contactMessageSchema on every input', () => {
    fc.assert(
      fc.property(
        fc.record({
          name: fc.oneof(anyText, textNear(1), textNear(100)),
          email: fc.oneof(anyText, fc.emailAddress(), fc.constant('ada@example.com')),
          message: fc.oneof(anyText, textNear(10), textNear(5000)),
        }),
        (values) => {
          expect(contactMessageProblems(values)).toEqual(schemaProblems(values));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('names what is wrong with each field', () => {
    const valid = { name: 'Jane', email: 'jane@x.com', message: 'Hello there, nice app!' };
    expect(contactMessageProblems(valid)).toEqual({});
    expect(contactMessageProblems({ name: ' ', email: 'jane', message: 'short' })).toEqual({
      name: MESSAGES.contactNameRequired,
      email: MESSAGES.invalidEmail,
      message: MESSAGES.contactMessageTooShort,
    });
    expect(contactMessageProblems({ ...valid, name: 'x'.repeat(101) })).toEqual({
      name: MESSAGES.contactNameTooLong,
    });
    expect(contactMessageProblems({ ...valid, message: 'x'.repeat(5001) })).toEqual({
      message: MESSAGES.contactMessageTooLong,
    });
    // Ten characters, twenty UTF-16 units: long enough, as the server counts.
    expect(contactMessageProblems({ ...valid, message: '😀'.repeat(10) })).toEqual({});
    expect(contactMessageProblems({ ...valid, message: '😀'.repeat(9) })).toEqual({
      message: MESSAGES.contactMessageTooShort,
    });
    expect(contactMessageProblems({ ...valid, name: 'Ja\u0000ne' })).toEqual({
      name: MESSAGES.unstorableText,
    });
  });
});
