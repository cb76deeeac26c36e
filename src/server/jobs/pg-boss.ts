// The jobs port on PostgreSQL: pg-boss queues generation ids; any web or worker process with
// WORKERS > 0 runs them. Retries with backoff for transient provider failures, a dead-letter queue
// for handlers that crash, and the money rules unchanged: the job row is the authority, so a job is
// charged once and refunded at most once whichever process runs or dies.
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from '../logger';
import type { JobHandler, JobRunner } from './runner';

export const GENERATION_QUEUE = 'generation';
export const DEAD_LETTER_QUEUE = 'generation-dead';
/** NOTIFY channel that wakes idle workers in every process at once, instead of at the next poll. */
const WAKE_CHANNEL = 'clipsmith_generation_jobs';
const POLL_MS = 1000;

/** How long a queued job may wait for a worker before pg-boss drops it: generous on purpose. */
const RETENTION_MINUTES = 14 * 24 * 60;
/** How often the dead-letter queue is read: it only settles jobs whose retries ran out. */
const DEAD_LETTER_POLL_SECONDS = 30;

export type QueueSettings = {
  /** Retries of a job whose handler threw or whose worker stopped (3 by default). */
  retryLimit?: number;
  /** Wait before the first retry (2 s by default); each later one waits about twice as long. */
  retryDelaySeconds?: number;
  /**
   * How long a job may stay active before pg-boss takes it back from a worker that stopped and
   * hands it out again: longer than the job's own deadline, so a live run is never taken over.
   */
  expireInSeconds: number;
  /** How often pg-boss looks for such jobs (its maintenance; 120 s by default, shorter in tests). */
  maintenanceIntervalSeconds?: number;
};

/** The generation queue's options, applied on every start so a changed setting reaches an existing queue. */
export function generationQueueOptions(settings: QueueSettings): PgBoss.Queue {
  return {
    name: GENERATION_QUEUE,
    retryLimit: settings.retryLimit ?? 3,
    retryDelay: settings.retryDelaySeconds ?? 2,
    retryBackoff: true,
    expireInSeconds: settings.expireInSeconds,
    retentionMinutes: RETENTION_MINUTES,
    deadLetter: DEAD_LETTER_QUEUE,
  };
}

export async function createPgBossRunner(
  opts: {
    url: string;
    concurrency: number;
    /** Runs a job; called with takeOver semantics (see runGeneration). */
    run: JobHandler;
    /** Settles a job whose retries ran out (its handler kept failing or its worker kept stopping). */
    onDeadLetter?: (id: string) => Promise<void>;
    logger: Logger;
  } & QueueSettings,
): Promise<JobRunner> {
  const { logger } = opts;
  const boss = new PgBoss({
    connectionString: opts.url,
    schema: 'pgboss',
    max: Math.max(2, opts.concurrency + 1),
    ...(opts.maintenanceIntervalSeconds
      ? { maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds }
      : {}),
  });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  await boss.start();
  // createQueue leaves an existing queue as it was; updateQueue brings it to today's settings.
  const deadLetterOptions = { name: DEAD_LETTER_QUEUE, retentionMinutes: RETENTION_MINUTES };
  await boss.createQueue(DEAD_LETTER_QUEUE, deadLetterOptions);
  await boss.updateQueue(DEAD_LETTER_QUEUE, deadLetterOptions);
  const queueOptions = generationQueueOptions(opts);
  await boss.createQueue(GENERATION_QUEUE, queueOptions);
  await boss.updateQueue(GENERATION_QUEUE, queueOptions);
  if (opts.concurrency > 0 && opts.onDeadLetter) {
    const settle = opts.onDeadLetter;
    await boss.work<{ id: string }>(
      DEAD_LETTER_QUEUE,
      {
        pollingIntervalSeconds: Math.min(
          DEAD_LETTER_POLL_SECONDS,
          opts.maintenanceIntervalSeconds ?? DEAD_LETTER_POLL_SECONDS,
        ),
        batchSize: 10,
      },
      async (jobs) => {
        for (const job of jobs) await settle(job.data.id);
      },
    );
  }

  // Our own fetch loops rather than boss.work(). One wake-up wakes one idle loop, not all of them
  // (eight loops fetching for one job only slow everybody down); a loop that finds a job passes
  // the wake-up on, so a burst of jobs still fans out over every loop. A wake-up that arrives
  // while every loop is busy is kept, so no job waits for the next poll. Idle loops poll through
  // one timer per process, not one each: 16 idle slots asked the database 16 times a second.
  let pendingWakes = 0;
  let sleepers: Array<() => void> = [];
  const wakeOne = () => {
    const sleeper = sleepers.shift();
    if (sleeper) sleeper();
    else pendingWakes = Math.min(pendingWakes + 1, opts.concurrency);
  };
  const wakeAll = () => {
    for (const s of sleepers) s();
    sleepers = [];
  };
  const sleep = () => {
    if (pendingWakes > 0) {
      pendingWakes--;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => sleepers.push(resolve));
  };
  // Finds what no NOTIFY announces: retries whose backoff has passed, a wake-up that was lost.
  const poll = setInterval(() => {
    if (sleepers.length > 0) wakeOne();
  }, POLL_MS);
  poll.unref();

  const wake = new pg.Client({ connectionString: opts.url });
  wake.on('error', (err) => logger.warn({ err }, 'job wake-up connection lost; falling back to polling'));
  await wake.connect();
  if (opts.concurrency > 0) {
    wake.on('notification', wakeOne);
    await wake.query(`listen ${WAKE_CHANNEL}`);
  }

  let stopped = false;
  let active = 0;
  let idleWaiters: Array<() => void> = [];
  const loops: Promise<void>[] = [];
  const slot = async () => {
    // The previous job's complete (or fail) runs while this loop fetches its next job: one round
    // trip less between two jobs of a slot. The job row, not pg-boss, is what money depends on.
    let settling: Promise<unknown> = Promise.resolve();
    while (!stopped) {
      let job: PgBoss.JobWithMetadata<{ id: string }> | undefined;
      try {
        [job] = await boss.fetch<{ id: string }>(GENERATION_QUEUE, { batchSize: 1, includeMetadata: true });
      } catch (err) {
        if (!stopped) logger.warn({ err }, 'could not fetch a job; retrying');
      }
      if (!job) {
        await sleep();
        continue;
      }
      wakeOne();
      active++;
      const queued = job;
      try {
        await opts.run(queued.data.id, { canRetry: queued.retryCount < queued.retryLimit });
        // A complete that fails leaves the queue entry to expire and come back; running it again
        // is a no-op, since only a 'queued' job row can be claimed.
        settling = boss
          .complete(GENERATION_QUEUE, queued.id)
          .catch((err) => logger.warn({ err, jobId: queued.id }, 'could not mark a job complete'));
      } catch (err) {
        // pg-boss retries with backoff, then moves the job to the dead-letter queue.
        settling = boss
          .fail(GENERATION_QUEUE, queued.id, { message: (err as Error).message })
          .catch((failErr) => logger.warn({ err: failErr, jobId: queued.id }, 'could not mark a job failed'));
      } finally {
        active--;
        if (active === 0) {
          for (const w of idleWaiters) w();
          idleWaiters = [];
        }
      }
    }
    await settling;
  };
  for (let i = 0; i < opts.concurrency; i++) loops.push(slot());

  let notifying: Promise<void> = Promise.resolve();
  return {
    enqueue(id) {
      boss
        .send(GENERATION_QUEUE, { id })
        .then(() => {
          // An idle loop here takes the job at once; other processes need the NOTIFY only when
          // none is idle here.
          if (sleepers.length > 0) return wakeOne();
          // One query at a time on this connection (pg deprecates overlapping ones).
          notifying = notifying
            .then(() => wake.query(`notify ${WAKE_CHANNEL}`))
            .then(
              () => undefined,
              // Workers still find the job at their next poll.
              (err) => logger.warn({ err }, 'could not wake workers'),
            );
          return notifying;
        })
        .catch((err) => {
          // The job row stays 'queued'; the sweeper settles it if it is never picked up.
          logger.error({ err, generationId: id }, 'could not enqueue a generation');
        });
    },
    idle() {
      return active === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve));
    },
    async check() {
      if (stopped) throw new Error('the job queue has stopped');
      // One round trip through pg-boss's own connection: its schema and our queue are there.
      const queued = await boss.getQueueSize(GENERATION_QUEUE);
      return { runner: 'pg-boss', workers: opts.concurrency, queued, running: active };
    },
    async stop() {
      stopped = true;
      clearInterval(poll);
      wakeAll();
      // Running jobs finish (their loops end after them); then the queue closes.
      await Promise.race([Promise.all(loops), new Promise((r) => setTimeout(r, 10_000))]);
      await boss.stop({ graceful: true, timeout: 5_000, wait: true });
      await wake.end().catch(() => {});
    },
  };
}
