// Download renders wait here for one of a few slots. A render takes a libuv thread for each of its
// sharp steps (the same four threads that read files and gzip responses) and the pixel worker for its
// loops: without a bound, a burst of downloads queued so much work there that /api/health took
// seconds. A burst beyond the slots and the waiting room is refused at once (the caller answers 503).

export class RenderQueueFullError extends Error {
  override name = 'RenderQueueFullError';
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many downloads are being made right now. Please try again in ${retryAfterSeconds} s.`);
  }
}

export type RenderQueue = {
  /**
   * Runs `task` in a slot. Requests for the same `key` while it is waiting or running share its
   * result instead of rendering it again. Throws RenderQueueFullError when every slot and every
   * waiting place is taken.
   */
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Renders running and waiting now (operators and tests). */
  load(): { running: number; waiting: number };
  /** Every slot and waiting place is taken: a new render would be refused (its Retry-After), else null. */
  refusal(): RenderQueueFullError | null;
};

// A first guess of one render's time before any has finished (most take 0.1–1 s, traces longer).
const FIRST_ESTIMATE_MS = 1000;

export function createRenderQueue(opts: { concurrency: number; maxWaiting: number }): RenderQueue {
  let running = 0;
  const waiting: Array<() => void> = [];
  const inFlight = new Map<string, Promise<unknown>>();
  // Average time of recent renders, for a Retry-After that matches how long the queue takes to drain.
  let averageMs = FIRST_ESTIMATE_MS;

  const retryAfter = () => {
    const queued = running + waiting.length;
    const seconds = Math.ceil((queued * averageMs) / opts.concurrency / 1000);
    return Math.min(60, Math.max(1, seconds));
  };

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  const slot = (): Promise<void> => {
    if (running < opts.concurrency) {
      running++;
      return Promise.resolve();
    }
    if (waiting.length >= opts.maxWaiting) throw new RenderQueueFullError(retryAfter());
    // The slot passes straight from the render that ends to the next one (running stays the same).
    return new Promise((resolve) => waiting.push(resolve));
  };

  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const shared = inFlight.get(key);
      if (shared) return shared as Promise<T>;
      const ready = slot();
      const done = (async () => {
        await ready;
        const started = performance.now();
        try {
          return await task();
        } finally {
          averageMs = averageMs * 0.8 + (performance.now() - started) * 0.2;
          inFlight.delete(key);
          release();
        }
      })();
      inFlight.set(key, done);
      return done;
    },
    load: () => ({ running, waiting: waiting.length }),
    refusal: () =>
      running >= opts.concurrency && waiting.length >= opts.maxWaiting
        ? new RenderQueueFullError(retryAfter())
        : null,
  };
}
