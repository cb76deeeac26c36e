// The pg-boss queue on PostgreSQL: transient provider failures are retried with backoff, a job is
// charged once and refunded at most once however many attempts it takes, and a handler that keeps
// crashing ends in the dead-letter queue. Runs when TEST_DATABASE_URL is set (CI sets it).
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addCredits, getBalance } from '../../src/server/credits/service';
import { type DatabaseHandle, openDatabase, queryRows } from '../../src/server/db/client';
import { creditTransactions, generations } from '../../src/server/db/schema';
import { ProviderError } from '../../src/server/generation/ports';
import { createPgBossRunner, DEAD_LETTER_QUEUE, GENERATION_QUEUE } from '../../src/server/jobs/pg-boss';
import type { JobRunner } from '../../src/server/jobs/runner';
import { silentLogger } from '../../src/server/logger';
import { readUsage } from '../../src/server/membership/usage';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { scriptedProvider } from '../helpers/fake-provider';
import { createTestDatabase } from '../helpers/postgres';
import { waitFor } from '../helpers/wait';

const baseUrl = process.env.TEST_DATABASE_URL;

const busy = () =>
  new ProviderError({
    code: 'busy',
    userMessage: 'The image service is busy, please try again in a minute',
    transient: true,
  });

describe.skipIf(!baseUrl)('generation jobs on pg-boss', () => {
  let fresh: { url: string; drop(): Promise<void> };
  let app: TestApp | undefined;
  let runner: JobRunner | undefined;
  let db: DatabaseHandle | undefined;

  // A database each: pg-boss keeps a queue's retry settings from when it was first created.
  beforeEach(async () => {
    fresh = await createTestDatabase(baseUrl!);
  });
  afterEach(async () => {
    await app?.close();
    await runner?.stop();
    await db?.close();
    await fresh?.drop();
    app = undefined;
    runner = undefined;
    db = undefined;
  });

  async function startApp(script: Parameters<typeof scriptedProvider>[0]) {
    const provider = scriptedProvider(script);
    app = await createTestApp({
      env: { DATABASE_URL: fresh.url, JOB_QUEUE: 'pg-boss', WORKERS: '2' },
      overrides: {
        // The app's data and pg-boss's queue in the same database, as in production.
        database: await openDatabase({ kind: 'postgres', url: fresh.url, max: 4 }),
        imageProvider: provider,
        background: false,
        jobRetry: { limit: 2, delaySeconds: 1 },
      },
    });
    return { app, provider };
  }

  /** A member with one credit asks for a premium theme (1 credit) and waits for the result. */
  async function generateWithCredit(app: TestApp) {
    const { cookie, user } = await signUp(app);
    await addCredits(app.deps.database.db, {
      userId: user.id,
      amount: 1,
      type: 'grant',
      description: 'test',
    });
    const res = await app.request('/api/generations', {
      method: 'POST',
      cookie,
      json: { prompt: 'a robot watering flowers', theme: 'pixel' },
    });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    const job = await waitFor('the job to settle', async () => {
      const [row] = await app.deps.database.db.select().from(generations).where(eq(generations.id, id));
      return row.status === 'succeeded' || row.status === 'failed' ? row : undefined;
    });
    const ledger = await app.deps.database.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.referenceId, id));
    return { id, job, user, ledger: ledger.map((r) => [r.type, r.amount]).sort() };
  }

  it('retries a transient provider failure with backoff and charges the credit once', async () => {
    const { app, provider } = await startApp([busy(), 'ok']);
    const { job, user, ledger } = await generateWithCredit(app);

    expect(job.status).toBe('succeeded');
    expect(provider.calls).toBe(2);
    expect(ledger).toEqual([['spend', -1]]);
    expect(await getBalance(app.deps.database.db, user.id)).toBe(0);
    expect(await readUsage(app.deps.database.db, user.id)).toBe(1);
    // The second attempt came from the queue's retry, not from the first run trying again.
    await waitFor('pg-boss to record the completion', async () => {
      const [row] = await queryRows<{ state: string; retry_count: number }>(
        app.deps.database.db,
        sql`select state, retry_count from pgboss.job where name = ${GENERATION_QUEUE} and data->>'id' = ${job.id}`,
      );
      return row?.state === 'completed' ? row : undefined;
    }).then((row) => expect(row.retry_count).toBe(1));
  }, 30_000);

  it('fails and refunds exactly once when every attempt fails transiently', async () => {
    const { app, provider } = await startApp([busy()]);
    const { job, user, ledger } = await generateWithCredit(app);

    expect(job.status).toBe('failed');
    expect(job.error).toBe('The image service is busy, please try again in a minute');
    // The first attempt and two retries (limit 2), then the job was settled.
    expect(provider.calls).toBe(3);
    expect(ledger).toEqual([
      ['refund', 1],
      ['spend', -1],
    ]);
    expect(await getBalance(app.deps.database.db, user.id)).toBe(1);
    expect(await readUsage(app.deps.database.db, user.id)).toBe(0);
  }, 30_000);

  it("applies today's retry, expiry and retention settings to a queue that already exists", async () => {
    // A queue created by an older release, with other settings.
    const older = new PgBoss({ connectionString: fresh.url, schema: 'pgboss' });
    await older.start();
    await older.createQueue(GENERATION_QUEUE, {
      name: GENERATION_QUEUE,
      retryLimit: 0,
      expireInSeconds: 900,
      retentionMinutes: 60,
    });
    await older.stop({ graceful: false, wait: true });

    runner = await createPgBossRunner({
      url: fresh.url,
      concurrency: 0,
      logger: silentLogger,
      retryLimit: 2,
      retryDelaySeconds: 5,
      expireInSeconds: 720,
      run: async () => {},
    });
    db = await openDatabase({ kind: 'postgres', url: fresh.url, max: 1 });
    const [queue] = await queryRows(
      db.db,
      sql`select retry_limit, retry_delay, retry_backoff, expire_seconds, retention_minutes, dead_letter
        from pgboss.queue where name = ${GENERATION_QUEUE}`,
    );
    expect(queue).toEqual({
      retry_limit: 2,
      retry_delay: 5,
      retry_backoff: true,
      expire_seconds: 720,
      // Two weeks: a queued job waits for a worker, it is not dropped for waiting.
      retention_minutes: 14 * 24 * 60,
      dead_letter: DEAD_LETTER_QUEUE,
    });
  }, 30_000);

  it('gives a job’s slot to the next job once it frees it; both are completed in the queue', async () => {
    const started: string[] = [];
    const ends = new Map<string, () => void>();
    runner = await createPgBossRunner({
      url: fresh.url,
      concurrency: 1,
      logger: silentLogger,
      expireInSeconds: 60,
      run: (id, { freeSlot }) =>
        new Promise<void>((end) => {
          started.push(id);
          ends.set(id, end);
          // The first job frees its slot at once (its provider call is over) and keeps storing.
          if (started.length === 1) freeSlot();
        }),
    });
    db = await openDatabase({ kind: 'postgres', url: fresh.url, max: 1 });
    const jobs = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()].map((id) => ({
      id,
      priority: 0,
    }));
    for (const job of jobs) {
      await db.db.transaction((tx) => runner!.add(tx, job));
      runner.enqueue(job);
    }
    // The second runs beside the first; it keeps its slot, so the third waits.
    await waitFor('the second job', async () => (started.length >= 2 ? true : undefined));
    await new Promise((r) => setTimeout(r, 300));
    expect(started).toHaveLength(2);
    expect(await runner.check()).toMatchObject({ running: 2 });

    ends.get(started[0])!();
    ends.get(started[1])!();
    await waitFor('the third job', async () => (started.length === 3 ? true : undefined));
    ends.get(started[2])!();
    await runner.idle();
    expect(new Set(started)).toEqual(new Set(jobs.map((j) => j.id)));
    await waitFor('three completes', async () => {
      const [row] = await queryRows<{ n: number }>(
        db!.db,
        sql`select count(*)::int as n from pgboss.job where name = ${GENERATION_QUEUE} and state = 'completed'`,
      );
      return row.n === 3 ? true : undefined;
    });
  }, 30_000);

  it('moves a job whose handler keeps crashing to the dead-letter queue after its retries', async () => {
    const attempts: string[] = [];
    runner = await createPgBossRunner({
      url: fresh.url,
      concurrency: 1,
      logger: silentLogger,
      retryLimit: 1,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      run: async (id) => {
        attempts.push(id);
        throw new Error('worker crashed');
      },
    });
    const id = crypto.randomUUID();
    db = await openDatabase({ kind: 'postgres', url: fresh.url, max: 1 });
    const job = { id, priority: 0 };
    await db.db.transaction((tx) => runner!.add(tx, job));
    runner.enqueue(job);
    const dead = await waitFor('the dead-letter queue', async () => {
      const [row] = await queryRows<{ data: { id: string } }>(
        db!.db,
        sql`select data from pgboss.job where name = ${DEAD_LETTER_QUEUE} and data->>'id' = ${id}`,
      );
      return row;
    });
    expect(dead.data.id).toBe(id);
    expect(attempts).toEqual([id, id]);
    const [original] = await queryRows<{ state: string; output: { message?: string } }>(
      db.db,
      sql`select state, output from pgboss.job where name = ${GENERATION_QUEUE} and data->>'id' = ${id}`,
    );
    expect(original.state).toBe('failed');
    expect(original.output.message).toBe('worker crashed');
  }, 30_000);

  it('a queue whose fetches fail shows in /api/health and /api/ready until fetching works again', async () => {
    const { app } = await startApp(['ok']);
    const runnerHealth = async () => {
      const body = (await (await app.request('/api/health')).json()) as {
        status: string;
        checks: Record<string, { status: string; message?: string }>;
      };
      return { overall: body.status, ...body.checks.jobRunner };
    };
    expect(await runnerHealth()).toEqual({ overall: 'ok', status: 'ok' });

    // The queue's pool loses its connections and cannot open new ones (the database refuses them).
    const name = new URL(fresh.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: new URL('/postgres', fresh.url).toString() });
    await admin.connect();
    try {
      await admin.query(`alter database ${name} with allow_connections false`);
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'pgboss'`,
        [name],
      );
      const broken = await waitFor('health to show the failing fetches', async () => {
        const health = await runnerHealth();
        return health.status === 'error' ? health : undefined;
      });
      expect(broken.overall).toBe('degraded');
      expect(broken.message).toMatch(/^could not fetch jobs: .+ \(since \d{4}-/);
      const ready = await app.request('/api/ready');
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { failed: string[] }).failed).toContain('jobRunner');
    } finally {
      await admin.query(`alter database ${name} with allow_connections true`);
      await admin.end();
    }
    await waitFor('health to recover', async () =>
      (await runnerHealth()).status === 'ok' ? true : undefined,
    );
  }, 30_000);
});
