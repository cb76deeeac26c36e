import { describe, expect, it } from 'vitest';
import { customStyleCreateSchema, generationRequestSchema } from './api';
import { findPalette, PALETTE_IDS, PALETTES } from './palettes';

describe('palettes', () => {
  it('lists each palette once, named, with five colours, an ink and a paper', () => {
    expect(PALETTES.map((p) => p.id)).toEqual([...PALETTE_IDS]);
    expect(new Set(PALETTES.map((p) => p.label)).size).toBe(PALETTES.length);
    for (const palette of PALETTES) {
      expect(palette.colors).toHaveLength(5);
      for (const colour of [...palette.colors, palette.ink, palette.paper])
        expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
    }
  });

  it('finds a palette by id and nothing for an unknown one', () => {
    expect(findPalette('forest')?.label).toBe('Forest');
    expect(findPalette('neon')).toBeUndefined();
    expect(findPalette(null)).toBeUndefined();
  });
});

describe('custom style schema', () => {
  it('trims the name and words, and refuses an empty or long name, long words and an unknown palette', () => {
    expect(
      customStyleCreateSchema.parse({ name: '  Ocean  ', theme: 'comic', palette: 'retro', words: ' bold ' }),
    ).toEqual({ name: 'Ocean', theme: 'comic', palette: 'retro', words: 'bold' });
    expect(customStyleCreateSchema.parse({ name: 'Plain', theme: 'default', palette: 'dusk' }).words).toBe(
      '',
    );
    const message = (input: object) => customStyleCreateSchema.safeParse(input).error?.issues[0]?.message;
    const base = { name: 'Ocean', theme: 'comic', palette: 'retro' };
    expect(message({ ...base, name: '   ' })).toBe('Give the style a name');
    expect(message({ ...base, name: 'x'.repeat(41) })).toBe('Keep the style name to 40 characters or fewer');
    expect(message({ ...base, words: 'x'.repeat(121) })).toBe(
      'Keep the style words to 120 characters or fewer',
    );
    expect(message({ ...base, palette: 'neon' })).toBe('Choose one of the palettes');
    expect(customStyleCreateSchema.safeParse({ ...base, name: 'x'.repeat(40) }).success).toBe(true);
  });

  it('lets a generation request name a style, optionally', () => {
    expect(generationRequestSchema.parse({ prompt: 'a cat' }).styleId).toBeUndefined();
    expect(generationRequestSchema.parse({ prompt: 'a cat', styleId: 'abc' }).styleId).toBe('abc');
  });
});
