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

/**
 * Runs one job. It throws only to ask the queue for another try later (a transient provider
 * failure, with the job row back in 'queued'); `canRetry` says whether the queue would give one.
 */
export type JobHandler = (id: string, opts: { canRetry: boolean }) => Promise<void>;

export function createInProcessRunner(opts: {
  concurrency: number;
  run: JobHandler;
  logger: Logger;
  /** Retries of a job whose handler threw (3 by default). */
  retryLimit?: number;
  /** Wait before the first retry (2 s by default); each later one waits twice as long. */
  retryDelayMs?: number;
}): JobRunner {
  const retryLimit = opts.retryLimit ?? 3;
  const retryDelayMs = opts.retryDelayMs ?? 2000;
  const queue: string[] = [];
  const queued = new Set<string>();
  const retries = new Map<string, number>();
  const waitingRetry = new Map<string, NodeJS.Timeout>();
  let active = 0;
  let stopped = false;
  let waiters: Array<() => void> = [];

  const isIdle = () => active === 0 && queue.length === 0 && waitingRetry.size === 0;
  const settleWaiters = () => {
    if (isIdle()) {
      for (const w of waiters) w();
      waiters = [];
    }
  };

  const retryLater = (id: string, error: unknown) => {
    const tried = retries.get(id) ?? 0;
    if (tried >= retryLimit) {
      retries.delete(id);
      opts.logger.error({ err: error, generationId: id }, 'job crashed');
      return;
    }
    retries.set(id, tried + 1);
    const timer = setTimeout(
      () => {
        waitingRetry.delete(id);
        add(id);
        settleWaiters();
      },
      retryDelayMs * 2 ** tried,
    );
    waitingRetry.set(id, timer);
  };

  const pump = () => {
    while (!stopped && active < opts.concurrency && queue.length > 0) {
      const id = queue.shift()!;
      queued.delete(id);
      active++;
      opts
        .run(id, { canRetry: (retries.get(id) ?? 0) < retryLimit })
        .then(
          () => retries.delete(id),
          (error) => retryLater(id, error),
        )
        .finally(() => {
          active--;
          pump();
          settleWaiters();
        });
    }
    settleWaiters();
  };

  const add = (id: string) => {
    // WORKERS=0: this process only serves HTTP; workers elsewhere pick the job up.
    if (stopped || opts.concurrency === 0 || queued.has(id)) return;
    queued.add(id);
    queue.push(id);
    queueMicrotask(pump);
  };

  return {
    enqueue: add,
    idle() {
      if (isIdle()) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    async stop() {
      stopped = true;
      queue.length = 0;
      queued.clear();
      // A retry that has not started stays 'queued' in the database; the next start picks it up.
      for (const timer of waitingRetry.values()) clearTimeout(timer);
      waitingRetry.clear();
      if (active > 0) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    async check() {
      if (stopped) throw new Error('the job runner has stopped');
      return { runner: 'in-process', workers: opts.concurrency, queued: queue.length, running: active };
    },
  };
}
