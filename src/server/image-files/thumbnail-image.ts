// The grid thumbnail of a stored picture, one definition for the background queue (in the
// low-priority process) and for a grid that asks before it exists (on the spot).
import sharp from 'sharp';
import { THUMB_SIZE } from '../../core/constants';

/** How a thumbnail is made: the 512 px WebP grids show, from the 1024 px PNG original. */
export const THUMBNAIL_ENCODING = {
  size: THUMB_SIZE,
  webp: { quality: 86, alphaQuality: 90, effort: 2 },
} as const;

export type ThumbnailEncoding = typeof THUMBNAIL_ENCODING;

/** ~40 ms of a core on this machine (PNG decode, resize, WebP encode). */
export function encodeThumbnail(png: Uint8Array): Promise<Buffer> {
  const { size, webp } = THUMBNAIL_ENCODING;
  return sharp(png).resize(size, size).webp(webp).toBuffer();
}
