import { z } from 'zod';

// Download options for a generated image: format × size × variant.
// Pure and browser-safe: the UI builds its menus from these lists, the server validates with the same rules.

export const DOWNLOAD_FORMATS = [
  { id: 'png', label: 'PNG', ext: 'png', contentType: 'image/png', transparency: true },
  { id: 'webp', label: 'WebP', ext: 'webp', contentType: 'image/webp', transparency: true },
  { id: 'jpg', label: 'JPEG', ext: 'jpg', contentType: 'image/jpeg', transparency: false },
  { id: 'svg', label: 'SVG', ext: 'svg', contentType: 'image/svg+xml', transparency: true },
] as const;

export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number]['id'];
export type DownloadFormatInfo = (typeof DOWNLOAD_FORMATS)[number];

/** Pixel sizes of the square download; 1024 is the generated size, 2048 is upscaled. */
export const DOWNLOAD_SIZES = [128, 256, 512, 1024, 2048] as const;
export type DownloadSize = (typeof DOWNLOAD_SIZES)[number];

/** The size the images are generated at; larger downloads are upscaled. */
export const NATIVE_IMAGE_SIZE = 1024;

export const DOWNLOAD_SIZE_LABELS: Record<DownloadSize, string> = {
  128: '128 px (emoji)',
  256: '256 px',
  512: '512 px',
  1024: '1024 px',
  2048: '2048 px (upscaled)',
};

export const DOWNLOAD_VARIANTS = [
  { id: 'original', label: 'Original' },
  { id: 'transparent', label: 'Transparent background' },
  { id: 'sticker', label: 'Sticker (die-cut)' },
] as const;

export type DownloadVariant = (typeof DOWNLOAD_VARIANTS)[number]['id'];

/**
 * The backgrounds the download menu offers for a picture, only those that give different files. A
 * picture stored with a transparent background (the composer draws without one; other providers'
 * pictures are cut out before they are stored) gives the same file for 'transparent' as for
 * 'original', so the menu offers the original and the sticker. A picture whose background could not
 * be cut out cannot be made transparent or into a sticker either (the same cut-out fails again), so
 * only its original is offered. The API still accepts every variant.
 */
export function menuBackgrounds(transparentBackground: boolean): readonly DownloadVariant[] {
  return transparentBackground ? ['original', 'sticker'] : ['original'];
}

/** Said next to the background choice of a picture whose background could not be removed. */
export const KEPT_BACKGROUND_NOTE =
  'This picture keeps the background it was made with: it could not be cut out.';

/**
 * What a background choice gives in a format: a JPEG has no transparency, so a transparent picture
 * sits on white; a picture that kept its background is offered as it is.
 */
export function backgroundLabel(
  format: DownloadFormat,
  variant: DownloadVariant,
  transparentBackground = true,
): string {
  if (variant === 'sticker') return 'Sticker (die-cut)';
  if (variant === 'original' && !transparentBackground) return 'Its own background';
  return downloadFormatInfo(format).transparency ? 'Transparent' : 'White';
}

export const DOWNLOAD_DEFAULTS = { format: 'png', size: 1024, variant: 'original' } as const satisfies {
  format: DownloadFormat;
  size: DownloadSize;
  variant: DownloadVariant;
};

const formatIds = DOWNLOAD_FORMATS.map((f) => f.id) as [DownloadFormat, ...DownloadFormat[]];
const variantIds = DOWNLOAD_VARIANTS.map((v) => v.id) as [DownloadVariant, ...DownloadVariant[]];

export const DOWNLOAD_MESSAGES = {
  format: 'Unknown format: choose png, webp, jpg or svg',
  size: 'Unknown size: choose 128, 256, 512, 1024 or 2048',
  variant: 'Unknown variant: choose original, transparent or sticker',
  jpgTransparency: 'JPEG has no transparency: choose PNG or WebP for a transparent or sticker download',
} as const;

// Query strings arrive as strings; sizes are coerced and must be one of the listed values. The enum in
// .meta() is what the OpenAPI document lists: its generator shows only the coerced number's side.
const sizeSchema = z.coerce
  .number({ error: DOWNLOAD_MESSAGES.size })
  .pipe(z.literal(DOWNLOAD_SIZES, { error: DOWNLOAD_MESSAGES.size }))
  .meta({ enum: [...DOWNLOAD_SIZES] });

/** Shape of `GET /images/:id/download` query (each field defaults: png, 1024, original). */
export const downloadQuerySchema = z.object({
  format: z.enum(formatIds, { error: DOWNLOAD_MESSAGES.format }).default(DOWNLOAD_DEFAULTS.format),
  size: sizeSchema.default(DOWNLOAD_DEFAULTS.size),
  variant: z.enum(variantIds, { error: DOWNLOAD_MESSAGES.variant }).default(DOWNLOAD_DEFAULTS.variant),
});

export interface DownloadRequest {
  format: DownloadFormat;
  size: DownloadSize;
  variant: DownloadVariant;
}

export type DownloadValidation = { ok: true; value: DownloadRequest } | { ok: false; message: string };

/**
 * Parses and checks a download query. Rules:
 * - JPEG cannot carry transparency, so jpg + transparent/sticker is refused (a sticker flattened on white
 *   would lose its white die-cut outline). jpg + original is allowed and flattened on white.
 * - SVG is size-independent: every size is accepted; it only sets the SVG's width/height attributes.
 */
export function validateDownload(query: unknown): DownloadValidation {
  const parsed = downloadQuerySchema.safeParse(query ?? {});
  if (!parsed.success) {
    const messages = [...new Set(parsed.error.issues.map((issue) => issue.message))];
    return { ok: false, message: messages.join('; ') || 'Invalid download options' };
  }
  const value: DownloadRequest = parsed.data;
  if (value.format === 'jpg' && value.variant !== 'original') {
    return { ok: false, message: DOWNLOAD_MESSAGES.jpgTransparency };
  }
  return { ok: true, value };
}

export function downloadFormatInfo(format: DownloadFormat): DownloadFormatInfo {
  return DOWNLOAD_FORMATS.find((f) => f.id === format)!;
}

const ARTICLES = new Set(['a', 'an', 'the']);

/**
 * The prompt's first words as a file-name stem: 'A red fox, reading!' → 'red-fox-reading'. ASCII
 * letters and digits only (accents dropped), articles skipped, at most 4 words and 40 characters;
 * 'clipart' when nothing is left.
 */
export function promptSlug(prompt: string): string {
  const words = prompt
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word && !ARTICLES.has(word))
    .slice(0, 4);
  return words.join('-').slice(0, 40).replace(/-+$/, '') || 'clipart';
}

/**
 * A download's file name says what it is: the prompt's first words, the background when it is not
 * the original, and the size (not for SVG, which has none): `red-fox-reading-transparent-1024.png`,
 * `red-fox-reading-sticker.svg`.
 */
export function downloadFileName(input: {
  prompt: string;
  size: DownloadSize;
  format: DownloadFormat;
  variant: DownloadVariant;
}): string {
  const parts = [promptSlug(input.prompt)];
  if (input.variant !== 'original') parts.push(input.variant);
  if (input.format !== 'svg') parts.push(String(input.size));
  return `${parts.join('-')}.${downloadFormatInfo(input.format).ext}`;
}

/**
 * Storage key of a rendered download, relative to the image's folder (`{imageId}/` is prefixed when given):
 * `{variant}-{size}.{ext}`.
 */
export function variantCacheKey(input: { imageId?: string } & DownloadRequest): string {
  const name = `${input.variant}-${input.size}.${downloadFormatInfo(input.format).ext}`;
  return input.imageId ? `${input.imageId}/${name}` : name;
}

export interface DownloadDescription {
  /** One line for the UI, e.g. 'PNG · 2048 × 2048 px (upscaled) · Sticker (die-cut)'. */
  label: string;
  formatLabel: string;
  sizeLabel: string;
  variantLabel: string;
  upscaled: boolean;
  traced: boolean;
  /** Short caveat to show next to the choice, or null. */
  note: string | null;
}

/**
 * UI labels for a choice. `hasVector` says whether the image has its own vector (composer images do);
 * without one an SVG is traced from the pixels and labelled 'SVG (traced)'.
 */
export function describeDownload(
  input: DownloadRequest & { hasVector: boolean; transparentBackground?: boolean },
): DownloadDescription {
  const traced = input.format === 'svg' && (!input.hasVector || input.variant === 'sticker');
  const formatLabel = traced ? 'SVG (traced)' : downloadFormatInfo(input.format).label;
  const sizeLabel =
    input.format === 'svg'
      ? 'any size (vector)'
      : `${input.size} × ${input.size} px${input.size > NATIVE_IMAGE_SIZE ? ' (upscaled)' : ''}`;
  const transparentBackground = input.transparentBackground ?? true;
  const variantLabel = backgroundLabel(input.format, input.variant, transparentBackground);
  const upscaled = input.format !== 'svg' && input.size > NATIVE_IMAGE_SIZE;
  let note: string | null = null;
  if (input.format === 'jpg' && transparentBackground) note = 'JPEG has no transparency: flattened on white';
  else if (traced) note = 'Traced from the picture: colours are simplified';
  else if (upscaled) note = 'Upscaled from 1024 px';
  return {
    label: [formatLabel, sizeLabel, variantLabel].join(' · '),
    formatLabel,
    sizeLabel,
    variantLabel,
    upscaled,
    traced,
    note,
  };
}
