import sharp, { type PngOptions, type Sharp } from 'sharp';

/** Decoded RGBA pixels, 4 bytes a pixel, row-major. The variant steps work on these to skip re-encoding. */
export interface RgbaImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export async function decodeRgba(image: Buffer): Promise<RgbaImage> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

export function rgbaToSharp(image: RgbaImage): Sharp {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } });
}

// Level 6 with adaptive filtering off is sharp's default; spelled out because the benchmarks depend on it.
export const PNG_OPTIONS: PngOptions = { compressionLevel: 6, adaptiveFiltering: false };

export function encodePng(image: RgbaImage): Promise<Buffer> {
  return rgbaToSharp(image).png(PNG_OPTIONS).toBuffer();
}

/** True when most border pixels are already see-through (e.g. composer output). */
export function hasTransparentBorder(image: RgbaImage): boolean {
  const { data, width: w, height: h } = image;
  let clear = 0;
  let total = 0;
  const visit = (i: number) => {
    total++;
    if (data[i * 4 + 3] < 250) clear++;
  };
  for (let x = 0; x < w; x++) {
    visit(x);
    visit((h - 1) * w + x);
  }
  for (let y = 1; y < h - 1; y++) {
    visit(y * w);
    visit(y * w + w - 1);
  }
  return clear * 2 > total;
}
