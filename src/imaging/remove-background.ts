import type {
  BackgroundRemovalFailure,
  RemoveBackgroundOptions,
  RemoveBackgroundResult,
} from './pixel-tasks';
import { type PixelTaskFailure, runPixelTask } from './pixel-worker';

export type {
  BackgroundRemovalFailure,
  RemoveBackgroundOptions,
  RemoveBackgroundResult,
} from './pixel-tasks';

import { decodeRgba, encodePng, hasTransparentBorder, type RgbaImage } from './raw';

/** The picture cannot be cut out; `message` is fit to show to the user. */
export class BackgroundRemovalError extends Error {
  constructor(
    readonly code: BackgroundRemovalFailure,
    message: string,
  ) {
    super(message);
    this.name = 'BackgroundRemovalError';
  }
}

// Bounds of the automatic tolerance: tight for a clean background (keeps pale subject colours), wider for a
// noisy or slightly graded one.
export const BACKGROUND_TOLERANCE = { min: 20, max: 48 } as const;
// Share of the border that must match the background colour for it to count as plain.
const MIN_PLAIN_BORDER = 0.4;
// Share of the picture that must stay visible, otherwise nothing was there to cut out.
const MIN_SUBJECT_COVERAGE = 0.002;
// Width in pixels of the soft edge between the removed background and the kept subject.
const EDGE_RINGS = 2;

const BACKGROUND = 1;
// Ring k (1 = touching the background) is stored as BACKGROUND + k; 0 is the kept subject.

/**
 * Makes a plain background transparent, in place: flood fill from every border pixel through pixels close
 * to the background colour, so whites inside the subject (not connected to the border) stay opaque. The
 * outermost subject pixels get an alpha estimated from their colour (a blend of background and subject) and
 * lose the background tint, which keeps anti-aliased edges soft without a white halo.
 */
export function removeBackgroundPixels(
  image: RgbaImage,
  options: RemoveBackgroundOptions = {},
): RemoveBackgroundResult {
  if (hasTransparentBorder(image)) return 'already-transparent';
  const { data, width: w, height: h } = image;
  const n = w * h;
  const border = borderIndices(w, h);
  const [br, bg, bb] = estimateBackground(data, border);
  const tolerance = options.tolerance ?? autoTolerance(data, border, br, bg, bb);
  const tol2 = tolerance * tolerance;

  let plain = 0;
  for (const i of border) if (isNearBackground(data, i, br, bg, bb, tol2)) plain++;
  if (plain < border.length * MIN_PLAIN_BORDER) {
    throw new BackgroundRemovalError(
      'not-plain-background',
      'This picture has no plain background to remove: download the original instead',
    );
  }

  const mask = new BackgroundMask(data, w, h, br, bg, bb, tol2);
  mask.floodFrom(border);
  for (let k = 2; k <= EDGE_RINGS; k++) mask.growRing(k);

  // Soft edge, innermost ring first so outer rings can lean on already cleaned colours.
  for (let k = EDGE_RINGS; k >= 1; k--) {
    for (let e = mask.ringStart(k); e < mask.ringEnd(k); e++) {
      softenEdgePixel(data, mask.state, w, h, mask.edge[e], k, br, bg, bb, tolerance);
    }
  }

  // The fill already cleared the background, so any pixel still at least half opaque is subject; stop
  // counting once there are enough.
  const minVisible = n * MIN_SUBJECT_COVERAGE;
  const end = n * 4;
  let visible = 0;
  for (let p = 3; p < end && visible < minVisible; p += 4) if (data[p] >= 128) visible++;
  if (visible < minVisible) {
    throw new BackgroundRemovalError('empty-subject', 'No subject was found to cut out of this picture');
  }
  return 'removed';
}

/** PNG in, PNG with a transparent background out; an already transparent picture comes back as is. */
export async function removeBackground(png: Buffer, options: RemoveBackgroundOptions = {}): Promise<Buffer> {
  const image = await decodeRgba(png);
  if (removeBackgroundPixels(image, options) === 'already-transparent') return png;
  return encodePng(image);
}

const REMOVE_BACKGROUND_TIMEOUT_MS = 30_000;

/**
 * removeBackground in the pixel worker thread, decoding and encoding included, so a generation
 * worker's event loop keeps serving its other jobs meanwhile. Same results and errors.
 */
export async function removeBackgroundOffThread(
  png: Buffer,
  options: RemoveBackgroundOptions = {},
): Promise<Buffer> {
  try {
    const reply = await runPixelTask(
      { kind: 'remove-background', png, options },
      [],
      REMOVE_BACKGROUND_TIMEOUT_MS,
      'Removing the background took too long',
    );
    if (reply.kind !== 'remove-background') throw new Error('Unexpected reply from the pixel worker');
    if (reply.result === 'already-transparent' || !reply.png) return png;
    return Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength);
  } catch (error) {
    const failure = (error as { failure?: PixelTaskFailure }).failure;
    if (failure?.code) throw new BackgroundRemovalError(failure.code, failure.message);
    throw error;
  }
}

function isNearBackground(
  data: Uint8Array,
  i: number,
  br: number,
  bg: number,
  bb: number,
  tol2: number,
): boolean {
  const p = i * 4;
  const dr = data[p] - br;
  const dg = data[p + 1] - bg;
  const db = data[p + 2] - bb;
  return dr * dr + dg * dg + db * db <= tol2;
}

/**
 * Which pixels are background (reached by a 4-connected flood fill, so a 1 px diagonal outline is not
 * crossed) and which form the edge rings around the subject. The fill works on runs of a row, which keeps
 * its bookkeeping per run rather than per pixel; a pixel's colour is tested only when the fill reaches it,
 * and a background pixel is cleared as it is claimed (nothing reads its colour afterwards).
 */
class BackgroundMask {
  /** 0 for the kept subject, BACKGROUND, or BACKGROUND + k for edge ring k. */
  readonly state: Uint8Array;
  /** The rings' pixels one ring after the other (a pixel joins at most one ring). */
  readonly edge: number[] = [];
  private readonly ringEnds: number[] = [0];
  // Claimed runs still to spread up and down, as (first, last) pixel pairs.
  private readonly runs: number[] = [];

  constructor(
    private readonly data: Uint8Array,
    private readonly w: number,
    private readonly h: number,
    private readonly br: number,
    private readonly bg: number,
    private readonly bb: number,
    private readonly tol2: number,
  ) {
    this.state = new Uint8Array(w * h);
  }

  /** Index range of ring k (1 = touching the background) in `edge`. */
  ringStart(k: number): number {
    return this.ringEnds[k - 1];
  }

  ringEnd(k: number): number {
    return this.ringEnds[k];
  }

  /** Scanline fill from the seeds close to the background colour; the subject pixels it meets form ring 1. */
  floodFrom(seeds: Int32Array): void {
    const { state, runs, w } = this;
    const n = w * this.h;
    for (const i of seeds) if (state[i] === 0 && this.near(i)) this.claimRun(i, i - (i % w));
    while (runs.length > 0) {
      const last = runs.pop() as number;
      const first = runs.pop() as number;
      const rowStart = first - (first % w);
      if (rowStart > 0) this.scanRow(first - w, last - w, rowStart - w);
      if (rowStart + w < n) this.scanRow(first + w, last + w, rowStart + w);
    }
    this.ringEnds.push(this.edge.length);
  }

  /** Ring k: the untouched subject pixels next to ring k − 1. */
  growRing(k: number): void {
    const { state, edge, w } = this;
    const n = w * this.h;
    const ring = BACKGROUND + k;
    const to = edge.length;
    for (let e = this.ringEnds[k - 2]; e < to; e++) {
      const i = edge[e];
      const x = i % w;
      if (x > 0 && state[i - 1] === 0) this.add(i - 1, ring);
      if (x < w - 1 && state[i + 1] === 0) this.add(i + 1, ring);
      if (i >= w && state[i - w] === 0) this.add(i - w, ring);
      if (i < n - w && state[i + w] === 0) this.add(i + w, ring);
    }
    this.ringEnds.push(edge.length);
  }

  private near(i: number): boolean {
    return isNearBackground(this.data, i, this.br, this.bg, this.bb, this.tol2);
  }

  /** Claims the run of unvisited background pixels through i, which is one, and queues it; returns its end. */
  private claimRun(i: number, rowStart: number): number {
    // Fields copied to locals: this loop tests most of the picture's pixels.
    const { state, data, br, bg, bb, tol2 } = this;
    const rowEnd = rowStart + this.w - 1;
    state[i] = BACKGROUND;
    let first = i;
    while (first > rowStart) {
      const j = first - 1;
      if (state[j] !== 0 || !isNearBackground(data, j, br, bg, bb, tol2)) break;
      state[j] = BACKGROUND;
      first = j;
    }
    let last = i;
    while (last < rowEnd) {
      const j = last + 1;
      if (state[j] !== 0 || !isNearBackground(data, j, br, bg, bb, tol2)) break;
      state[j] = BACKGROUND;
      last = j;
    }
    // An unvisited pixel that stopped the run is not background, so it is subject.
    if (first > rowStart && state[first - 1] === 0) this.add(first - 1, BACKGROUND + 1);
    if (last < rowEnd && state[last + 1] === 0) this.add(last + 1, BACKGROUND + 1);
    data.fill(0, first * 4, last * 4 + 4);
    this.runs.push(first, last);
    return last;
  }

  /** Visits the pixels from..to of the row starting at rowStart, next to a claimed run. */
  private scanRow(from: number, to: number, rowStart: number): void {
    const { state } = this;
    for (let j = from; j <= to; j++) {
      if (state[j] !== 0) continue;
      if (this.near(j)) j = this.claimRun(j, rowStart);
      else this.add(j, BACKGROUND + 1);
    }
  }

  private add(i: number, ring: number): void {
    this.state[i] = ring;
    this.edge.push(i);
  }
}

function borderIndices(w: number, h: number): Int32Array {
  const out: number[] = [];
  for (let x = 0; x < w; x++) out.push(x);
  if (h > 1) for (let x = 0; x < w; x++) out.push((h - 1) * w + x);
  for (let y = 1; y < h - 1; y++) {
    out.push(y * w);
    if (w > 1) out.push(y * w + w - 1);
  }
  return Int32Array.from(out);
}

/** 12 + 4 × the RMS distance to the background colour of the border pixels that look like background. */
function autoTolerance(data: Uint8Array, border: Int32Array, br: number, bg: number, bb: number): number {
  const limit = BACKGROUND_TOLERANCE.max * BACKGROUND_TOLERANCE.max;
  let sum = 0;
  let count = 0;
  for (const i of border) {
    const p = i * 4;
    const d2 = (data[p] - br) ** 2 + (data[p + 1] - bg) ** 2 + (data[p + 2] - bb) ** 2;
    if (d2 > limit) continue;
    sum += d2;
    count++;
  }
  const rms = count > 0 ? Math.sqrt(sum / count) : 0;
  return Math.min(BACKGROUND_TOLERANCE.max, Math.max(BACKGROUND_TOLERANCE.min, 12 + 4 * rms));
}

/** Most common border colour (5 bits a channel), averaged over the border pixels in that bucket. */
function estimateBackground(data: Uint8Array, border: Int32Array): [number, number, number] {
  const counts = new Uint32Array(1 << 15);
  const key = (p: number) => ((data[p] >> 3) << 10) | ((data[p + 1] >> 3) << 5) | (data[p + 2] >> 3);
  let best = 0;
  for (const i of border) {
    const k = key(i * 4);
    if (++counts[k] > counts[best]) best = k;
  }
  let r = 0;
  let g = 0;
  let b = 0;
  let count = 0;
  for (const i of border) {
    const p = i * 4;
    if (key(p) !== best) continue;
    r += data[p];
    g += data[p + 1];
    b += data[p + 2];
    count++;
  }
  return [r / count, g / count, b / count];
}

/**
 * An edge pixel is modelled as alpha·F + (1−alpha)·B (B = background). F is taken from the inner
 * neighbour whose colour best explains it: project (C−B) onto (F−B), keep the smallest residual.
 */
function softenEdgePixel(
  data: Uint8Array,
  state: Uint8Array,
  w: number,
  h: number,
  i: number,
  ring: number,
  br: number,
  bg: number,
  bb: number,
  tolerance: number,
): void {
  const p = i * 4;
  const ur = data[p] - br;
  const ug = data[p + 1] - bg;
  const ub = data[p + 2] - bb;
  const x = i % w;
  const y = (i - x) / w;
  let bestT = -1;
  let bestResidual = Number.POSITIVE_INFINITY;
  for (let dy = -1; dy <= 1; dy++) {
    const ny = y + dy;
    if (ny < 0 || ny >= h) continue;
    for (let dx = -1; dx <= 1; dx++) {
      const nx = x + dx;
      if ((dx === 0 && dy === 0) || nx < 0 || nx >= w) continue;
      const j = ny * w + nx;
      const s = state[j];
      // Inner neighbours only: the kept subject or a deeper, already cleaned ring.
      if (!(s === 0 || s > BACKGROUND + ring)) continue;
      const q = j * 4;
      if (data[q + 3] < 128) continue;
      const vr = data[q] - br;
      const vg = data[q + 1] - bg;
      const vb = data[q + 2] - bb;
      const vv = vr * vr + vg * vg + vb * vb;
      if (vv < tolerance * tolerance) continue;
      let t = (ur * vr + ug * vg + ub * vb) / vv;
      t = Math.max(0, Math.min(1, t));
      const rr = ur - t * vr;
      const rg = ug - t * vg;
      const rb = ub - t * vb;
      const residual = rr * rr + rg * rg + rb * rb;
      if (residual < bestResidual || (residual === bestResidual && t > bestT)) {
        bestResidual = residual;
        bestT = t;
      }
    }
  }
  let alpha: number;
  if (bestT >= 0) {
    alpha = bestT;
  } else {
    // Thin detail with no solid neighbour: ramp on the distance from the background colour.
    const d = Math.sqrt(ur * ur + ug * ug + ub * ub);
    alpha = Math.min(1, Math.max(0, (d - tolerance) / (2 * tolerance)));
  }
  if (alpha >= 0.97) return;
  if (alpha <= 0.03) {
    data[p + 3] = 0;
    return;
  }
  // Remove the background's share of the colour so the edge shows no light halo on dark pages.
  data[p] = clampByte(br + ur / alpha);
  data[p + 1] = clampByte(bg + ug / alpha);
  data[p + 2] = clampByte(bb + ub / alpha);
  data[p + 3] = Math.round(alpha * data[p + 3]);
}

function clampByte(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
}
