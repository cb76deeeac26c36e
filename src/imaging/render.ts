import sharp, { type JpegOptions, type Sharp, type WebpOptions } from 'sharp';
import {
  type DownloadVariant,
  downloadFormatInfo,
  NATIVE_IMAGE_SIZE,
  validateDownload,
} from '../core/download';
import type { RenderDownloadInput } from './pixel-tasks';
import { type PixelTaskFailure, runPixelTask } from './pixel-worker';

export type { RenderDownloadInput } from './pixel-tasks';

import { decodeRgba, encodePng, PNG_OPTIONS, type RgbaImage, rgbaToSharp } from './raw';
import { BackgroundRemovalError, removeBackgroundPixels } from './remove-background';
import { makeStickerPixels } from './sticker';
import { sizeSvg, traceToSvg } from './trace';

export interface RenderedDownload {
  bytes: Buffer;
  contentType: string;
  ext: string;
  /** True when the SVG was traced from pixels rather than being the picture's own vector. */
  traced: boolean;
}

/** A format/size/variant combination that cannot be produced; the message suits a 400 answer. */
export class InvalidDownloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidDownloadError';
  }
}

// JPEG keeps flat clipart colours without colour bleeding only with full chroma resolution.
const JPEG_OPTIONS: JpegOptions = { quality: 92, chromaSubsampling: '4:4:4' };
// Lossless WebP is fast up to 1024 px but takes over a second at 2048, where lossy with exact alpha is used.
const WEBP_LOSSLESS: WebpOptions = { lossless: true, effort: 4 };
const WEBP_LOSSY: WebpOptions = { quality: 90, alphaQuality: 100, effort: 4 };

/**
 * Produces one download file. Pure: no storage, no caching (the caller stores the result under
 * `variantCacheKey`). Throws InvalidDownloadError for a combination `validateDownload` refuses and
 * BackgroundRemovalError when a transparent or sticker variant cannot be cut out of the picture.
 *
 * - transparent: the background removed (a picture that already is transparent is kept as is);
 *   sticker: that cut-out with a white die-cut outline and a soft shadow.
 * - sizes other than the picture's own are resized with Lanczos 3 (2048 is an upscale).
 * - jpg is flattened on white; webp and png keep alpha.
 * - svg: the picture's own vector for original and transparent (composer vectors have no background),
 *   otherwise a trace of the transparent or sticker picture (an original that cannot be cut out is traced
 *   whole, background included); `size` only sets the SVG's width and height.
 */
export async function renderDownload(
  input: RenderDownloadInput,
  options: { inline?: boolean } = {},
): Promise<RenderedDownload> {
  const { format, size, variant } = input;
  const check = validateDownload({ format, size, variant });
  if (!check.ok) throw new InvalidDownloadError(check.message);
  const info = downloadFormatInfo(format);

  if (format === 'svg') {
    let svg: string;
    let traced = false;
    if (input.svg && variant !== 'sticker') {
      svg = input.svg;
    } else {
      svg = await traceToSvg(await svgSourcePng(input.png, variant), { inline: options.inline });
      traced = true;
    }
    return {
      bytes: Buffer.from(sizeSvg(svg, size), 'utf8'),
      contentType: info.contentType,
      ext: info.ext,
      traced,
    };
  }

  let { pipeline, width, height } = await variantPipeline(input.png, variant);
  // The stored PNG at its own size is already the file.
  if (format === 'png' && variant === 'original' && width === size && height === size) {
    return { bytes: input.png, contentType: info.contentType, ext: info.ext, traced: false };
  }
  if (width !== size || height !== size) {
    pipeline = pipeline.resize(size, size, {
      kernel: 'lanczos3',
      fit: 'contain',
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    });
  }
  let bytes: Buffer;
  if (format === 'jpg') {
    bytes = await pipeline.flatten({ background: '#ffffff' }).jpeg(JPEG_OPTIONS).toBuffer();
  } else if (format === 'webp') {
    bytes = await pipeline.webp(size > NATIVE_IMAGE_SIZE ? WEBP_LOSSY : WEBP_LOSSLESS).toBuffer();
  } else {
    bytes = await pipeline.png(PNG_OPTIONS).toBuffer();
  }
  return { bytes, contentType: info.contentType, ext: info.ext, traced: false };
}

// A 2048 px sticker traced on a busy machine takes seconds; past this the worker is stuck.
const RENDER_TIMEOUT_MS = 60_000;

/**
 * renderDownload in the pixel worker thread, decoding, pixel loops and encoding included: the event
 * loop that answers requests only hands the picture over and takes the file back. Same results and
 * errors (InvalidDownloadError is checked here, before the hand-over).
 */
export async function renderDownloadOffThread(input: RenderDownloadInput): Promise<RenderedDownload> {
  const check = validateDownload({ format: input.format, size: input.size, variant: input.variant });
  if (!check.ok) throw new InvalidDownloadError(check.message);
  try {
    const reply = await runPixelTask(
      { kind: 'render', input: { ...input, png: input.png } },
      [],
      RENDER_TIMEOUT_MS,
      'Making the download took too long',
    );
    if (reply.kind !== 'render') throw new Error('Unexpected reply from the pixel worker');
    const bytes = Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength);
    return { bytes, contentType: reply.contentType, ext: reply.ext, traced: reply.traced };
  } catch (error) {
    const failure = (error as { failure?: PixelTaskFailure }).failure;
    if (failure?.code) throw new BackgroundRemovalError(failure.code, failure.message);
    throw error;
  }
}

/** The variant at the picture's own size as a PNG (original, transparent cut-out or sticker). */
export async function renderVariantPng(png: Buffer, variant: DownloadVariant): Promise<Buffer> {
  if (variant === 'original') return png;
  const pixels = await variantPixels(png, variant);
  return pixels ? encodePng(pixels) : png;
}

/** What an SVG is traced from: the cut-out, or for the original the picture itself when it cannot be cut out. */
async function svgSourcePng(png: Buffer, variant: DownloadVariant): Promise<Buffer> {
  if (variant !== 'original') return renderVariantPng(png, variant);
  try {
    return await renderVariantPng(png, 'transparent');
  } catch (error) {
    if (error instanceof BackgroundRemovalError) return png;
    throw error;
  }
}

/** Decoded pixels of a transparent or sticker variant; null when the picture itself already is the answer. */
async function variantPixels(
  png: Buffer,
  variant: Exclude<DownloadVariant, 'original'>,
): Promise<RgbaImage | null> {
  const image = await decodeRgba(png);
  const result = removeBackgroundPixels(image);
  if (variant === 'transparent') return result === 'already-transparent' ? null : image;
  return makeStickerPixels(image);
}

async function variantPipeline(
  png: Buffer,
  variant: DownloadVariant,
): Promise<{ pipeline: Sharp; width: number; height: number }> {
  const pixels = variant === 'original' ? null : await variantPixels(png, variant);
  if (pixels) return { pipeline: rgbaToSharp(pixels), width: pixels.width, height: pixels.height };
  const pipeline = sharp(png);
  const { width, height } = await pipeline.metadata();
  return { pipeline, width, height };
}
