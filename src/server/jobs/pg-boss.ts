// The jobs port on PostgreSQL: pg-boss queues generation ids; any web or worker process with
// WORKERS > 0 runs them. Retries with backoff for transient provider failures, a dead-letter queue
// for handlers that crash, and the money rules unchanged: the job row is the authority, so a job is
// charged once and refunded at most once whichever process runs or dies.
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from '../logger';
import type { JobRunner } from './runner';

export const GENERATION_QUEUE = 'generation';
export const DEAD_LETTER_QUEUE = 'generation-dead';
/** NOTIFY channel that wakes idle workers in every process at once, instead of at the next poll. */
const WAKE_CHANNEL = 'clipsmith_generation_jobs';

export type QueueHandler = (id: string, opts: { canRetry: boolean }) => Promise<void>;

export async function createPgBossRunner(opts: {
  url: string;
  concurrency: number;
  run: QueueHandler;
  logger: Logger;
  retryLimit?: number;
}): Promise<JobRunner> {
  const { logger } = opts;
  const retryLimit = opts.retryLimit ?? 3;
  const boss = new PgBoss({
    connectionString: opts.url,
    schema: 'pgboss',
    max: Math.max(2, opts.concurrency + 1),
  });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  await boss.start();
  await boss.createQueue(DEAD_LETTER_QUEUE);
  await boss.createQueue(GENERATION_QUEUE, {
    name: GENERATION_QUEUE,
    retryLimit,
    retryDelay: 2,
    retryBackoff: true,
    // Longer than any provider call with its own retries; a crashed worker's job comes back after it.
    expireInSeconds: 15 * 60,
    deadLetter: DEAD_LETTER_QUEUE,
  });

  let active = 0;
  let waiters: Array<() => void> = [];
  const settle = () => {
    if (active > 0) return;
    for (const w of waiters) w();
    waiters = [];
  };
  // One polling loop per slot: pg-boss hands each loop one job at a time. Polling alone would add
  // up to a second of waiting to every generation; a NOTIFY after each send wakes them at once.
  const workerIds: string[] = [];
  const wake = new pg.Client({ connectionString: opts.url });
  wake.on('error', (err) => logger.warn({ err }, 'job wake-up connection lost; falling back to polling'));
  await wake.connect();
  if (opts.concurrency > 0) {
    wake.on('notification', () => {
      for (const id of workerIds) boss.notifyWorker(id);
    });
    await wake.query(`listen ${WAKE_CHANNEL}`);
  }
  for (let slot = 0; slot < opts.concurrency; slot++) {
    const workerId = await boss.work<{ id: string }>(
      GENERATION_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true },
      async ([job]) => {
        active++;
        try {
          await opts.run(job.data.id, { canRetry: job.retryCount < job.retryLimit });
        } finally {
          active--;
          settle();
        }
      },
    );
    workerIds.push(workerId);
  }

  let notifying: Promise<void> = Promise.resolve();
  return {
    enqueue(id) {
      boss
        .send(GENERATION_QUEUE, { id })
        .then(() => {
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
      return active === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000, wait: true });
      await wake.end().catch(() => {});
    },
  };
}
