// Work is never thrown away: a backlog waits its turn however long it is, and only a job whose
// worker stopped while running is retried or failed. The in-process runner always runs; the
// pg-boss half runs when TEST_DATABASE_URL is set (CI sets it).
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { addCredits, getBalance } from '../../src/server/credits/service';
import { openDatabase, queryRows } from '../../src/server/db/client';
import { generations } from '../../src/server/db/schema';
import { EXPIRED_MESSAGE, STUCK_MESSAGE, sweepStuckGenerations } from '../../src/server/generation/service';
import type { RuntimeOverrides } from '../../src/server/runtime';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { scriptedProvider } from '../helpers/fake-provider';
import { setTier } from '../helpers/members';
import { createTestDatabase } from '../helpers/postgres';
import { waitFor } from '../helpers/wait';

const baseUrl = process.env.TEST_DATABASE_URL;

const apps: TestApp[] = [];
let fresh: { url: string; drop(): Promise<void> } | undefined;
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  await fresh?.drop();
  fresh = undefined;
});

async function start(env: Record<string, string>, overrides: RuntimeOverrides = {}) {
  const app = await createTestApp({ env, overrides });
  apps.push(app);
  return app;
}

/** An Enterprise member (no monthly limit) who submits `count` generations at once. */
async function submitBacklog(app: TestApp, count: number) {
  const { cookie, user } = await signUp(app);
  await setTier(app, user.id, 'enterprise');
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await app.request('/api/generations', {
      method: 'POST',
      cookie,
      json: { prompt: `backlog picture ${i}` },
    });
    expect(res.status).toBe(202);
    ids.push(((await res.json()) as { id: string }).id);
  }
  return { ids, user };
}

async function statuses(app: TestApp, ids: string[]) {
  const rows = await app.deps.database.db.select().from(generations);
  return ids.map((id) => rows.find((r) => r.id === id)?.status);
}

/** One slot, a provider taking 800 ms, six jobs: the last waits about 4 s, twice the stale period. */
const BACKLOG_ENV = { WORKERS: '1', JOB_STALE_AFTER_SECONDS: '2', SWEEP_INTERVAL_SECONDS: '1' };

describe('a backlog longer than JOB_STALE_AFTER_SECONDS', () => {
  it('waits its turn on the in-process runner and every job succeeds', async () => {
    const app = await start(BACKLOG_ENV, { imageProvider: scriptedProvider([{ delayMs: 800 }]) });
    const { ids } = await submitBacklog(app, 6);
    await waitFor('the backlog to drain', async () => {
      const now = await statuses(app, ids);
      return now.every((s) => s === 'succeeded' || s === 'failed') ? now : undefined;
    });
    expect(await statuses(app, ids)).toEqual(ids.map(() => 'succeeded'));
  }, 60_000);

  it('the sweeper leaves a queued job alone however old, and fails a running one whose heartbeat stopped', async () => {
    const app = await start({ WORKERS: '0' });
    const { ids } = await submitBacklog(app, 2);
    const db = app.deps.database.db;
    const [waiting, crashed] = ids;
    await db
      .update(generations)
      .set({ updatedAt: sql`now() - interval '1 day'`, createdAt: sql`now() - interval '1 day'` })
      .where(eq(generations.id, waiting));
    await db
      .update(generations)
      .set({ status: 'running', attempts: 1, updatedAt: sql`now() - interval '10 minutes'` })
      .where(eq(generations.id, crashed));
    const deps = { db, events: app.deps.events, logger: app.deps.logger };
    expect(await sweepStuckGenerations(deps)).toBe(1);
    expect(await statuses(app, ids)).toEqual(['queued', 'failed']);
  });
});

describe.skipIf(!baseUrl)('on pg-boss', () => {
  async function startOnPostgres(env: Record<string, string>, overrides: RuntimeOverrides = {}) {
    fresh ??= await createTestDatabase(baseUrl!);
    return start(
      { DATABASE_URL: fresh.url, JOB_QUEUE: 'pg-boss', ...env },
      {
        // The app's data and pg-boss's queue in the same database, as in production.
        database: await openDatabase({ kind: 'postgres', url: fresh.url, max: 4 }),
        ...overrides,
      },
    );
  }

  it('a backlog longer than JOB_STALE_AFTER_SECONDS waits its turn and every job succeeds', async () => {
    const app = await startOnPostgres(BACKLOG_ENV, {
      imageProvider: scriptedProvider([{ delayMs: 800 }]),
    });
    const { ids } = await submitBacklog(app, 6);
    await waitFor('the backlog to drain', async () => {
      const now = await statuses(app, ids);
      return now.every((s) => s === 'succeeded' || s === 'failed') ? now : undefined;
    });
    expect(await statuses(app, ids)).toEqual(ids.map(() => 'succeeded'));
  }, 60_000);

  /** Leaves the job as a worker that died mid-run would: active in pg-boss long ago, running here. */
  async function dieMidRun(app: TestApp, id: string, attempts: number) {
    const db = app.deps.database.db;
    await waitFor('the job in pg-boss', async () => {
      const rows = await queryRows(db, sql`select 1 from pgboss.job where data->>'id' = ${id}`);
      return rows.length > 0 ? true : undefined;
    });
    await db.execute(
      sql`update pgboss.job set state = 'active', started_on = now() - interval '1 hour' where data->>'id' = ${id}`,
    );
    await db
      .update(generations)
      .set({ status: 'running', attempts, startedAt: sql`now() - interval '1 hour'` })
      .where(eq(generations.id, id));
  }

  const quickExpiry = { jobExpiry: { expireInSeconds: 60, maintenanceIntervalSeconds: 1 } };

  it("brings back a job whose worker stopped while running, through pg-boss's expiry, and finishes it", async () => {
    const web = await startOnPostgres({ WORKERS: '0' });
    const { ids } = await submitBacklog(web, 1);
    await dieMidRun(web, ids[0], 1);

    const provider = scriptedProvider(['ok']);
    const worker = await startOnPostgres({ WORKERS: '1' }, { imageProvider: provider, ...quickExpiry });
    const job = await waitFor('the job to settle', async () => {
      const [row] = await worker.deps.database.db
        .select()
        .from(generations)
        .where(eq(generations.id, ids[0]));
      return row.status === 'succeeded' || row.status === 'failed' ? row : undefined;
    });
    expect(job.status).toBe('succeeded');
    // The stopped worker's call counts: this was the second.
    expect(job.attempts).toBe(2);
    expect(provider.calls).toBe(1);
  }, 60_000);

  it('fails and refunds, once, a queued job pg-boss archived after its retention', async () => {
    // The web process runs pg-boss's maintenance (archiving) but no jobs.
    const web = await startOnPostgres({ WORKERS: '0' }, quickExpiry);
    const db = web.deps.database.db;
    const { cookie, user } = await signUp(web);
    await addCredits(db, { userId: user.id, amount: 1, type: 'grant', description: 'test' });
    const res = await web.request('/api/generations', {
      method: 'POST',
      cookie,
      json: { prompt: 'a forgotten lighthouse', quality: 'high' },
    });
    const { id, cost } = (await res.json()) as { id: string; cost: number };
    expect(cost).toBe(1);
    expect(await getBalance(db, user.id)).toBe(0);
    // Fourteen days without a worker, as pg-boss sees it: its maintenance archives the entry.
    await db.execute(
      sql`update pgboss.job set keep_until = now() - interval '1 minute' where data->>'id' = ${id}`,
    );
    await waitFor('pg-boss to archive the entry', async () => {
      const rows = await queryRows(db, sql`select 1 from pgboss.archive where data->>'id' = ${id}`);
      return rows.length > 0 ? true : undefined;
    });

    // Two workers start and sweep at once: the job fails, the credit and the month's picture come back once.
    const provider = scriptedProvider(['ok']);
    await Promise.all([
      startOnPostgres({ WORKERS: '1' }, { imageProvider: provider }),
      startOnPostgres({ WORKERS: '1' }, { imageProvider: provider }),
    ]);
    const [job] = await db.select().from(generations).where(eq(generations.id, id));
    expect(job.status).toBe('failed');
    expect(job.error).toBe(EXPIRED_MESSAGE);
    expect(provider.calls).toBe(0);
    expect(await getBalance(db, user.id)).toBe(1);
    const refunds = await queryRows(
      db,
      sql`select 1 from credit_transactions where reference_id = ${id} and type = 'refund'`,
    );
    expect(refunds).toHaveLength(1);
    const usage = await queryRows<{ count: number }>(
      db,
      sql`select count from image_usage where user_id = ${user.id}`,
    );
    expect(usage.map((u) => u.count)).toEqual([0]);
  }, 60_000);

  it('fails and refunds, once, a job whose worker stopped after its last attempt', async () => {
    const web = await startOnPostgres({ WORKERS: '0' });
    const { cookie, user } = await signUp(web);
    await addCredits(web.deps.database.db, {
      userId: user.id,
      amount: 1,
      type: 'grant',
      description: 'test',
    });
    const res = await web.request('/api/generations', {
      method: 'POST',
      cookie,
      json: { prompt: 'a lighthouse', quality: 'high' },
    });
    const { id } = (await res.json()) as { id: string };
    await dieMidRun(web, id, 3);

    const provider = scriptedProvider(['ok']);
    const worker = await startOnPostgres({ WORKERS: '1' }, { imageProvider: provider, ...quickExpiry });
    const job = await waitFor('the job to settle', async () => {
      const [row] = await worker.deps.database.db.select().from(generations).where(eq(generations.id, id));
      return row.status === 'failed' ? row : undefined;
    });
    expect(job.error).toBe(STUCK_MESSAGE);
    expect(provider.calls).toBe(0);
    expect(await getBalance(worker.deps.database.db, user.id)).toBe(1);
  }, 60_000);
});
