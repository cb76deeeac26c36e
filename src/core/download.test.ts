import { describe, expect, it } from 'vitest';
import {
  backgroundLabel,
  DOWNLOAD_FORMATS,
  DOWNLOAD_MESSAGES,
  DOWNLOAD_SIZE_LABELS,
  DOWNLOAD_SIZES,
  DOWNLOAD_VARIANTS,
  describeDownload,
  downloadFileName,
  downloadQuerySchema,
  menuBackgrounds,
  promptSlug,
  validateDownload,
  variantCacheKey,
} from './download';

describe('download options', () => {
  it('lists the formats, sizes and variants with their labels', () => {
    expect(DOWNLOAD_FORMATS.map((f) => [f.id, f.label])).toEqual([
      ['png', 'PNG'],
      ['webp', 'WebP'],
      ['jpg', 'JPEG'],
      ['svg', 'SVG'],
    ]);
    expect(DOWNLOAD_SIZES).toEqual([128, 256, 512, 1024, 2048]);
    expect(DOWNLOAD_SIZE_LABELS[2048]).toContain('upscaled');
    expect(DOWNLOAD_VARIANTS.map((v) => [v.id, v.label])).toEqual([
      ['original', 'Original'],
      ['transparent', 'Transparent background'],
      ['sticker', 'Sticker (die-cut)'],
    ]);
  });
});

describe('validateDownload', () => {
  it('defaults to a 1024 px PNG of the original', () => {
    expect(validateDownload({})).toEqual({
      ok: true,
      value: { format: 'png', size: 1024, variant: 'original' },
    });
    expect(downloadQuerySchema.parse({})).toEqual({
      format: 'png',
      size: 1024,
      variant: 'original',
    });
  });

  it('reads query-string values', () => {
    expect(validateDownload({ format: 'webp', size: '2048', variant: 'sticker' })).toEqual({
      ok: true,
      value: { format: 'webp', size: 2048, variant: 'sticker' },
    });
  });

  it.each([
    [{ size: '300' }, DOWNLOAD_MESSAGES.size],
    [{ size: 'big' }, DOWNLOAD_MESSAGES.size],
    [{ size: '' }, DOWNLOAD_MESSAGES.size],
    [{ format: 'gif' }, DOWNLOAD_MESSAGES.format],
    [{ format: 'PNG' }, DOWNLOAD_MESSAGES.format],
    [{ variant: 'cartoon' }, DOWNLOAD_MESSAGES.variant],
  ])('refuses %o with a clear message', (query, message) => {
    expect(validateDownload(query)).toEqual({ ok: false, message });
  });

  it('names every wrong field at once', () => {
    const result = validateDownload({ format: 'gif', size: '3' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toContain(DOWNLOAD_MESSAGES.format);
      expect(result.message).toContain(DOWNLOAD_MESSAGES.size);
    }
  });

  it('refuses JPEG for the transparent and sticker variants, allows it for the original', () => {
    for (const variant of ['transparent', 'sticker']) {
      expect(validateDownload({ format: 'jpg', variant })).toEqual({
        ok: false,
        message: 'JPEG has no transparency: choose PNG or WebP for a transparent or sticker download',
      });
    }
    expect(validateDownload({ format: 'jpg', variant: 'original', size: '128' }).ok).toBe(true);
  });

  it('accepts SVG at every size (the size only sets its width and height)', () => {
    for (const size of DOWNLOAD_SIZES) {
      for (const variant of ['original', 'transparent', 'sticker']) {
        expect(validateDownload({ format: 'svg', size: String(size), variant }).ok).toBe(true);
      }
    }
  });
});

describe('downloadFileName', () => {
  it("names the file by the prompt's first words, the background unless original, and the size", () => {
    const prompt = 'A red fox reading a book under a tree';
    expect(downloadFileName({ prompt, size: 1024, format: 'png', variant: 'transparent' })).toBe(
      'red-fox-reading-book-transparent-1024.png',
    );
    expect(downloadFileName({ prompt, size: 1024, format: 'png', variant: 'sticker' })).toBe(
      'red-fox-reading-book-sticker-1024.png',
    );
    expect(downloadFileName({ prompt, size: 2048, format: 'jpg', variant: 'original' })).toBe(
      'red-fox-reading-book-2048.jpg',
    );
    // An SVG has no size.
    expect(downloadFileName({ prompt, size: 1024, format: 'svg', variant: 'original' })).toBe(
      'red-fox-reading-book.svg',
    );
  });

  it('keeps file names plain ASCII, short, and never empty', () => {
    expect(promptSlug('Crème brûlée, "Café"!')).toBe('creme-brulee-cafe');
    expect(promptSlug('the')).toBe('clipart');
    expect(promptSlug('日本の猫')).toBe('clipart');
    expect(promptSlug('supercalifragilistic expialidocious extraordinarily')).toBe(
      'supercalifragilistic-expialidocious-extr',
    );
    expect(promptSlug('x'.repeat(60)).length).toBeLessThanOrEqual(40);
  });
});

describe('variantCacheKey', () => {
  it('is {variant}-{size}.{ext}, under the image id when given', () => {
    expect(variantCacheKey({ format: 'webp', size: 256, variant: 'sticker' })).toBe('sticker-256.webp');
    expect(variantCacheKey({ imageId: 'img_1', format: 'jpg', size: 2048, variant: 'original' })).toBe(
      'img_1/original-2048.jpg',
    );
  });
});

describe('describeDownload', () => {
  it("labels an SVG without the picture's own vector as traced", () => {
    const traced = describeDownload({ format: 'svg', size: 1024, variant: 'transparent', hasVector: false });
    expect(traced.formatLabel).toBe('SVG (traced)');
    expect(traced.traced).toBe(true);
    const own = describeDownload({ format: 'svg', size: 1024, variant: 'transparent', hasVector: true });
    expect(own.formatLabel).toBe('SVG');
    expect(own.traced).toBe(false);
    // The sticker outline is not part of the vector, so a sticker SVG is always traced.
    expect(describeDownload({ format: 'svg', size: 512, variant: 'sticker', hasVector: true }).traced).toBe(
      true,
    );
  });

  it('marks 2048 as upscaled and JPEG as flattened on white', () => {
    const big = describeDownload({ format: 'png', size: 2048, variant: 'sticker', hasVector: false });
    expect(big.upscaled).toBe(true);
    expect(big.label).toBe('PNG · 2048 × 2048 px (upscaled) · Sticker (die-cut)');
    const jpg = describeDownload({ format: 'jpg', size: 512, variant: 'original', hasVector: false });
    expect(jpg.upscaled).toBe(false);
    expect(jpg.note).toContain('flattened on white');
    expect(jpg.label).toBe('JPEG · 512 × 512 px · White');
  });

  it('calls the picture as stored what it is: transparent, except in a JPEG', () => {
    expect(describeDownload({ format: 'png', size: 128, variant: 'original', hasVector: true }).label).toBe(
      'PNG · 128 × 128 px · Transparent',
    );
    expect(describeDownload({ format: 'svg', size: 128, variant: 'original', hasVector: true }).label).toBe(
      'SVG · any size (vector) · Transparent',
    );
  });
});

describe('menuBackgrounds', () => {
  it('offers a transparent picture its original (transparent) and the sticker: a "transparent" one would repeat the original', () => {
    expect(menuBackgrounds(true)).toEqual(['original', 'sticker']);
    expect(menuBackgrounds(true).map((variant) => backgroundLabel('png', variant, true))).toEqual([
      'Transparent',
      'Sticker (die-cut)',
    ]);
    expect(backgroundLabel('jpg', 'original', true)).toBe('White');
  });

  it('offers a picture whose background could not be cut out only as it is, never labelled transparent', () => {
    expect(menuBackgrounds(false)).toEqual(['original']);
    for (const format of DOWNLOAD_FORMATS.map((f) => f.id)) {
      expect(backgroundLabel(format, 'original', false)).toBe('Its own background');
      const described = describeDownload({
        format,
        size: 512,
        variant: 'original',
        hasVector: false,
        transparentBackground: false,
      });
      expect(described.label).not.toMatch(/Transparent|White/);
      expect(described.note ?? '').not.toContain('flattened on white');
    }
  });
});
