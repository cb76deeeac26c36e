import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
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

// The worker module is TypeScript: a small JS bootstrap loads it through tsx's API (a `--import tsx` flag
// on the worker does not reach its entry module on Node 20). Resolved from here, whatever the working dir.
const bootstrap = `
const { workerData } = require('node:worker_threads');
import(workerData.tsxApi).then(({ tsImport }) => tsImport(workerData.workerModule, workerData.workerModule));
`;

function resolveTsxEsmApi(): string {
  // require.resolve would pick the CommonJS build; the worker needs the ESM one named in tsx's exports.
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const exports = JSON.parse(readFileSync(manifest, 'utf8')).exports as Record<
    string,
    { import: { default: string } }
  >;
  return new URL(exports['./esm/api'].import.default, pathToFileURL(manifest)).href;
}

type WorkerReply = { id: number; ok: true; svg: string } | { id: number; ok: false; message: string };
interface PendingTrace {
  resolve: (svg: string) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

// One long-lived worker per process, started on first use: requests queue in it, so at most one core traces.
let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, PendingTrace>();

function stopWorker(reason: Error): void {
  const current = worker;
  worker = null;
  for (const trace of pending.values()) {
    clearTimeout(trace.timer);
    trace.reject(reason);
  }
  pending.clear();
  void current?.terminate();
}

function getWorker(): Worker {
  if (worker) return worker;
  const workerData = {
    tsxApi: resolveTsxEsmApi(),
    workerModule: new URL('./trace-worker.ts', import.meta.url).href,
  };
  const created = new Worker(bootstrap, { eval: true, workerData });
  created.on('message', (reply: WorkerReply) => {
    const trace = pending.get(reply.id);
    if (!trace) return;
    pending.delete(reply.id);
    clearTimeout(trace.timer);
    if (reply.ok) trace.resolve(reply.svg);
    else trace.reject(new Error(`Tracing failed: ${reply.message}`));
    // An idle worker must not keep the process alive.
    if (pending.size === 0) created.unref();
  });
  created.on('error', (error) => {
    if (worker === created) stopWorker(error);
  });
  created.on('exit', (code) => {
    if (worker === created) stopWorker(new Error(`Tracing worker stopped (exit code ${code})`));
  });
  worker = created;
  return created;
}

function traceInWorker(input: TracePixelsInput & { data: Uint8Array<ArrayBuffer> }): Promise<string> {
  return new Promise((resolve, reject) => {
    const thread = getWorker();
    const id = nextId++;
    const timer = setTimeout(() => {
      // A stuck trace blocks every one queued behind it: restart the worker.
      if (worker === thread) stopWorker(new Error('Tracing the picture took too long'));
    }, TRACE_TIMEOUT_MS);
    timer.unref();
    pending.set(id, { resolve, reject, timer });
    thread.ref();
    thread.postMessage({ id, input }, [input.data.buffer]);
  });
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
