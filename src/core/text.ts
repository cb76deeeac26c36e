// Text a person can type and the database can keep. PostgreSQL's `text` refuses a NUL byte (the
// request would fail with a 500), and a lone UTF-16 surrogate (half of an emoji, only ever made by
// a script) is stored as garbage or refused by every encoder that meets it later.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text holds no NUL byte and no lone surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}
