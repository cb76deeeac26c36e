import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_SIZES, type DownloadFormat, type DownloadVariant } from '../core/download';
import { InvalidDownloadError, renderDownload } from './render';
import {
  composerStylePng,
  composerStyleSvg,
  photoLikePng,
  providerStylePng,
  readPixels,
} from './test-fixtures';

const SHARP_FORMAT: Record<DownloadFormat, string> = { png: 'png', webp: 'webp', jpg: 'jpeg', svg: 'svg' };
const MIME: Record<DownloadFormat, string> = {
  png: 'image/png',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
};

describe('renderDownload', () => {
  let provider: Buffer;
  let composer: Buffer;

  beforeAll(async () => {
    provider = await providerStylePng();
    composer = await composerStylePng();
  });

  describe.each(['png', 'webp', 'jpg', 'svg'] as const)('%s', (format) => {
    it.each(DOWNLOAD_SIZES)(
      'original at %i px is a decodable file of that size and type',
      async (size) => {
        const file = await renderDownload({ png: provider, format, size, variant: 'original' });
        expect(file.contentType).toBe(MIME[format]);
        expect(file.ext).toBe(format);
        expect(file.traced).toBe(format === 'svg');
        const meta = await sharp(file.bytes).metadata();
        expect(meta.format).toBe(SHARP_FORMAT[format]);
        expect([meta.width, meta.height]).toEqual([size, size]);
      },
      30_000,
    );
  });

  it.each([
    ['png', 'transparent'],
    ['webp', 'transparent'],
    ['png', 'sticker'],
    ['webp', 'sticker'],
    ['svg', 'transparent'],
    ['svg', 'sticker'],
  ] as Array<[DownloadFormat, DownloadVariant]>)(
    '%s %s keeps transparent corners and an opaque subject',
    async (format, variant) => {
      const file = await renderDownload({ png: provider, format, size: 512, variant });
      const pixels = await readPixels(file.bytes);
      expect([pixels.width, pixels.height]).toEqual([512, 512]);
      expect(pixels.at(0, 0)[3]).toBe(0);
      expect(pixels.at(511, 511)[3]).toBe(0);
      expect(pixels.at(256, 280)[3]).toBe(255);
    },
    30_000,
  );

  it('upscales to 2048 with the transparency kept', async () => {
    const file = await renderDownload({ png: provider, format: 'png', size: 2048, variant: 'transparent' });
    const pixels = await readPixels(file.bytes);
    expect([pixels.width, pixels.height]).toEqual([2048, 2048]);
    expect(pixels.at(10, 10)[3]).toBe(0);
    expect(pixels.at(1024, 1120)).toEqual([0xe8, 0x45, 0x3c, 255]);
  });

  it('flattens a transparent picture on white for JPEG', async () => {
    const file = await renderDownload({ png: composer, format: 'jpg', size: 256, variant: 'original' });
    const pixels = await readPixels(file.bytes);
    expect(
      pixels
        .at(2, 2)
        .slice(0, 3)
        .every((v) => v >= 250),
    ).toBe(true);
  });

  it("uses the picture's own vector for an SVG when it has one, traced only for the sticker", async () => {
    const vector = composerStyleSvg();
    const own = await renderDownload({
      png: composer,
      svg: vector,
      format: 'svg',
      size: 256,
      variant: 'transparent',
    });
    expect(own.traced).toBe(false);
    const text = own.bytes.toString('utf8');
    expect(text).toContain('<ellipse');
    expect(text).toMatch(/<svg width="256" height="256"/);
    const sticker = await renderDownload({
      png: composer,
      svg: vector,
      format: 'svg',
      size: 256,
      variant: 'sticker',
    });
    expect(sticker.traced).toBe(true);
    expect(sticker.bytes.toString('utf8')).not.toContain('<ellipse');
  }, 30_000);

  it('traces the whole picture for an original SVG when there is no plain background to remove', async () => {
    const file = await renderDownload({
      png: await photoLikePng(256),
      format: 'svg',
      size: 128,
      variant: 'original',
    });
    expect(file.traced).toBe(true);
    const pixels = await readPixels(file.bytes);
    expect(pixels.at(0, 0)[3]).toBe(255);
  }, 30_000);

  it('refuses JPEG for the transparent and sticker variants', async () => {
    for (const variant of ['transparent', 'sticker'] as const) {
      await expect(renderDownload({ png: provider, format: 'jpg', size: 512, variant })).rejects.toThrow(
        InvalidDownloadError,
      );
    }
  });
});
