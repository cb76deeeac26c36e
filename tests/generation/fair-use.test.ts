// One member cannot fill the queue (issue 35): a member's open jobs are capped per plan, however
// many requests race, and generation requests are rate-limited per member whichever door they use
// (the app or /api/v1 with any of the member's keys).
import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openJobLimit, tooManyOpenJobsMessage } from '../../src/core/queue';
import { generations } from '../../src/server/db/schema';
import { readUsage } from '../../src/server/membership/usage';
import { GENERATION_RATE_LIMIT } from '../../src/server/platform/rate-limit';
import { createKey, enterpriseMember, v1 } from '../helpers/api-keys';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { setTier } from '../helpers/members';
import { insideOneMinuteWindow } from '../helpers/wait';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** No workers: every job stays queued, so the member's open jobs only grow during the test. */
const start = (env: Record<string, string> = {}) =>
  createTestApp({ env: { WORKERS: '0', ...env }, overrides: { background: false } });

/** A generation request from the app, with the member's cookie. */
const generate = (app: TestApp, cookie: string, prompt: string, count = 1) =>
  app.request('/api/generations', { method: 'POST', cookie, json: { prompt, count } });

async function openJobs(app: TestApp, userId: string) {
  const rows = await app.deps.database.db
    .select({ id: generations.id })
    .from(generations)
    .where(and(eq(generations.userId, userId), inArray(generations.status, ['queued', 'running'])));
  return rows.length;
}

describe('open jobs per member', () => {
  it('refuses past the plan’s limit with 429, how many are open and Retry-After, even when requests race', async () => {
    t = await start();
    const app = t;
    const member = await enterpriseMember(app);
    const limit = openJobLimit('enterprise');
    expect(limit).toBe(40);
    // 15 requests of 4 pictures at once: room for 10 of them.
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, n) => generate(app, member.cookie, `a parrot number ${n}`, 4)),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(10).fill(202), ...Array(5).fill(429)]);
    expect(await openJobs(app, member.user.id)).toBe(limit);
    // A refused request reserved nothing.
    expect(await readUsage(app.deps.database.db, member.user.id)).toBe(limit);

    const refused = answers.find((res) => res.status === 429)!;
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({
      error: { code: 'too_many_open_jobs', message: tooManyOpenJobsMessage({ open: 40, limit, retryAfter }) },
    });
    expect(tooManyOpenJobsMessage({ open: 40, limit, retryAfter })).toContain('40 pictures');

    // The API is the same door: the member's key is refused too, another member is not.
    const key = await createKey(app, member);
    const viaApi = await v1(app, key.key, '/generations', { method: 'POST', json: { prompt: 'one more' } });
    expect(viaApi.status).toBe(429);
    expect((await viaApi.json()).error.code).toBe('too_many_open_jobs');
    const other = await signUp(app);
    const theirs = await generate(app, other.cookie, 'a cactus');
    expect(theirs.status).toBe(202);
  }, 60_000);

  it('a Basic member may have 8 open at once, and a finished job makes room', async () => {
    t = await start();
    const app = t;
    const member = await signUp(app);
    await setTier(app, member.user.id, 'basic');
    const limit = openJobLimit('basic');
    const ask = () => generate(app, member.cookie, 'a kite');
    const ids: string[] = [];
    for (let n = 0; n < limit; n++) {
      const res = await ask();
      expect(res.status).toBe(202);
      ids.push(((await res.json()) as { id: string }).id);
    }
    expect((await ask()).status).toBe(429);
    await app.deps.database.db
      .update(generations)
      .set({ status: 'succeeded' })
      .where(eq(generations.id, ids[0]));
    expect((await ask()).status).toBe(202);
  }, 60_000);
});

describe('generation requests per member', () => {
  it('are counted across the app and every API key of the member; over the limit, 429 with Retry-After', async () => {
    t = await start({ RATE_LIMIT: 'true' });
    const app = t;
    await insideOneMinuteWindow(20_000);
    const member = await enterpriseMember(app);
    const first = await createKey(app, member, 'first');
    const limit = GENERATION_RATE_LIMIT.limit;
    expect(limit).toBeLessThanOrEqual(openJobLimit('enterprise'));
    for (let n = 0; n < limit; n++) {
      const res =
        n % 2 === 0
          ? await generate(app, member.cookie, `a fox ${n}`)
          : await v1(app, first.key, '/generations', { method: 'POST', json: { prompt: `a fox ${n}` } });
      expect(res.status).toBe(202);
    }
    const over = await generate(app, member.cookie, 'one fox too many');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await over.json()).error.code).toBe('rate_limited');
    // A new key buys nothing.
    await app.request(`/api/keys/${first.id}`, { method: 'DELETE', cookie: member.cookie });
    const second = await createKey(app, member, 'second');
    const viaNewKey = await v1(app, second.key, '/generations', {
      method: 'POST',
      json: { prompt: 'a fox' },
    });
    expect(viaNewKey.status).toBe(429);
    expect(await openJobs(app, member.user.id)).toBe(limit);

    // Another member has their own allowance.
    const other = await signUp(app);
    const theirs = await generate(app, other.cookie, 'a fox');
    expect(theirs.status).toBe(202);
  }, 90_000);
});
