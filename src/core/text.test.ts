import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStorableText } from './text';

describe('isStorableText', () => {
  it('keeps what people type: accents, emoji (surrogate pairs), tabs and new lines', () => {
    for (const text of ['', 'a lighthouse', 'café ☕', 'a 🐱 and a 👩‍🚀', 'line one\n\tline two', '日本語'])
      expect(isStorableText(text), JSON.stringify(text)).toBe(true);
  });

  it('refuses a NUL byte and lone surrogates anywhere', () => {
    for (const text of ['\u0000', 'a\u0000b', 'cat\uD83D', '\uDC31cat', 'a\uDC31\uD83Db', '🐱\uD83D'])
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
  });

  it('agrees with String.prototype.isWellFormed on any UTF-16 text', () => {
    const isWellFormed = (s: string) => (s as string & { isWellFormed(): boolean }).isWellFormed();
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(isStorableText(s)).toBe(isWellFormed(s) && !s.includes('\u0000'));
      }),
      { seed: 20, numRuns: 300 },
    );
  });
});
