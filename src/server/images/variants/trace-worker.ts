import { parentPort } from 'node:worker_threads';
import { type TracePixelsInput, tracePixelsToSvg } from './trace-pixels';

// Traces off the main thread (the tracer is synchronous and takes hundreds of milliseconds), one request at a
// time; the thread stays alive so the tracer's code is already optimised for the next request.
parentPort?.on('message', ({ id, input }: { id: number; input: TracePixelsInput }) => {
  try {
    parentPort?.postMessage({ id, ok: true, svg: tracePixelsToSvg(input) });
  } catch (error) {
    parentPort?.postMessage({
      id,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    });
  }
});
