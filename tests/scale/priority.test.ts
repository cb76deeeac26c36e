import { afterEach, describe, expect, it } from 'vitest';
import { openJobLimit } from '../../src/core/queue';
import type { Tier } from '../../src/core/tiers';
import { openDatabase } from '../../src/server/db/client';
import { generations } from '../../src/server/db/schema';
import type { GenerateImageInput, ImageProvider } from '../../src/server/generation/ports';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { discPng } from '../helpers/fake-provider';
import { setTier } from '../helpers/members';
import { createTestDatabase } from '../helpers/postgres';
import { waitFor } from '../helpers/wait';

const baseUrl = process.env.TEST_DATABASE_URL;

let app: TestApp | undefined;
let fresh: { url: string; drop(): Promise<void> } | undefined;
afterEach(async () => {
  await app?.close();
  await fresh?.drop();
  app = undefined;
  fresh = undefined;
});

/** A provider that records the order in which prompts reach it; the first call waits for `gate`. */
function orderedProvider() {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const order: string[] = [];
  const provider: ImageProvider = {
    name: 'ordered',
    model: 'ordered-1',
    async generateImage(input: GenerateImageInput) {
      order.push(input.userPrompt);
      if (order.length === 1) await gate;
      return { png: await discPng(), provider: 'ordered', model: 'ordered-1', transparent: true } as never;
    },
  };
  return { provider, order, open };
}

async function member(app: TestApp, tier: Tier) {
  const { cookie, user } = await signUp(app);
  await setTier(app, user.id, tier);
  return (prompt: string, count = 1) =>
    app.request('/api/generations', { method: 'POST', cookie, json: { prompt, count } }).then(async (res) => {
      expect(res.status).toBe(202);
      return ((await res.json()) as { variations: Array<{ id: string }> }).variations.map((v) => v.id);
    });
}

async function allSucceeded(app: TestApp, ids: string[]) {
  const db = app.deps.database.db;
  await waitFor('every job to finish', async () => {
    const rows = await db.select().from(generations);
    return rows.filter((r) => ids.includes(r.id) && r.status === 'succeeded').length === ids.length
      ? true
      : undefined;
  });
}

async function showOrder(start: (env: Record<string, string>, provider: ImageProvider) => Promise<TestApp>) {
  const { provider, order, open } = orderedProvider();
  app = await start({ WORKERS: '1' }, provider);
  const free = await member(app, 'free');
  const enterprise = await member(app, 'enterprise');
  // One slot: the first job holds it while the others queue behind it.
  const ids = await free('free one');
  await waitFor('the first job to reach the provider', async () => (order.length === 1 ? true : undefined));
  ids.push(...(await free('free two')), ...(await free('free three')), ...(await enterprise('enterprise')));
  open();
  await allSucceeded(app, ids);
  return order;
}

/**
 * One member asks for as many pictures as their plan lets them have open, four a request (the
 * first holds the one slot), then another member asks for one. Answers the position at which that
 * one reached the provider, and the whole seconds the flood and the single request took.
 */
async function floodThenOne(
  start: (env: Record<string, string>, provider: ImageProvider) => Promise<TestApp>,
  tiers: { flood: Tier; single: Tier },
) {
  const { provider, order, open } = orderedProvider();
  app = await start({ WORKERS: '1' }, provider);
  const flood = await member(app, tiers.flood);
  const single = await member(app, tiers.single);
  const started = Date.now();
  const ids = await flood('flood', 1);
  await waitFor('the first job to reach the provider', async () => (order.length === 1 ? true : undefined));
  const limit = openJobLimit(tiers.flood);
  while (ids.length < limit) ids.push(...(await flood('flood', Math.min(4, limit - ids.length))));
  ids.push(...(await single('single')));
  const seconds = Math.ceil((Date.now() - started) / 1000);
  open();
  await allSucceeded(app, ids);
  expect(order).toHaveLength(openJobLimit(tiers.flood) + 1);
  return { position: order.indexOf('single'), seconds };
}

const inProcess = (env: Record<string, string>, imageProvider: ImageProvider) =>
  createTestApp({ env, overrides: { imageProvider } });

async function onPgBoss(env: Record<string, string>, imageProvider: ImageProvider) {
  fresh = await createTestDatabase(baseUrl!);
  const url = fresh.url;
  return createTestApp({
    env: { ...env, DATABASE_URL: url, JOB_QUEUE: 'pg-boss' },
    overrides: { imageProvider, database: await openDatabase({ kind: 'postgres', url, max: 4 }) },
  });
}

describe('priority rendering for Enterprise', () => {
  it('the in-process runner takes the Enterprise job before earlier queued jobs', async () => {
    const order = await showOrder((env, imageProvider) =>
      createTestApp({ env, overrides: { imageProvider } }),
    );
    expect(order).toEqual(['free one', 'enterprise', 'free two', 'free three']);
  }, 60_000);

  it.skipIf(!baseUrl)(
    'pg-boss takes the Enterprise job before earlier queued jobs',
    async () => {
      const order = await showOrder(onPgBoss);
      expect(order).toEqual(['free one', 'enterprise', 'free two', 'free three']);
    },
    60_000,
  );
});

// The stated bounds (core/queue.ts): a job waits for at most one job of a flood per second the
// flood came before it, plus one, plus Enterprise's 10 s head start; before issue 35 it waited for
// the whole flood (position 40 of 41, or 20 of 21).
describe.each([
  ['the in-process runner', inProcess],
  ...(baseUrl ? [['pg-boss', onPgBoss] as const] : []),
] as const)('a fair queue on %s', (_name, start) => {
  it('a Free job waits for at most 11 jobs of an Enterprise flood of 40 (plus one a second the flood took)', async () => {
    const { position, seconds } = await floodThenOne(start, { flood: 'enterprise', single: 'free' });
    expect(position).toBeLessThanOrEqual(11 + seconds);
    expect(position).toBeLessThan(openJobLimit('enterprise'));
  }, 90_000);

  it('members of equal priority take turns: a Basic job waits for at most one job of a Premium flood (plus one a second)', async () => {
    const { position, seconds } = await floodThenOne(start, { flood: 'premium', single: 'basic' });
    expect(position).toBeLessThanOrEqual(1 + seconds);
    expect(position).toBeLessThan(openJobLimit('premium'));
  }, 90_000);
});
