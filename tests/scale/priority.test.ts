// Enterprise's priority rendering: with a queue waiting, an Enterprise member's job is taken
// before other members' jobs that were queued earlier, on the in-process runner and on pg-boss
// (the pg-boss half runs when TEST_DATABASE_URL is set, as in CI).
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { generations, memberships } from '../../src/server/db/schema';
import type { GenerateImageInput, ImageProvider } from '../../src/server/generation/ports';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { discPng } from '../helpers/fake-provider';
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

async function member(app: TestApp, tier: 'free' | 'enterprise') {
  const { cookie, user } = await signUp(app);
  await app.deps.database.db.update(memberships).set({ tier }).where(eq(memberships.userId, user.id));
  return (prompt: string) =>
    app.request('/api/generations', { method: 'POST', cookie, json: { prompt } }).then(async (res) => {
      expect(res.status).toBe(202);
      return ((await res.json()) as { id: string }).id;
    });
}

async function showOrder(start: (env: Record<string, string>, provider: ImageProvider) => Promise<TestApp>) {
  const { provider, order, open } = orderedProvider();
  app = await start({ WORKERS: '1' }, provider);
  const free = await member(app, 'free');
  const enterprise = await member(app, 'enterprise');
  // One slot: the first job holds it while the others queue behind it.
  const ids = [await free('free one')];
  await waitFor('the first job to reach the provider', async () => (order.length === 1 ? true : undefined));
  ids.push(await free('free two'), await free('free three'), await enterprise('enterprise'));
  open();
  const db = app.deps.database.db;
  await waitFor('every job to finish', async () => {
    const rows = await db.select().from(generations);
    return rows.filter((r) => ids.includes(r.id) && r.status === 'succeeded').length === 4 ? true : undefined;
  });
  return order;
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
      fresh = await createTestDatabase(baseUrl!);
      const url = fresh.url;
      const order = await showOrder(async (env, imageProvider) =>
        createTestApp({
          env: { ...env, DATABASE_URL: url, JOB_QUEUE: 'pg-boss' },
          overrides: { imageProvider, database: await openDatabase({ kind: 'postgres', url, max: 4 }) },
        }),
      );
      expect(order).toEqual(['free one', 'enterprise', 'free two', 'free three']);
    },
    60_000,
  );
});
