import sharp from 'sharp';
import { decodeRgba, encodePng, type RgbaImage } from './raw';

// Proportions of the picture's side.
const OUTLINE = 0.03;
const SHADOW_OFFSET = 0.008;
const SHADOW_BLUR = 0.008;
const SHADOW_OPACITY = 0.28;
// Subject pixels at least this opaque are grown into the outline.
const SOLID_ALPHA = 128;

export interface StickerGeometry {
  /** Outline width in pixels. */
  outline: number;
  shadowOffset: number;
  shadowSigma: number;
  /** Room kept free around the subject so neither the outline nor the shadow is clipped. */
  margin: number;
}

export function stickerGeometry(size: number): StickerGeometry {
  const outline = Math.max(2, Math.round(size * OUTLINE));
  const shadowOffset = Math.max(1, Math.round(size * SHADOW_OFFSET));
  const shadowSigma = Math.max(0.5, size * SHADOW_BLUR);
  return {
    outline,
    shadowOffset,
    shadowSigma,
    margin: outline + shadowOffset + Math.ceil(2 * shadowSigma) + 1,
  };
}

/**
 * Die-cut sticker from a transparent picture: a white outline of ~3 % of the side grown round the subject
 * (holes inside it are filled, as a cutter would), a soft drop shadow below, transparent outside. The
 * subject is scaled down and centred when it comes too close to the edge for the outline and shadow.
 */
export async function makeStickerPixels(transparent: RgbaImage): Promise<RgbaImage> {
  const { width: w, height: h } = transparent;
  const geometry = stickerGeometry(Math.min(w, h));
  const subject = await fitWithMargin(transparent, geometry.margin);
  const outline = outlineAlpha(subject, geometry.outline);
  const shadow = await shadowAlpha(outline, w, h, geometry);

  const out = new Uint8Array(w * h * 4);
  const src = subject.data;
  for (let i = 0, p = 0; i < w * h; i++, p += 4) {
    const sa = src[p + 3] / 255;
    const oa = outline[i] / 255;
    const ha = (shadow[i] / 255) * SHADOW_OPACITY;
    // Subject over white outline over black shadow, straight (non-premultiplied) alpha.
    const baseA = oa + ha * (1 - oa);
    const baseC = baseA > 0 ? (255 * oa) / baseA : 0;
    const a = sa + baseA * (1 - sa);
    if (a <= 0) continue;
    const k = (baseA * (1 - sa)) / a;
    const m = sa / a;
    out[p] = Math.round(src[p] * m + baseC * k);
    out[p + 1] = Math.round(src[p + 1] * m + baseC * k);
    out[p + 2] = Math.round(src[p + 2] * m + baseC * k);
    out[p + 3] = Math.round(a * 255);
  }
  return { data: out, width: w, height: h };
}

/** PNG with a transparent background in, sticker PNG of the same size out. */
export async function makeSticker(transparentPng: Buffer): Promise<Buffer> {
  return encodePng(await makeStickerPixels(await decodeRgba(transparentPng)));
}

/** Keeps the picture as is when the subject leaves `margin` free on every side, else shrinks and centres it. */
async function fitWithMargin(image: RgbaImage, margin: number): Promise<RgbaImage> {
  const { data, width: w, height: h } = image;
  let minX = w;
  let minY = h;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < h; y++) {
    let row = y * w * 4 + 3;
    for (let x = 0; x < w; x++, row += 4) {
      if (data[row] === 0) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (maxX < 0) return image;
  if (minX >= margin && minY >= margin && maxX < w - margin && maxY < h - margin) return image;

  const boxW = maxX - minX + 1;
  const boxH = maxY - minY + 1;
  const scale = Math.min(1, (w - 2 * margin) / boxW, (h - 2 * margin) / boxH);
  const newW = Math.max(1, Math.floor(boxW * scale));
  const newH = Math.max(1, Math.floor(boxH * scale));
  const { data: resized } = await sharp(data, { raw: { width: w, height: h, channels: 4 } })
    .extract({ left: minX, top: minY, width: boxW, height: boxH })
    .resize(newW, newH, { kernel: 'lanczos3', fit: 'fill' })
    .extend({
      left: Math.floor((w - newW) / 2),
      right: w - newW - Math.floor((w - newW) / 2),
      top: Math.floor((h - newH) / 2),
      bottom: h - newH - Math.floor((h - newH) / 2),
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(resized.buffer, resized.byteOffset, resized.length), width: w, height: h };
}

/**
 * Alpha (0–255) of the white outline: the solid subject grown by `radius` with a round brush, via an exact
 * Euclidean distance transform, anti-aliased over one pixel; enclosed holes are filled. Only the subject's
 * bounding box grown by the radius is computed: nothing further out can be reached.
 */
export function outlineAlpha(image: RgbaImage, radius: number): Uint8Array {
  const { data, width: w, height: h } = image;
  const alpha = new Uint8Array(w * h);
  let minX = w;
  let minY = h;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0, p = 3; y < h; y++) {
    for (let x = 0; x < w; x++, p += 4) {
      if (data[p] < SOLID_ALPHA) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (maxX < 0) return alpha;
  const reach = Math.ceil(radius) + 2;
  const x0 = Math.max(0, minX - reach);
  const y0 = Math.max(0, minY - reach);
  const rw = Math.min(w, maxX + reach + 1) - x0;
  const rh = Math.min(h, maxY + reach + 1) - y0;

  const dist2 = squaredDistanceToSolid(data, w, x0, y0, rw, rh);
  const local = new Uint8Array(rw * rh);
  const inner = (radius - 0.5) * (radius - 0.5);
  const outer = (radius + 0.5) * (radius + 0.5);
  for (let i = 0; i < local.length; i++) {
    const d2 = dist2[i];
    if (d2 <= inner) local[i] = 255;
    else if (d2 < outer) local[i] = Math.round((radius + 0.5 - Math.sqrt(d2)) * 255);
  }
  fillEnclosed(local, rw, rh);
  for (let y = 0; y < rh; y++) alpha.set(local.subarray(y * rw, (y + 1) * rw), (y0 + y) * w + x0);
  return alpha;
}

/** Felzenszwalb–Huttenlocher squared distance transform of a region: columns then rows, O(n). */
function squaredDistanceToSolid(data: Uint8Array, w: number, x0: number, y0: number, rw: number, rh: number) {
  const INF = 1e20;
  const grid = new Float64Array(rw * rh);
  for (let y = 0; y < rh; y++) {
    let p = ((y0 + y) * w + x0) * 4 + 3;
    for (let x = 0; x < rw; x++, p += 4) grid[y * rw + x] = data[p] >= SOLID_ALPHA ? 0 : INF;
  }
  const len = Math.max(rw, rh);
  const f = new Float64Array(len);
  const d = new Float64Array(len);
  const v = new Int32Array(len);
  const z = new Float64Array(len + 1);
  for (let x = 0; x < rw; x++) {
    for (let y = 0; y < rh; y++) f[y] = grid[y * rw + x];
    edt1d(f, d, v, z, rh);
    for (let y = 0; y < rh; y++) grid[y * rw + x] = d[y];
  }
  for (let y = 0; y < rh; y++) {
    const row = y * rw;
    for (let x = 0; x < rw; x++) f[x] = grid[row + x];
    edt1d(f, d, v, z, rw);
    for (let x = 0; x < rw; x++) grid[row + x] = d[x];
  }
  return grid;
}

function edt1d(f: Float64Array, d: Float64Array, v: Int32Array, z: Float64Array, n: number): void {
  let k = 0;
  v[0] = 0;
  z[0] = -Infinity;
  z[1] = Infinity;
  for (let q = 1; q < n; q++) {
    const fq = f[q] + q * q;
    let s = (fq - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    while (s <= z[k]) {
      k--;
      s = (fq - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = Infinity;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1] < q) k++;
    const dq = q - v[k];
    d[q] = dq * dq + f[v[k]];
  }
}

/** Sets to opaque every not-fully-opaque pixel that the outside (flood from the border) cannot reach. */
function fillEnclosed(alpha: Uint8Array, w: number, h: number): void {
  const n = w * h;
  // 0 = not visited, 1 = reached from outside.
  const outside = new Uint8Array(n);
  const stack = new Int32Array(n);
  let sp = 0;
  const seed = (i: number) => {
    if (!outside[i] && alpha[i] < 255) {
      outside[i] = 1;
      stack[sp++] = i;
    }
  };
  for (let x = 0; x < w; x++) {
    seed(x);
    seed(n - w + x);
  }
  for (let y = 1; y < h - 1; y++) {
    seed(y * w);
    seed(y * w + w - 1);
  }
  while (sp > 0) {
    const i = stack[--sp];
    const x = i % w;
    if (x > 0 && !outside[i - 1] && alpha[i - 1] < 255) {
      outside[i - 1] = 1;
      stack[sp++] = i - 1;
    }
    if (x < w - 1 && !outside[i + 1] && alpha[i + 1] < 255) {
      outside[i + 1] = 1;
      stack[sp++] = i + 1;
    }
    if (i >= w && !outside[i - w] && alpha[i - w] < 255) {
      outside[i - w] = 1;
      stack[sp++] = i - w;
    }
    if (i < n - w && !outside[i + w] && alpha[i + w] < 255) {
      outside[i + w] = 1;
      stack[sp++] = i + w;
    }
  }
  for (let i = 0; i < n; i++) if (!outside[i]) alpha[i] = 255;
}

/** Outline alpha moved down and blurred. */
async function shadowAlpha(
  outline: Uint8Array,
  w: number,
  h: number,
  g: StickerGeometry,
): Promise<Uint8Array> {
  const shifted = new Uint8Array(w * h);
  shifted.set(outline.subarray(0, (h - g.shadowOffset) * w), g.shadowOffset * w);
  const { data, info } = await sharp(shifted, { raw: { width: w, height: h, channels: 1 } })
    .blur(g.shadowSigma)
    // sharp widens one-band raw input to sRGB on output unless told otherwise.
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 1 || info.width !== w || info.height !== h)
    throw new Error('Unexpected shadow layout');
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}
