import { parentPort } from 'node:worker_threads';
import type { PixelTask, PixelTaskReply } from './pixel-worker';
import { BackgroundRemovalError, removeBackgroundPixels } from './remove-background';
import { tracePixelsToSvg } from './trace-pixels';

// Pixel work off the main thread (tracing takes hundreds of milliseconds, background removal tens),
// one request at a time; the thread stays alive so its code is already optimised for the next one.
parentPort?.on('message', ({ id, task }: { id: number; task: PixelTask }) => {
  try {
    let reply: PixelTaskReply;
    if (task.kind === 'trace') {
      reply = { id, ok: true, kind: 'trace', svg: tracePixelsToSvg(task.input) };
    } else {
      const result = removeBackgroundPixels(task.image, task.options);
      reply = { id, ok: true, kind: 'remove-background', result, data: task.image.data };
    }
    const transfer = reply.kind === 'remove-background' ? [reply.data.buffer as ArrayBuffer] : [];
    parentPort?.postMessage(reply, transfer);
  } catch (error) {
    parentPort?.postMessage({
      id,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      code: error instanceof BackgroundRemovalError ? error.code : undefined,
    } satisfies PixelTaskReply);
  }
});
