import { parentPort } from 'node:worker_threads';
import type { PixelTask, PixelTaskReply } from './pixel-tasks';
import { BackgroundRemovalError, removeBackground } from './remove-background';
import { renderDownload } from './render';
import { tracePixelsToSvg } from './trace-pixels';

// Pixel work off the main thread (tracing takes hundreds of milliseconds, background removal a few).
// The thread stays alive so its code is already optimised for the next request. Background removal
// takes and returns PNG bytes: decoding and encoding here keeps the 4 MB pixel buffers, their
// copies and the garbage collection they cause away from the event loop that runs the jobs.
parentPort?.on('message', ({ id, task }: { id: number; task: PixelTask }) => {
  void handle(id, task).then(
    ([reply, transfer]) => parentPort?.postMessage(reply, transfer),
    (error: unknown) =>
      parentPort?.postMessage({
        id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
        code: error instanceof BackgroundRemovalError ? error.code : undefined,
      } satisfies PixelTaskReply),
  );
});

async function handle(id: number, task: PixelTask): Promise<[PixelTaskReply, ArrayBuffer[]]> {
  if (task.kind === 'trace') return [{ id, ok: true, kind: 'trace', svg: tracePixelsToSvg(task.input) }, []];
  if (task.kind === 'render') {
    const { png, ...rest } = task.input;
    // Already on the pixel thread: the trace runs here too, not in another worker.
    const file = await renderDownload(
      { ...rest, png: Buffer.from(png.buffer, png.byteOffset, png.byteLength) },
      { inline: true },
    );
    const bytes = new Uint8Array(file.bytes);
    return [
      {
        id,
        ok: true,
        kind: 'render',
        bytes,
        contentType: file.contentType,
        ext: file.ext,
        traced: file.traced,
      },
      [bytes.buffer],
    ];
  }
  const input = Buffer.from(task.png.buffer, task.png.byteOffset, task.png.byteLength);
  const output = await removeBackground(input, task.options);
  // removeBackground hands an already transparent picture back as it came.
  if (output === input)
    return [{ id, ok: true, kind: 'remove-background', result: 'already-transparent' }, []];
  // A copy that owns its memory can move to the main thread without another copy.
  const png = new Uint8Array(output);
  return [{ id, ok: true, kind: 'remove-background', result: 'removed', png }, [png.buffer]];
}
