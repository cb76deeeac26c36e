// One long-lived worker thread per process for CPU-heavy pixel loops (SVG tracing, background
// removal, whole download renders), started on first use: the loops run one at a time in it (their decoding and encoding on
// libvips threads), so at most one core runs them and the event loop stays free for requests.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PixelTask, PixelTaskFailure, PixelTaskReply } from './pixel-tasks';

export type { PixelTask, PixelTaskFailure, PixelTaskReply } from './pixel-tasks';

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

interface PendingTask {
  resolve: (reply: Extract<PixelTaskReply, { ok: true }>) => void;
  reject: (error: Error & { failure?: PixelTaskFailure }) => void;
  timer: NodeJS.Timeout;
}

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, PendingTask>();

function stopWorker(reason: Error): void {
  const current = worker;
  worker = null;
  for (const task of pending.values()) {
    clearTimeout(task.timer);
    task.reject(reason);
  }
  pending.clear();
  void current?.terminate();
}

function getWorker(): Worker {
  if (worker) return worker;
  const workerData = {
    tsxApi: resolveTsxEsmApi(),
    workerModule: new URL('./pixel-worker-thread.ts', import.meta.url).href,
  };
  const created = new Worker(bootstrap, { eval: true, workerData });
  created.on('message', (reply: PixelTaskReply) => {
    const task = pending.get(reply.id);
    if (!task) return;
    pending.delete(reply.id);
    clearTimeout(task.timer);
    if (reply.ok) task.resolve(reply);
    else task.reject(Object.assign(new Error(reply.message), { failure: reply }));
    // An idle worker must not keep the process alive.
    if (pending.size === 0) created.unref();
  });
  created.on('error', (error) => {
    if (worker === created) stopWorker(error);
  });
  created.on('exit', (code) => {
    if (worker === created) stopWorker(new Error(`Pixel worker stopped (exit code ${code})`));
  });
  worker = created;
  return created;
}

/** Starts the worker ahead of its first task: loading it takes most of a second. */
export function warmPixelWorker(): void {
  const thread = getWorker();
  if (pending.size === 0) thread.unref();
}

/**
 * Runs a task in the pixel worker; the pixel buffers in `transfer` move to it without a copy (the
 * caller must not use them afterwards). A task stuck past `timeoutMs` restarts the worker.
 */
export function runPixelTask(
  task: PixelTask,
  transfer: ArrayBuffer[],
  timeoutMs: number,
  timeoutMessage: string,
): Promise<Extract<PixelTaskReply, { ok: true }>> {
  return new Promise((resolve, reject) => {
    const thread = getWorker();
    const id = nextId++;
    const timer = setTimeout(() => {
      // A stuck task blocks every one queued behind it: restart the worker.
      if (worker === thread) stopWorker(new Error(timeoutMessage));
    }, timeoutMs);
    timer.unref();
    pending.set(id, { resolve, reject, timer });
    thread.ref();
    thread.postMessage({ id, task }, transfer);
  });
}
