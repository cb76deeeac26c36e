// The jobs port. Embedded default: an in-process runner with a concurrency limit; the job rows in
// the database stay the source of truth, so a restart picks queued jobs up again.
import type { Logger } from '../logger';

export type JobRunner = {
  /** Asks for a job to run soon; the job row already exists. */
  enqueue(id: string): void;
  /** Resolves when nothing is queued or running (tests, shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
  /** Readiness: throws when this runner cannot take jobs; otherwise a few numbers for the operator. */
  check(): Promise<Record<string, unknown>>;
};

export function createInProcessRunner(opts: {
  concurrency: number;
  run: (id: string) => Promise<void>;
  logger: Logger;
}): JobRunner {
  const queue: string[] = [];
  const queued = new Set<string>();
  let active = 0;
  let stopped = false;
  let waiters: Array<() => void> = [];

  const settleWaiters = () => {
    if (active === 0 && queue.length === 0) {
      for (const w of waiters) w();
      waiters = [];
    }
  };

  const pump = () => {
    while (!stopped && active < opts.concurrency && queue.length > 0) {
      const id = queue.shift()!;
      queued.delete(id);
      active++;
      opts
        .run(id)
        .catch((error) => opts.logger.error({ err: error, generationId: id }, 'job crashed'))
        .finally(() => {
          active--;
          pump();
          settleWaiters();
        });
    }
    settleWaiters();
  };

  return {
    enqueue(id) {
      // WORKERS=0: this process only serves HTTP; workers elsewhere pick the job up.
      if (stopped || opts.concurrency === 0 || queued.has(id)) return;
      queued.add(id);
      queue.push(id);
      queueMicrotask(pump);
    },
    idle() {
      if (active === 0 && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    async stop() {
      stopped = true;
      queue.length = 0;
      queued.clear();
      if (active > 0) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    async check() {
      if (stopped) throw new Error('the job runner has stopped');
      return { runner: 'in-process', workers: opts.concurrency, queued: queue.length, running: active };
    },
  };
}
