import sharp from 'sharp';
import { runPixelTask } from './pixel-worker';
import { TRACE_VIEWBOX, type TracePixelsInput, tracePixelsToSvg } from './trace-pixels';

export { TRACE_VIEWBOX } from './trace-pixels';

export interface TraceOptions {
  /** Side in pixels the picture is reduced to before tracing (detail vs time). */
  traceSize?: number;
  /** Opaque colours in the palette. */
  colors?: number;
  /** Trace on the calling thread instead of a worker thread (blocks the event loop). */
  inline?: boolean;
}

const DEFAULT_TRACE_SIZE = 512;
const DEFAULT_COLORS = 16;
const TRACE_TIMEOUT_MS = 30_000;

/**
 * Colour trace of a transparent PNG into an SVG (viewBox 0 0 1024 1024, width/height 1024): reduced to
 * 512 px, median-cut palette, transparent areas left out. Runs in a worker thread.
 */
export async function traceToSvg(transparentPng: Buffer, options: TraceOptions = {}): Promise<string> {
  const size = options.traceSize ?? DEFAULT_TRACE_SIZE;
  const { data, info } = await sharp(transparentPng)
    .ensureAlpha()
    .resize(size, size, { kernel: 'lanczos3', fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const input: TracePixelsInput & { data: Uint8Array<ArrayBuffer> } = {
    // A copy owns its memory, so it can be handed over to the worker without copying again.
    data: new Uint8Array(data),
    width: info.width,
    height: info.height,
    colors: options.colors ?? DEFAULT_COLORS,
  };
  if (options.inline) return tracePixelsToSvg(input);
  return traceInWorker(input);
}

async function traceInWorker(input: TracePixelsInput & { data: Uint8Array<ArrayBuffer> }): Promise<string> {
  try {
    const reply = await runPixelTask(
      { kind: 'trace', input },
      [input.data.buffer],
      TRACE_TIMEOUT_MS,
      'Tracing the picture took too long',
    );
    if (reply.kind !== 'trace') throw new Error('Unexpected reply from the pixel worker');
    return reply.svg;
  } catch (error) {
    if (!(error as { failure?: unknown }).failure) throw error;
    throw new Error(`Tracing failed: ${(error as Error).message}`);
  }
}

/** Sets the root element's width and height (the viewBox stays), adding a viewBox when it had none. */
export function sizeSvg(svg: string, size: number): string {
  const match = /<svg\b[^>]*>/i.exec(svg);
  if (!match) throw new Error('Not an SVG document');
  let tag = match[0];
  if (!/\sviewBox\s*=/i.test(tag)) {
    const w = /\swidth\s*=\s*["']([\d.]+)(?:px)?["']/i.exec(tag)?.[1] ?? String(TRACE_VIEWBOX);
    const h = /\sheight\s*=\s*["']([\d.]+)(?:px)?["']/i.exec(tag)?.[1] ?? w;
    tag = tag.replace(/^<svg\b/i, `<svg viewBox="0 0 ${w} ${h}"`);
  }
  tag = tag.replace(/\s(width|height)\s*=\s*("[^"]*"|'[^']*')/gi, '');
  tag = tag.replace(/^<svg\b/i, `<svg width="${size}" height="${size}"`);
  return svg.slice(0, match.index) + tag + svg.slice(match.index + match[0].length);
}
