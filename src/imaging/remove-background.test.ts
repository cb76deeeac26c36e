import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { BackgroundRemovalError, removeBackground, removeBackgroundOffThread } from './remove-background';
import {
  composerStylePng,
  photoLikePng,
  plainShapeSvg,
  providerStylePng,
  readPixels,
  svgToPng,
} from './test-fixtures';

describe('removeBackground', () => {
  let provider: Buffer;
  let cut: Awaited<ReturnType<typeof readPixels>>;

  beforeAll(async () => {
    provider = await providerStylePng();
    cut = await readPixels(await removeBackground(provider));
  });

  it('makes the plain background transparent, corners included', () => {
    expect(cut.width).toBe(1024);
    for (const [x, y] of [
      [0, 0],
      [1023, 0],
      [0, 1023],
      [1023, 1023],
      [512, 40],
      [100, 560],
    ]) {
      expect(cut.at(x, y)[3]).toBe(0);
    }
  });

  it('keeps the subject opaque with its colours', () => {
    expect(cut.at(512, 560)).toEqual([0xe8, 0x45, 0x3c, 255]);
    expect(cut.at(650, 200)).toEqual([0x59, 0xb3, 0x5d, 255]);
  });

  it('keeps whites inside the subject (the eyes are not connected to the background)', () => {
    expect(cut.at(390, 440)).toEqual([255, 255, 255, 255]);
    expect(cut.at(640, 440)).toEqual([255, 255, 255, 255]);
  });

  it('gives the outline a short soft edge without a light halo', () => {
    // Walk along the row y = 400 from the left: transparent, a short ramp, then the dark outline.
    let firstVisible = -1;
    let firstSolid = -1;
    for (let x = 0; x < 512; x++) {
      const a = cut.at(x, 400)[3];
      if (firstVisible < 0 && a > 0) firstVisible = x;
      if (a === 255) {
        firstSolid = x;
        break;
      }
    }
    expect(firstVisible).toBeGreaterThan(200);
    expect(firstSolid - firstVisible).toBeLessThanOrEqual(2);
    for (let x = firstVisible; x <= firstSolid; x++) {
      const [r, g, b] = cut.at(x, 400);
      // Edge pixels carry the outline colour (#3a1f1d), not a mix with the white that surrounded them.
      expect(Math.max(r, g, b)).toBeLessThan(110);
    }
  });

  it('turns an anti-aliased edge on white into partial alpha in the shape colour', async () => {
    const png = await svgToPng(plainShapeSvg('<circle cx="512" cy="512" r="300.4" fill="#3366cc"/>'));
    const pixels = await readPixels(await removeBackground(png));
    let partial = 0;
    for (let x = 150; x < 260; x++) {
      const [r, g, b, a] = pixels.at(x, 400);
      if (a > 0 && a < 255) {
        partial++;
        expect(Math.abs(r - 0x33) + Math.abs(g - 0x66) + Math.abs(b - 0xcc)).toBeLessThan(40);
      }
    }
    expect(partial).toBeGreaterThanOrEqual(1);
    expect(partial).toBeLessThanOrEqual(3);
    expect(pixels.at(512, 512)).toEqual([0x33, 0x66, 0xcc, 255]);
  });

  it('handles an off-white, slightly noisy background and a subject touching the edge', async () => {
    const base = await svgToPng(
      plainShapeSvg(
        '<rect width="1024" height="1024" fill="#f3efe6"/><circle cx="1000" cy="512" r="200" fill="#222"/>',
      ),
    );
    const noise = await sharp({
      create: {
        width: 1024,
        height: 1024,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 6 },
      },
    })
      .png()
      .toBuffer();
    const noisy = await sharp(base)
      .composite([{ input: noise, blend: 'soft-light' }])
      .png()
      .toBuffer();
    const pixels = await readPixels(await removeBackground(noisy));
    expect(pixels.at(0, 0)[3]).toBe(0);
    expect(pixels.at(500, 900)[3]).toBe(0);
    expect(pixels.at(1023, 512)[3]).toBe(255);
    expect(pixels.at(950, 512)[3]).toBe(255);
  });

  it('returns an already transparent picture unchanged', async () => {
    const composer = await composerStylePng();
    expect(await removeBackground(composer)).toBe(composer);
  });

  it('refuses a picture without a plain background', async () => {
    const error = await removeBackground(await photoLikePng(256)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackgroundRemovalError);
    expect((error as BackgroundRemovalError).code).toBe('not-plain-background');
  });

  it('refuses a blank picture: there is no subject to keep', async () => {
    const blank = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const error = await removeBackground(blank).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackgroundRemovalError);
    expect((error as BackgroundRemovalError).code).toBe('empty-subject');
  });
});

describe('removeBackground on a clean white background', () => {
  it('keeps a pale subject colour (distance 31 from white) that touches the background', async () => {
    const png = await svgToPng(
      plainShapeSvg('<rect x="300" y="300" width="400" height="400" rx="40" fill="#fffae0"/>'),
    );
    const pixels = await readPixels(await removeBackground(png));
    expect(pixels.at(10, 10)[3]).toBe(0);
    expect(pixels.at(500, 500)).toEqual([0xff, 0xfa, 0xe0, 255]);
    expect(pixels.at(302, 500)[3]).toBe(255);
  });
});

describe('removeBackgroundOffThread (the pipeline runs it in the pixel worker)', () => {
  it('gives the same picture as removeBackground, pixel for pixel', async () => {
    const provider = await providerStylePng();
    const [here, there] = await Promise.all([
      removeBackground(provider),
      removeBackgroundOffThread(provider),
    ]);
    const raw = (png: Buffer) => sharp(png).ensureAlpha().raw().toBuffer();
    const [a, b] = await Promise.all([raw(here), raw(there)]);
    expect(b.length).toBe(1024 * 1024 * 4);
    expect(b.equals(a)).toBe(true);
    // And the background really went: a corner is transparent, the centre is not.
    expect(b[3]).toBe(0);
    expect(b[(512 * 1024 + 512) * 4 + 3]).toBe(255);
  });

  it('returns an already transparent picture unchanged and keeps the refusals and their codes', async () => {
    const composer = await composerStylePng();
    expect(await removeBackgroundOffThread(composer)).toBe(composer);
    const error = await removeBackgroundOffThread(await photoLikePng(256)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackgroundRemovalError);
    expect((error as BackgroundRemovalError).code).toBe('not-plain-background');
  });
});
