// The jobs port. Embedded default: an in-process runner with a concurrency limit; the job rows in
// the database stay the source of truth, so a restart picks queued jobs up again.
import type { Tx } from '../db/client';
import type { Logger } from '../logger';

/** A job to run: its generation id, and its priority (higher runs first; see jobPriority). */
export type QueuedJob = { id: string; priority: number };

export type JobRunner = {
  /**
   * Inside the transaction that writes the job row: a queue kept in the same database (pg-boss)
   * records the job in that commit, so a job row never exists without its queue entry. The
   * in-process runner has nothing to record.
   */
  add(tx: Tx, job: QueuedJob): Promise<void>;
  /** After the commit: starts the job here, or wakes a worker for it. */
  enqueue(job: QueuedJob): void;
  /** Resolves when nothing is queued or running (tests, shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
  /** Readiness: throws when this runner cannot take jobs; otherwise a few numbers for the operator. */
  check(): Promise<Record<string, unknown>>;
  /**
   * Health, from memory: `error` while this runner cannot get jobs (pg-boss's fetches failing), so
   * a broken queue shows in /api/health and /api/ready instead of only as a growing queue.
   */
  status(): RunnerStatus;
};

export type RunnerStatus = { status: 'ok' | 'error'; message?: string };

/**
 * Runs one job. It throws only to ask the queue for another try later (a transient provider
 * failure, with the job row back in 'queued'); `canRetry` says whether the queue would give one.
 * `freeSlot` says the job needs no more provider calls: its slot goes to the next job while this
 * one stores and settles (the slots bound provider calls in flight; a finished job's own work
 * then overlaps the next call instead of delaying it).
 */
export type JobHandler = (id: string, opts: { canRetry: boolean; freeSlot: () => void }) => Promise<void>;

/**
 * Jobs running at once, those that freed their slot included: at most as many again as there are
 * slots, so a provider answering faster than pictures are stored cannot pile them up in memory.
 */
export const runningLimit = (concurrency: number) => 2 * concurrency;

/** A slot held by one job, given back once: by `freeSlot`, or when the job ends. */
export function slotOf(onFree: () => void): { free: () => void; held: () => boolean } {
  let held = true;
  return {
    free() {
      if (!held) return;
      held = false;
      onFree();
    },
    held: () => held,
  };
}

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
  // Highest priority first, then first come first served.
  const queue: QueuedJob[] = [];
  const queued = new Set<string>();
  const retries = new Map<string, number>();
  const waitingRetry = new Map<string, NodeJS.Timeout>();
  /** Jobs holding a slot, and all running jobs (those that freed their slot are storing). */
  let active = 0;
  let running = 0;
  let stopped = false;
  let waiters: Array<() => void> = [];

  const isIdle = () => running === 0 && queue.length === 0 && waitingRetry.size === 0;
  const settleWaiters = () => {
    if (isIdle()) {
      for (const w of waiters) w();
      waiters = [];
    }
  };

  const retryLater = (job: QueuedJob, error: unknown) => {
    const { id } = job;
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
        add(job);
        settleWaiters();
      },
      retryDelayMs * 2 ** tried,
    );
    waitingRetry.set(id, timer);
  };

  const pump = () => {
    while (
      !stopped &&
      active < opts.concurrency &&
      running < runningLimit(opts.concurrency) &&
      queue.length > 0
    ) {
      const job = queue.shift()!;
      const { id } = job;
      queued.delete(id);
      active++;
      running++;
      const slot = slotOf(() => {
        active--;
        pump();
      });
      opts
        .run(id, { canRetry: (retries.get(id) ?? 0) < retryLimit, freeSlot: slot.free })
        .then(
          () => retries.delete(id),
          (error) => retryLater(job, error),
        )
        .finally(() => {
          running--;
          slot.free();
          pump();
        });
    }
    settleWaiters();
  };

  const add = (job: QueuedJob) => {
    // WORKERS=0: this process only serves HTTP; workers elsewhere pick the job up.
    if (stopped || opts.concurrency === 0 || queued.has(job.id)) return;
    queued.add(job.id);
    const behind = queue.findIndex((other) => other.priority < job.priority);
    if (behind === -1) queue.push(job);
    else queue.splice(behind, 0, job);
    queueMicrotask(pump);
  };

  return {
    async add() {},
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
      if (running > 0) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    async check() {
      if (stopped) throw new Error('the job runner has stopped');
      return { runner: 'in-process', workers: opts.concurrency, queued: queue.length, running };
    },
    // Nothing to fetch; a stopped runner is the readiness probe's to report.
    status: () => ({ status: 'ok' }),
  };
}
