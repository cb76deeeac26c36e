// The embedded "Triple Validation" check: plain image analysis of the PNG instead of a vision
// model. It answers the questions a person would ask of clipart: right size, something drawn,
// subject a sensible size, nothing cut off at the edges, clean background.
import sharp from 'sharp';
import type { ImageCheck } from '../ports';

export type ClipartAnalysis = {
  ok: boolean;
  reason: string;
  /** Share of the canvas covered by the subject, 0..1. */
  coverage: number;
  clipped: boolean;
  background: 'transparent' | 'uniform' | 'busy';
};

const SIZE = 1024;
const MIN_COVERAGE = 0.15;
const MAX_COVERAGE = 0.85;
/** Border pixels that may belong to the subject before we call it cut off (anti-aliasing, specks). */
const CLIP_TOLERANCE = 0.01;

export async function analyseClipart(png: Buffer): Promise<ClipartAnalysis> {
  let data: Buffer;
  let width: number;
  let height: number;
  try {
    const decoded = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    data = decoded.data;
    width = decoded.info.width;
    height = decoded.info.height;
  } catch {
    return { ok: false, reason: 'not a readable image', coverage: 0, clipped: false, background: 'busy' };
  }
  const fail = (reason: string, extra: Partial<ClipartAnalysis> = {}): ClipartAnalysis => ({
    ok: false,
    reason,
    coverage: 0,
    clipped: false,
    background: 'busy',
    ...extra,
  });
  if (width !== height) return fail(`not square (${width}x${height})`);
  if (width !== SIZE) return fail(`not ${SIZE}x${SIZE} (${width}x${height})`);

  // The background is read from the outermost ring of pixels.
  const border: number[] = [];
  for (let x = 0; x < width; x++) border.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y++) border.push(y * width, y * width + width - 1);

  let transparentBorder = 0;
  for (const i of border) if (data[i * 4 + 3] < 16) transparentBorder++;

  let background: ClipartAnalysis['background'];
  let isSubject: (i: number) => boolean;
  if (transparentBorder / border.length >= 0.9) {
    background = 'transparent';
    isSubject = (i) => data[i * 4 + 3] >= 32;
  } else {
    // The most common border colour (coarsely bucketed) is the background candidate.
    const buckets = new Map<number, number>();
    for (const i of border) {
      const key = bucket(data, i);
      buckets.set(key, (buckets.get(key) ?? 0) + 1);
    }
    let modeKey = 0;
    let modeCount = 0;
    for (const [key, count] of buckets) {
      if (count > modeCount) {
        modeKey = key;
        modeCount = count;
      }
    }
    if (modeCount / border.length < 0.6) {
      return fail('background is busy (photo-like or textured), not clipart', {
        background: 'busy',
        coverage: 1,
      });
    }
    background = 'uniform';
    // Mean colour of the pixels in the winning bucket: the exact background colour.
    let r = 0;
    let g = 0;
    let b = 0;
    let a = 0;
    for (const i of border) {
      if (bucket(data, i) !== modeKey) continue;
      r += data[i * 4];
      g += data[i * 4 + 1];
      b += data[i * 4 + 2];
      a += data[i * 4 + 3];
    }
    r /= modeCount;
    g /= modeCount;
    b /= modeCount;
    a /= modeCount;
    isSubject = (i) =>
      Math.abs(data[i * 4] - r) +
        Math.abs(data[i * 4 + 1] - g) +
        Math.abs(data[i * 4 + 2] - b) +
        Math.abs(data[i * 4 + 3] - a) >
      48;
  }

  let covered = 0;
  for (let i = 0; i < width * height; i++) if (isSubject(i)) covered++;
  const coverage = covered / (width * height);

  let borderSubject = 0;
  for (const i of border) if (isSubject(i)) borderSubject++;
  const clipped = borderSubject / border.length > CLIP_TOLERANCE;

  const result = { coverage: Math.round(coverage * 1000) / 1000, clipped, background };
  if (covered === 0 || coverage < 0.005) return { ...result, ok: false, reason: 'image is blank' };
  if (coverage < MIN_COVERAGE)
    return { ...result, ok: false, reason: `subject too small (${pct(coverage)} of the canvas)` };
  if (coverage > MAX_COVERAGE)
    return { ...result, ok: false, reason: `subject fills the canvas (${pct(coverage)}), not clipart` };
  if (clipped) return { ...result, ok: false, reason: 'subject is cut off at the edges' };
  return {
    ...result,
    ok: true,
    reason: `clipart: ${pct(coverage)} coverage, ${background} background, nothing cut off`,
  };
}

function bucket(data: Buffer, i: number): number {
  return (
    ((data[i * 4] >> 5) << 12) |
    ((data[i * 4 + 1] >> 5) << 8) |
    ((data[i * 4 + 2] >> 5) << 4) |
    (data[i * 4 + 3] >> 5)
  );
}

function pct(value: number): string {
  return `${Math.round(value * 100)}%`;
}

/** Triple Validation without a vision model: YES/NO from the analysis above. */
export function createAnalysisCheck(): ImageCheck {
  return {
    name: 'image-analysis',
    async check({ png, signal }) {
      signal?.throwIfAborted();
      const analysis = await analyseClipart(png);
      return { ok: analysis.ok, reason: `${analysis.ok ? 'YES' : 'NO'}: ${analysis.reason}` };
    },
  };
}
