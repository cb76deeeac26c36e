import { describe, expect, it } from 'vitest';
import { drewLine } from './subjects';

describe('drewLine', () => {
  it('lists the words drawn, and what a word was drawn as when the art has another name', () => {
    expect(
      drewLine([
        { word: 'lighthouse', label: 'lighthouse', art: 'game-icons:lighthouse' },
        { word: 'waves', label: 'water wave', art: 'fluent-emoji-flat:water-wave' },
        { word: 'sun', label: 'sun', art: 'fluent-emoji-flat:sun' },
      ]),
    ).toBe('Drew: lighthouse · waves · sun');
    expect(drewLine([{ word: 'collie', label: 'dog', art: 'fluent-emoji-flat:dog' }])).toBe(
      'Drew: dog (for collie)',
    );
    expect(drewLine([{ word: 'puppy', label: 'dog face', art: 'fluent-emoji-flat:dog-face' }])).toBe(
      'Drew: dog face (for puppy)',
    );
  });
});
