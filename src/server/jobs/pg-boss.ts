// The jobs port on PostgreSQL: pg-boss queues generation ids; any web or worker process with
// WORKERS > 0 runs them. Retries with backoff for transient provider failures, a dead-letter queue
// for handlers that crash, and the money rules unchanged: the job row is the authority, so a job is
// charged once and refunded at most once whichever process runs or dies.
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from '../logger';
import { type JobHandler, type JobRunner, runningLimit, slotOf } from './runner';

export const GENERATION_QUEUE = 'generation';
export const DEAD_LETTER_QUEUE = 'generation-dead';
export const PGBOSS_SCHEMA = 'pgboss';
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

/**
 * pg-boss's statements as named prepared statements: each connection parses and plans one once.
 * With pg-boss's own pool every send, fetch and complete was parsed, planned and bound afresh,
 * ~1.5 ms of PostgreSQL's CPU each (about half of what PostgreSQL spent on a generation). Texts
 * without values (its migrations, several commands in one) go as they are.
 */
export function preparedStatements(client: Pick<pg.Pool, 'query'>): PgBoss.Db {
  return {
    executeSql: (text: string, values?: unknown[]) =>
      values && values.length > 0
        ? client.query({ name: statementName(text), text, values })
        : client.query(text),
  };
}

const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `pgboss_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
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
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: Math.max(2, opts.concurrency + 1),
    application_name: 'pgboss',
    options: '-c plan_cache_mode=force_generic_plan',
  });
  pool.on('error', (err) => logger.error({ err }, 'job queue error'));
  const db = preparedStatements(pool);
  // pg-boss's fetch() catches every database error and answers "no jobs" (it expects only unique
  // violations), so a broken pool looked like an empty queue. Fetches go through this instead,
  // which keeps the error for the dispatcher (one fetch runs at a time).
  let fetchError: unknown;
  const fetchDb: PgBoss.Db = {
    executeSql: (text, values) =>
      db.executeSql(text, values).catch((err: unknown) => {
        fetchError = err;
        throw err;
      }),
  };
  const boss = new PgBoss({
    db,
    schema: PGBOSS_SCHEMA,
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

  // Our own dispatcher rather than boss.work(): one fetch takes as many jobs as this process has
  // idle slots (a burst of eight jobs is one query, not eight), and a finished job's slot asks for
  // the next job at once, while the finished jobs' completes go out together in one statement.
  // Wake-ups: a NOTIFY from any process, a job sent from this one, and one poll a second that
  // finds what no NOTIFY announces (retries whose backoff has passed, a lost wake-up).
  let stopped = false;
  /** Jobs holding a slot, and all running jobs (those that freed their slot are storing). */
  let active = 0;
  let running = 0;
  let fetching = false;
  let fetchAgain = false;
  let idleWaiters: Array<() => void> = [];
  let toComplete: string[] = [];
  /** Fetches failing since, and the last error: the queue's health until a fetch works again. */
  let fetchFailure: { since: Date; message: string } | undefined;
  let completing: Promise<unknown> = Promise.resolve();

  const flushCompletes = () => {
    const ids = toComplete;
    toComplete = [];
    if (ids.length === 0) return;
    // A complete that fails leaves the queue entry to expire and come back; running it again is a
    // no-op, since the job row is no longer open. The job row, not pg-boss, is what money depends on.
    completing = Promise.all([
      completing,
      boss
        .complete(GENERATION_QUEUE, ids)
        .catch((err) => logger.warn({ err, jobIds: ids }, 'could not mark jobs complete')),
    ]);
  };

  const runOne = async (job: PgBoss.JobWithMetadata<{ id: string }>) => {
    running++;
    const slot = slotOf(() => {
      active--;
      dispatch();
    });
    try {
      await opts.run(job.data.id, { canRetry: job.retryCount < job.retryLimit, freeSlot: slot.free });
      toComplete.push(job.id);
      queueMicrotask(flushCompletes);
    } catch (err) {
      // pg-boss retries with backoff, then moves the job to the dead-letter queue.
      completing = Promise.all([
        completing,
        boss
          .fail(GENERATION_QUEUE, job.id, { message: (err as Error).message })
          .catch((failErr) => logger.warn({ err: failErr, jobId: job.id }, 'could not mark a job failed')),
      ]);
    } finally {
      // A job that freed its slot already asked for the next one; a fetch is due again only if
      // the running limit held one back.
      const wasAtLimit = running >= runningLimit(opts.concurrency);
      running--;
      slot.free();
      if (wasAtLimit) dispatch();
      if (running === 0) {
        for (const w of idleWaiters) w();
        idleWaiters = [];
      }
    }
  };

  const dispatch = () => {
    const limit = runningLimit(opts.concurrency);
    if (stopped || active >= opts.concurrency || running >= limit) return;
    if (fetching) {
      fetchAgain = true;
      return;
    }
    fetching = true;
    fetchAgain = false;
    const batchSize = Math.min(opts.concurrency - active, limit - running);
    fetchError = undefined;
    boss
      .fetch<{ id: string }>(GENERATION_QUEUE, { batchSize, includeMetadata: true, db: fetchDb })
      .then((jobs) => {
        // A unique violation is the one error pg-boss means to ignore here (singleton queues).
        const err = fetchError as { code?: string } | undefined;
        if (err && err.code !== '23505') throw err;
        return jobs;
      })
      .then(
        (jobs) => {
          if (fetchFailure) {
            logger.info({ failingSince: fetchFailure.since }, 'fetching jobs works again');
            fetchFailure = undefined;
          }
          for (const job of jobs) {
            active++;
            void runOne(job);
          }
          // A full batch may have left more behind.
          if (jobs.length === batchSize) fetchAgain = true;
        },
        (err) => {
          if (stopped) return;
          // Each poll tries again; the first failure is an error for the operator, and health
          // says so until a fetch works (a broken pool would otherwise show only as a growing queue).
          const message = `could not fetch jobs: ${(err as Error)?.message ?? String(err)}`;
          if (!fetchFailure) logger.error({ err }, 'could not fetch jobs; trying again every second');
          fetchFailure = { since: fetchFailure?.since ?? new Date(), message };
        },
      )
      .finally(() => {
        fetching = false;
        if (fetchAgain) dispatch();
      });
  };

  const poll = setInterval(dispatch, POLL_MS);
  poll.unref();

  const wake = new pg.Client({ connectionString: opts.url });
  wake.on('error', (err) => logger.warn({ err }, 'job wake-up connection lost; falling back to polling'));
  await wake.connect();
  if (opts.concurrency > 0) {
    wake.on('notification', dispatch);
    await wake.query(`listen ${WAKE_CHANNEL}`);
    dispatch();
  }

  let notifying: Promise<void> = Promise.resolve();
  return {
    async add(tx, job) {
      // The queue entry commits with the job row, on the transaction's own connection.
      const client = (tx._.session as unknown as { client: pg.PoolClient }).client;
      await boss.send(
        GENERATION_QUEUE,
        { id: job.id },
        { priority: job.priority, db: preparedStatements(client) },
      );
    },
    enqueue(job) {
      // An idle slot here takes the job at once; other processes need the NOTIFY only when none
      // is idle here.
      if (opts.concurrency > active) return dispatch();
      // One query at a time on this connection (pg deprecates overlapping ones).
      notifying = notifying
        .then(() => wake.query(`notify ${WAKE_CHANNEL}`))
        .then(
          () => undefined,
          // Workers still find the job at their next poll.
          (err) => logger.warn({ err, generationId: job.id }, 'could not wake workers'),
        );
    },
    idle() {
      return running === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve));
    },
    status() {
      if (stopped || !fetchFailure) return { status: 'ok' };
      return {
        status: 'error',
        message: `${fetchFailure.message} (since ${fetchFailure.since.toISOString()})`,
      };
    },
    async check() {
      if (stopped) throw new Error('the job queue has stopped');
      if (fetchFailure) throw new Error(fetchFailure.message);
      // One round trip through pg-boss's own connection: its schema and our queue are there.
      const queued = await boss.getQueueSize(GENERATION_QUEUE);
      return { runner: 'pg-boss', workers: opts.concurrency, queued, running };
    },
    async stop() {
      stopped = true;
      clearInterval(poll);
      // Running jobs finish, their completes go out; then the queue closes.
      const finished = running === 0 ? Promise.resolve() : new Promise<void>((r) => idleWaiters.push(r));
      await Promise.race([finished, new Promise((r) => setTimeout(r, 10_000))]);
      flushCompletes();
      await completing;
      await boss.stop({ graceful: true, timeout: 5_000, wait: true });
      await wake.end().catch(() => {});
      await pool.end().catch(() => {});
    },
  };
}
