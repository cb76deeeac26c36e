// Variations (Premium and Enterprise): one request asks for 1–4 pictures of one prompt. Each is its
// own generation with its own seed, job and cost; all are counted and paid for at once or none is.
import { asc, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { GenerationCreated, GenerationStatus } from '../../src/core/api';
import { MESSAGES } from '../../src/core/messages';
import type { Tier } from '../../src/core/tiers';
import { addCredits, getBalance } from '../../src/server/credits/service';
import { creditTransactions, generations } from '../../src/server/db/schema';
import { failGeneration } from '../../src/server/generation/service';
import { readUsage } from '../../src/server/membership/usage';
import { createKey, v1 } from '../helpers/api-keys';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { scriptedProvider } from '../helpers/fake-provider';
import { setMonthUsage, setTier } from '../helpers/members';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setup(provider = scriptedProvider()) {
  t = await createTestApp({ overrides: { imageProvider: provider, background: false } });
  return t;
}

async function member(app: TestApp, tier: Tier, opts: { used?: number; credits?: number } = {}) {
  const signedUp = await signUp(app);
  await setTier(app, signedUp.user.id, tier);
  const db = app.deps.database.db;
  if (opts.used) {
    await setMonthUsage(app, signedUp.user.id, opts.used);
  }
  if (opts.credits) {
    await addCredits(db, {
      userId: signedUp.user.id,
      amount: opts.credits,
      type: 'grant',
      description: 'test',
    });
  }
  return signedUp;
}

const generate = (app: TestApp, cookie: string, body: Record<string, unknown>) =>
  app.request('/api/generations', { method: 'POST', cookie, json: body });

async function statusOf(app: TestApp, cookie: string, id: string): Promise<GenerationStatus> {
  const res = await app.request(`/api/generations/${id}`, { cookie });
  expect(res.status).toBe(200);
  return res.json();
}

const rowsOf = (app: TestApp, userId: string) =>
  app.deps.database.db
    .select()
    .from(generations)
    .where(eq(generations.userId, userId))
    .orderBy(asc(generations.createdAt));

describe('variations', () => {
  it('a Premium member asks for 4: 4 pictures with their own seeds, all counted, all finished', async () => {
    const app = await setup();
    const { cookie, user } = await member(app, 'premium');
    const res = await generate(app, cookie, { prompt: 'a happy cactus', count: 4 });
    expect(res.status).toBe(202);
    const created: GenerationCreated = await res.json();
    expect(created.variations).toHaveLength(4);
    expect(created).toMatchObject({ id: created.variations[0].id, status: 'queued', cost: 0, totalCost: 0 });
    expect(new Set(created.variations.map((v) => v.id)).size).toBe(4);
    expect(await readUsage(app.deps.database.db, user.id)).toBe(4);

    const rows = await rowsOf(app, user.id);
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.batchId))).toEqual(new Set([created.batchId]));
    expect(new Set(rows.map((r) => r.seed)).size).toBe(4);
    // The composer takes a picture's facing and side from a seed's two low bits: all four differ.
    expect(new Set(rows.map((r) => r.seed % 4))).toEqual(new Set([0, 1, 2, 3]));

    await app.deps.jobs.idle();
    const done = await Promise.all(created.variations.map((v) => statusOf(app, cookie, v.id)));
    expect(done.map((d) => d.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    expect(new Set(done.map((d) => d.image?.id)).size).toBe(4);
    // History lists each picture as its own entry.
    const history = await (await app.request('/api/history', { cookie })).json();
    expect(history.total).toBe(4);
    expect(await readUsage(app.deps.database.db, user.id)).toBe(4);
  });

  it('refuses more than 1 picture to Free and Basic members with 403 naming Premium; nothing counted', async () => {
    const app = await setup();
    for (const tier of ['free', 'basic'] as const) {
      const { cookie, user } = await member(app, tier, { credits: 5 });
      const res = await generate(app, cookie, { prompt: 'a fox', count: 2 });
      expect(res.status).toBe(403);
      const body = await res.json();
      expect(body).toEqual({
        error: { code: 'variations_need_premium', message: MESSAGES.variationsNeedPremium },
      });
      expect(body.error.message).toContain('Premium plan');
      expect(await readUsage(app.deps.database.db, user.id)).toBe(0);
      expect(await getBalance(app.deps.database.db, user.id)).toBe(5);
      expect(await rowsOf(app, user.id)).toHaveLength(0);
      // One picture is still theirs to ask for.
      expect((await generate(app, cookie, { prompt: 'a fox', count: 1 })).status).toBe(202);
    }
  });

  it('answers 400 for a count outside 1–4', async () => {
    const app = await setup();
    const { cookie } = await member(app, 'premium');
    for (const count of [0, 5, 2.5, 'two']) {
      const res = await generate(app, cookie, { prompt: 'a fox', count });
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe('Ask for 1 to 4 pictures');
    }
  });

  it('all or nothing: at 98 of 100 with no credits, 4 are refused with how many fit, and nothing is counted', async () => {
    const app = await setup();
    const { cookie, user } = await member(app, 'premium', { used: 98 });
    const res = await generate(app, cookie, { prompt: 'a fox', count: 4 });
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({
      error: {
        code: 'variations_do_not_fit',
        message: 'You can make 2 more images this month — ask for 2 or fewer, or buy credits.',
      },
    });
    expect(await readUsage(app.deps.database.db, user.id)).toBe(98);
    expect(await rowsOf(app, user.id)).toHaveLength(0);

    const two = await generate(app, cookie, { prompt: 'a fox', count: 2 });
    expect(two.status).toBe(202);
    expect(await readUsage(app.deps.database.db, user.id)).toBe(100);
  });

  it('past the limit each extra picture uses its own credit', async () => {
    const app = await setup();
    const { cookie, user } = await member(app, 'premium', { used: 98, credits: 5 });
    const res = await generate(app, cookie, { prompt: 'a fox', count: 4 });
    expect(res.status).toBe(202);
    const created: GenerationCreated = await res.json();
    expect(created.variations.map((v) => v.cost)).toEqual([0, 0, 1, 1]);
    expect(created.totalCost).toBe(2);
    const db = app.deps.database.db;
    expect(await getBalance(db, user.id)).toBe(3);
    expect(await readUsage(db, user.id)).toBe(102);
    const spends = await db.select().from(creditTransactions).where(eq(creditTransactions.type, 'spend'));
    expect(spends.map((s) => [s.referenceId, s.amount]).sort()).toEqual(
      [
        [created.variations[2].id, -1],
        [created.variations[3].id, -1],
      ].sort(),
    );
  });

  it('concurrent requests of one member never spend more than the month allows', async () => {
    const app = await setup();
    const { cookie, user } = await member(app, 'premium', { used: 96 });
    const results = await Promise.all(
      [0, 1, 2].map(async () => (await generate(app, cookie, { prompt: 'a fox', count: 4 })).status),
    );
    expect(results.sort()).toEqual([202, 402, 402]);
    expect(await readUsage(app.deps.database.db, user.id)).toBe(100);
    expect(await rowsOf(app, user.id)).toHaveLength(4);
  });

  it('one of 4 fails: only that picture is refunded, once', async () => {
    const provider = scriptedProvider(['ok', new Error('socket hang up'), 'ok']);
    const app = await setup(provider);
    const { cookie, user } = await member(app, 'premium', { used: 100, credits: 4 });
    const created: GenerationCreated = await (
      await generate(app, cookie, { prompt: 'a fox', count: 4 })
    ).json();
    expect(created.totalCost).toBe(4);
    await app.deps.jobs.idle();
    const done = await Promise.all(created.variations.map((v) => statusOf(app, cookie, v.id)));
    const failed = done.filter((d) => d.status === 'failed');
    expect(failed).toHaveLength(1);
    expect(done.filter((d) => d.status === 'succeeded')).toHaveLength(3);

    const db = app.deps.database.db;
    expect(await getBalance(db, user.id)).toBe(1);
    expect(await readUsage(db, user.id)).toBe(103);
    const ids = created.variations.map((v) => v.id);
    const refunds = await db
      .select()
      .from(creditTransactions)
      .where(inArray(creditTransactions.referenceId, ids));
    expect(refunds.filter((r) => r.type === 'refund').map((r) => [r.referenceId, r.amount])).toEqual([
      [failed[0].id, 1],
    ]);
    // Failing it again (a sweeper, a second worker) changes nothing.
    const deps = { db, events: app.deps.events, logger: app.deps.logger };
    expect(await failGeneration(deps, { id: failed[0].id, message: 'again' })).toBe(false);
    expect(await getBalance(db, user.id)).toBe(1);
    expect(await readUsage(db, user.id)).toBe(103);
  });

  it('/api/v1 takes count too, and each picture is read by its own id', async () => {
    const app = await setup();
    const owner = await member(app, 'enterprise');
    const { key } = await createKey(app, owner);
    const res = await v1(app, key, '/generations', { method: 'POST', json: { prompt: 'a kite', count: 3 } });
    expect(res.status).toBe(202);
    const created: GenerationCreated = await res.json();
    expect(created.variations).toHaveLength(3);
    expect(created.id).toBe(created.variations[0].id);
    await app.deps.jobs.idle();
    for (const { id } of created.variations) {
      const status = await (await v1(app, key, `/generations/${id}`)).json();
      expect(status).toMatchObject({ id, status: 'succeeded' });
    }
    expect(await readUsage(app.deps.database.db, owner.user.id)).toBe(3);
  });
});
