import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { removeBackground } from './remove-background';
import { makeSticker, stickerGeometry } from './sticker';
import { type Pixels, providerStylePng, readPixels } from './test-fixtures';

const transparentShape = (shape: string) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">${shape}</svg>`))
    .png()
    .toBuffer();

describe('makeSticker', () => {
  let sticker: Pixels;

  beforeAll(async () => {
    sticker = await readPixels(await makeSticker(await removeBackground(await providerStylePng())));
  });

  it('keeps the size, the subject and a transparent outside', () => {
    expect([sticker.width, sticker.height]).toEqual([1024, 1024]);
    expect(sticker.at(512, 560)).toEqual([0xe8, 0x45, 0x3c, 255]);
    expect(sticker.at(390, 440)).toEqual([255, 255, 255, 255]);
    for (const [x, y] of [
      [0, 0],
      [1023, 0],
      [0, 1023],
      [1023, 1023],
      [60, 560],
    ]) {
      expect(sticker.at(x, y)[3]).toBe(0);
    }
  });

  it('draws an opaque white ring about 3 % wide around the subject', () => {
    const { outline } = stickerGeometry(1024);
    expect(outline).toBe(31);
    // The body's outer edge: left at x = 205, right at x = 819, top at y = 273 (row/column through its centre).
    for (const [x, y] of [
      [205 - 4, 560],
      [205 - 15, 560],
      [205 - outline + 4, 560],
      [819 + 15, 560],
      [300, 560 - 200 - 40],
    ]) {
      const [r, g, b, a] = sticker.at(x, y);
      expect(a).toBe(255);
      expect(Math.min(r, g, b)).toBeGreaterThanOrEqual(250);
    }
    // Past the ring: transparent or the faint shadow only.
    expect(sticker.at(205 - outline - 6, 560)[3]).toBeLessThan(100);
  });

  it('casts a soft, faint, dark shadow below the ring', () => {
    const { outline, shadowOffset } = stickerGeometry(1024);
    const ringBottom = 560 + 280 + 7 + outline;
    const [r, g, b, a] = sticker.at(512, ringBottom + Math.ceil(shadowOffset / 2));
    expect(a).toBeGreaterThan(0);
    expect(a).toBeLessThan(120);
    expect(Math.max(r, g, b)).toBeLessThan(140);
    expect(sticker.at(512, ringBottom + 60)[3]).toBe(0);
  });

  it('shrinks a subject that touches the edges so the outline is not clipped', async () => {
    const png = await makeSticker(
      await transparentShape('<rect x="0" y="200" width="1024" height="600" fill="#2266aa"/>'),
    );
    const pixels = await readPixels(png);
    for (let i = 0; i < 1024; i += 8) {
      expect(pixels.at(i, 0)[3]).toBe(0);
      expect(pixels.at(i, 1023)[3]).toBe(0);
      expect(pixels.at(0, i)[3]).toBe(0);
      expect(pixels.at(1023, i)[3]).toBe(0);
    }
    expect(pixels.at(512, 512)).toEqual([0x22, 0x66, 0xaa, 255]);
    // The left end of the (shrunken) bar has a white ring beside it.
    let x = 0;
    while (pixels.at(x, 512)[3] < 255) x++;
    expect(pixels.at(x + 5, 512).slice(0, 3)).toEqual([255, 255, 255]);
  });

  it('fills holes inside the subject, as a die cutter would', async () => {
    const donut = await transparentShape(
      '<circle cx="512" cy="512" r="300" fill="none" stroke="#cc3355" stroke-width="80"/>',
    );
    const pixels = await readPixels(await makeSticker(donut));
    expect(pixels.at(512, 512)).toEqual([255, 255, 255, 255]);
    expect(pixels.at(512, 512 - 300)).toEqual([0xcc, 0x33, 0x55, 255]);
  });
});
