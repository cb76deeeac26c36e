// The grid thumbnail of a stored picture, one definition for the background queue (in the
// low-priority process) and for a grid that asks before it exists (on the spot).
import sharp from 'sharp';
import { THUMB_SIZE } from '../../core/constants';

/** The 512 px WebP grids show, from the 1024 px PNG original (~40 ms of a core on this machine). */
export function encodeThumbnail(png: Uint8Array): Promise<Buffer> {
  return sharp(png)
    .resize(THUMB_SIZE, THUMB_SIZE)
    .webp({ quality: 86, alphaQuality: 90, effort: 2 })
    .toBuffer();
}
