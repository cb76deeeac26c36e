// Each art direction control changes the picture, and changes the property it names: outline the
// ink at the pieces' edges, colour count the colours used, background the corners, composition
// the pieces drawn, viewpoint the picture's geometry. No control set is today's picture.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ArtDirection } from '../core/art-direction';
import type { ThemeId } from '../core/options';
import { FEW_COLOURS, fewColours, OUTLINE_WIDTHS } from './art-direction';
import { composeClipart, composeSvg } from './index';

const PROMPT = 'a happy cactus';
const svgOf = (artDirection: ArtDirection | null, theme: ThemeId = 'default', prompt = PROMPT) =>
  composeSvg({ prompt, theme, seed: 7, artDirection }).svg;
const pngOf = async (artDirection: ArtDirection | null, theme: ThemeId = 'default') =>
  (await composeClipart({ prompt: PROMPT, theme, seed: 7, artDirection })).png;

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width };
}

/** Fully opaque pixels near the outline ink (#1d1a2f). */
async function inkPixels(png: Buffer): Promise<number> {
  const { data } = await pixels(png);
  let count = 0;
  for (let i = 0; i < data.length; i += 4)
    if (data[i + 3] > 250 && data[i] < 50 && data[i + 1] < 50 && data[i + 2] < 70) count++;
  return count;
}

/** Colours covering at least 0.2% of the opaque pixels (anti-aliased edges do not count). */
async function mainColours(png: Buffer): Promise<number> {
  const { data } = await pixels(png);
  const counts = new Map<number, number>();
  let opaque = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] < 250) continue;
    opaque++;
    const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.values()].filter((c) => c >= opaque * 0.002).length;
}

const distinctSvgColours = (svg: string) =>
  new Set(
    [...svg.matchAll(/(?:fill|stroke|stop-color)="(#[0-9a-fA-F]{3,8})"/g)].map((m) => m[1].toLowerCase()),
  );

describe('composer: art direction', () => {
  it('no control set (or an empty one) draws the same picture as before', () => {
    expect(svgOf({})).toBe(svgOf(null));
    expect(svgOf({})).toBe(composeSvg({ prompt: PROMPT, theme: 'default', seed: 7 }).svg);
  });

  it.each([
    ['composition', ['single', 'scene']],
    ['outline', ['none', 'thin', 'bold']],
    ['colours', ['few', 'many']],
    ['background', ['transparent', 'scene']],
    ['viewpoint', ['front', 'three-quarter', 'top']],
  ] as const)('every value of %s draws a different picture', (key, values) => {
    for (const theme of ['default', 'comic'] as const) {
      const svgs = values.map((value) => svgOf({ [key]: value }, theme));
      expect(new Set(svgs).size, `${key} on ${theme}`).toBe(values.length);
    }
  });

  it('outline: none has no stroke at all, thin and bold draw the ink line at their widths', async () => {
    const none = svgOf({ outline: 'none' });
    expect(none).not.toMatch(/stroke="#/);
    expect(svgOf({ outline: 'thin' })).toContain(`data-outline="${OUTLINE_WIDTHS.thin}"`);
    expect(svgOf({ outline: 'bold' })).toContain(`data-outline="${OUTLINE_WIDTHS.bold}"`);
    const [inkNone, inkThin, inkBold] = await Promise.all(
      (['none', 'thin', 'bold'] as const).map(async (outline) => inkPixels(await pngOf({ outline }))),
    );
    expect(inkThin).toBeGreaterThan(inkNone + 1000);
    // Bold's line is more than twice as much ink as thin's.
    expect(inkBold).toBeGreaterThan(inkThin * 2);
  });

  it(`colours: few uses at most ${FEW_COLOURS} colours, many the full palette`, async () => {
    for (const theme of ['default', 'comic', 'pixel'] as const) {
      const few = distinctSvgColours(svgOf({ colours: 'few' }, theme));
      const many = distinctSvgColours(svgOf({ colours: 'many' }, theme));
      expect(few.size, theme).toBeLessThanOrEqual(FEW_COLOURS);
      expect(many.size, theme).toBeGreaterThan(FEW_COLOURS);
    }
    const [few, many] = await Promise.all([pngOf({ colours: 'few' }), pngOf({ colours: 'many' })]);
    expect(await mainColours(few)).toBeLessThan(await mainColours(many));
  });

  it('fewColours snaps every colour to k, keeping distant colours apart', () => {
    const svg =
      '<path fill="#ff0000"/><path fill="#fe0101"/><path fill="#0000ff"/><stop stop-color="#0101fe"/><path stroke="white"/>';
    const out = fewColours(svg, 3);
    expect(distinctSvgColours(out).size).toBe(3);
    const [red, nearRed, blue, nearBlue, white] = [...out.matchAll(/"(#[0-9a-f]{6})"/g)].map((m) => m[1]);
    expect(nearRed).toBe(red);
    expect(nearBlue).toBe(blue);
    expect(new Set([red, blue, white]).size).toBe(3);
  });

  it('background: transparent leaves the corners clear, scene fills them', async () => {
    const corners = async (png: Buffer) => {
      const { data, width } = await pixels(png);
      return [0, width - 1, (width - 1) * width, width * width - 1].map((p) => data[p * 4 + 3]);
    };
    for (const theme of ['default', 'realistic'] as const) {
      expect(await corners(await pngOf({ background: 'transparent' }, theme))).toEqual([0, 0, 0, 0]);
      expect(await corners(await pngOf({ background: 'scene' }, theme))).toEqual([255, 255, 255, 255]);
    }
    // A prompt's round scene vignette is a background too: transparent drops it.
    const underwater = (artDirection: ArtDirection | null) =>
      svgOf(artDirection, 'default', 'a fish underwater');
    expect(underwater(null)).toContain('scene-clip');
    expect(underwater({ background: 'transparent' })).not.toContain('scene-clip');
  });

  it('composition: a single subject is drawn alone, a small scene adds ground and props', () => {
    // Pieces drawn: every placed piece's transform scales its art.
    const pieces = (svg: string) => svg.split(' scale(').length;
    const single = svgOf({ composition: 'single' });
    const scene = svgOf({ composition: 'scene' });
    expect(pieces(single)).toBeLessThan(pieces(svgOf(null)));
    expect(pieces(scene)).toBeGreaterThan(pieces(svgOf(null)));
    expect(scene).toContain('<ellipse cx="512"');
    expect(single).not.toContain('<ellipse cx="512"');
  });

  it('viewpoint: three-quarter is sheared with a side, top is foreshortened with shadows under', async () => {
    expect(svgOf({ viewpoint: 'three-quarter' })).toContain('skewY(');
    expect(svgOf({ viewpoint: 'top' })).toContain('scale(1 0.82)');
    expect(svgOf({ viewpoint: 'front' })).not.toMatch(/skewY\(|scale\(1 0.82\)/);
    // The opaque area's height: the top view is flatter than the front view.
    const height = async (png: Buffer) => {
      const trimmed = await sharp(png).trim().toBuffer({ resolveWithObject: true });
      return trimmed.info.height;
    };
    const [front, top] = await Promise.all([pngOf({ viewpoint: 'front' }), pngOf({ viewpoint: 'top' })]);
    expect(await height(top)).toBeLessThan((await height(front)) * 0.9);
  });
});
