import { describe, expect, it } from 'vitest';
import { generationRequestSchema } from './api';
import {
  ART_DIRECTION_CONTROLS,
  artDirectionDetails,
  artDirectionPrompt,
  hasArtDirection,
  normaliseArtDirection,
} from './art-direction';
import { buildClipartPrompt } from './prompt';

describe('art direction controls', () => {
  it('the five controls and their values, each with a label and a sentence for the image model', () => {
    expect(ART_DIRECTION_CONTROLS.map((c) => [c.key, c.values.map((v) => v.id)])).toEqual([
      ['composition', ['single', 'scene']],
      ['outline', ['none', 'thin', 'bold']],
      ['colours', ['few', 'many']],
      ['background', ['transparent', 'scene']],
      ['viewpoint', ['front', 'three-quarter', 'top']],
    ]);
    for (const c of ART_DIRECTION_CONTROLS) for (const v of c.values) expect(v.prompt).toMatch(/^[A-Z].*\.$/);
  });

  it('none set is no art direction: nothing stored, nothing added to the prompt', () => {
    for (const none of [undefined, null, {}]) {
      expect(hasArtDirection(none)).toBe(false);
      expect(normaliseArtDirection(none)).toBeNull();
      expect(artDirectionPrompt(none)).toEqual([]);
    }
    expect(buildClipartPrompt('a cat', 'default', { artDirection: {} })).toBe(
      buildClipartPrompt('a cat', 'default'),
    );
  });

  it('history lists the controls set in the controls order', () => {
    expect(artDirectionDetails({ viewpoint: 'three-quarter', outline: 'bold' })).toEqual([
      { control: 'Outline', value: 'Bold' },
      { control: 'Viewpoint', value: 'Three-quarter' },
    ]);
  });

  it('the request schema takes known values only', () => {
    const parse = (artDirection: unknown) =>
      generationRequestSchema.safeParse({ prompt: 'a cat', artDirection }).success;
    expect(
      parse({
        composition: 'single',
        outline: 'none',
        colours: 'many',
        background: 'transparent',
        viewpoint: 'top',
      }),
    ).toBe(true);
    expect(parse(undefined)).toBe(true);
    expect(parse({ outline: 'dotted' })).toBe(false);
    expect(parse({ lighting: 'soft' })).toBe(false);
  });
});
