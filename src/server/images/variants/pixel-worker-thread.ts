import { parentPort } from 'node:worker_threads';
import type { PixelTask, PixelTaskReply } from './pixel-worker';
import { decodeRgba, encodePng } from './raw';
import { BackgroundRemovalError, removeBackgroundPixels } from './remove-background';
import { tracePixelsToSvg } from './trace-pixels';

// Pixel work off the main thread (tracing takes hundreds of milliseconds, background removal a few).
// The thread stays alive so its code is already optimised for the next request. Background removal
// takes and returns PNG bytes: decoding and encoding here keeps the 4 MB pixel buffers, their
// copies and the garbage collection they cause away from the event loop that runs the jobs.
parentPort?.on('message', ({ id, task }: { id: number; task: PixelTask }) => {
  void handle(task).then(
    ({ reply, transfer }) => parentPort?.postMessage({ id, ...reply }, transfer),
    (error: unknown) =>
      parentPort?.postMessage({
        id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
        code: error instanceof BackgroundRemovalError ? error.code : undefined,
      } satisfies PixelTaskReply),
  );
});

type Reply = DistributiveOmit<Extract<PixelTaskReply, { ok: true }>, 'id'>;
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

async function handle(task: PixelTask): Promise<{ reply: Reply; transfer: ArrayBuffer[] }> {
  if (task.kind === 'trace') {
    return { reply: { ok: true, kind: 'trace', svg: tracePixelsToSvg(task.input) }, transfer: [] };
  }
  const image = await decodeRgba(Buffer.from(task.png.buffer, task.png.byteOffset, task.png.byteLength));
  const result = removeBackgroundPixels(image, task.options);
  if (result === 'already-transparent') {
    return { reply: { ok: true, kind: 'remove-background', result }, transfer: [] };
  }
  const png = await encodePng(image);
  // A copy that owns its memory can move to the main thread without another copy.
  const out = new Uint8Array(png);
  return { reply: { ok: true, kind: 'remove-background', result, png: out }, transfer: [out.buffer] };
}
