// The app with the real OpenAI adapters against the fake OpenAI server: a generation never makes
// more image calls than the attempts it shows the person, its deadline cancels the call in flight,
// and the operator sees retiring and gone models and a failing vision check in the health JSON.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationStatus } from '../../src/core/api';
import { addCredits, getBalance } from '../../src/server/credits/service';
import { generations } from '../../src/server/db/schema';
import { TIMED_OUT_MESSAGE } from '../../src/server/generation/service';
import type { RuntimeOverrides } from '../../src/server/runtime';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { type FakeOpenAI, makeImage, quotaError, startFakeOpenAI } from '../helpers/fake-openai';
import { waitFor } from '../helpers/wait';

let fake: FakeOpenAI;
let app: TestApp | undefined;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(async () => {
  await fake.close();
});
afterEach(async () => {
  await app?.close();
  app = undefined;
  expect(fake.unknown.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  fake.reset();
});

async function start(env: Record<string, string> = {}, overrides: RuntimeOverrides = {}) {
  app = await createTestApp({
    env: { OPENAI_API_KEY: 'sk-test-key', OPENAI_BASE_URL: fake.url, ...env },
    overrides: { validationPauseMs: 5, jobRetry: { limit: 3, delaySeconds: 0.05 }, ...overrides },
  });
  return app;
}

/** A member with one credit asks for a Triple Validation picture (1 credit) and waits for the end. */
async function generateChecked(app: TestApp) {
  const { cookie, user } = await signUp(app);
  await addCredits(app.deps.database.db, { userId: user.id, amount: 1, type: 'grant', description: 'test' });
  const res = await app.request('/api/generations', {
    method: 'POST',
    cookie,
    json: { prompt: 'a lighthouse', quality: 'high' },
  });
  expect(res.status).toBe(202);
  const { id } = (await res.json()) as { id: string };
  const status = await waitFor(
    'the job to settle',
    async () => {
      const body = (await (
        await app.request(`/api/generations/${id}`, { cookie })
      ).json()) as GenerationStatus;
      return body.status === 'succeeded' || body.status === 'failed' ? body : undefined;
    },
    60_000,
  );
  return { id, status, user };
}

describe('image calls per generation', () => {
  it('every call that times out is an attempt the person sees: 3 at most, then failed and refunded', async () => {
    // Each image call gives up after 1 s; the fake would answer after 5 s.
    const app = await start({ OPENAI_TIMEOUT_MS: '1000' });
    for (let i = 0; i < 6; i++) fake.script('images', { image: 'b64', delayMs: 5_000 });
    const { status, user } = await generateChecked(app);

    expect(status).toMatchObject({ status: 'failed', attempts: 3 });
    // Before: the SDK retried each timeout and the calls were not counted (up to 8 billed calls).
    expect(fake.calls('images')).toHaveLength(3);
    // The fake hears the last hang-up a moment after the job has settled.
    await expect.poll(() => fake.aborted.filter((r) => r.path === '/v1/images/generations').length).toBe(3);
    expect(await getBalance(app.deps.database.db, user.id)).toBe(1);
  }, 90_000);

  it('a rate-limited call waits as the 429 asks and keeps its attempt: 429, NO, NO, YES is three attempts', async () => {
    const app = await start();
    fake.script('images', { status: 429, headers: { 'retry-after-ms': '', 'retry-after': '1' } });
    fake.script('responses', { answer: 'NO' }, { answer: 'NO' });
    const started = Date.now();
    const { status } = await generateChecked(app);

    // Before: the 429 went back to the queue's 2 s / 4 s back-off and used one of the three attempts.
    expect(status).toMatchObject({ status: 'succeeded', attempts: 3 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(fake.calls('images')).toHaveLength(4);
    expect(fake.calls('responses')).toHaveLength(3);
  }, 90_000);

  it('an exhausted quota fails the job at once and refunds it; health then warns with the reason', async () => {
    const app = await start();
    for (let i = 0; i < 3; i++) fake.script('images', quotaError('credit_balance_exhausted'));
    const { status, user } = await generateChecked(app);
    expect(status).toMatchObject({ status: 'failed', attempts: 1 });
    expect(fake.calls('images')).toHaveLength(1);
    expect(await getBalance(app.deps.database.db, user.id)).toBe(1);

    const input = { prompt: 'p', userPrompt: 'p', theme: 'default', quality: 'low', seed: 1 } as const;
    for (let i = 0; i < 2; i++) await expect(app.deps.imageProvider.generateImage(input)).rejects.toThrow();
    const ready = await app.request('/api/ready');
    const body = await ready.json();
    // A warning, not a 503: every process has the same key, taking them all out helps no one.
    expect(ready.status).toBe(200);
    expect(body.checks.imageProvider).toMatchObject({
      status: 'warn',
      message: expect.stringContaining('429 credit_balance_exhausted'),
    });
    expect((await (await app.request('/api/health')).json()).status).toBe('degraded');
  }, 60_000);

  it('a vision check refused three times in a row (400) fails the Triple Validation job and refunds it', async () => {
    const app = await start();
    const refusal = { status: 400, error: { code: 'unsupported_value', param: 'reasoning.effort' } };
    fake.script('responses', refusal, refusal, refusal);
    const png = await makeImage();
    for (let i = 0; i < 2; i++) await app.deps.imageCheck.check({ png, prompt: 'a fox' });
    const { status, user } = await generateChecked(app);

    // Before: the picture shipped as checked although no check could run.
    expect(status).toMatchObject({ status: 'failed', attempts: 1 });
    expect(fake.calls('images')).toHaveLength(1);
    expect(await getBalance(app.deps.database.db, user.id)).toBe(1);
  }, 60_000);

  it('the job’s deadline cancels the image call in flight, and the job fails and is refunded', async () => {
    const app = await start({ OPENAI_TIMEOUT_MS: '60000' }, { jobTimeoutMs: 1500 });
    fake.script('images', { image: 'b64', delayMs: 20_000 });
    const started = Date.now();
    const { id, status, user } = await generateChecked(app);

    expect(status).toMatchObject({ status: 'failed', error: TIMED_OUT_MESSAGE, attempts: 1 });
    expect(Date.now() - started).toBeLessThan(15_000);
    await waitFor('the fake to see the call cancelled', async () =>
      fake.aborted.length > 0 ? true : undefined,
    );
    expect(fake.calls('images')).toHaveLength(1);
    expect(await getBalance(app.deps.database.db, user.id)).toBe(1);
    const [row] = await app.deps.database.db.select().from(generations).where(eq(generations.id, id));
    expect(row.status).toBe('failed');
  }, 60_000);
});

describe('the operator’s view in /api/health', () => {
  it('shows a retiring vision model and a gone image model', async () => {
    fake.setModel('gpt-5-mini', { shutdownDate: '2099-12-11' });
    fake.setModel('gpt-image-1.5', 'gone');
    const app = await start({ OPENAI_VISION_MODEL: 'gpt-5-mini', OPENAI_IMAGE_MODEL: 'gpt-image-1.5' });
    const health = await waitFor('the watch to have asked', async () => {
      const body = await (await app.request('/api/health')).json();
      return body.checks.openaiModels.models.length === 4 ? body : undefined;
    });
    expect(health.status).toBe('degraded');
    expect(health.checks.openaiModels).toMatchObject({
      status: 'error',
      message: expect.stringContaining('gpt-image-1.5 (image) is gone'),
    });
    const byId = Object.fromEntries(
      (health.checks.openaiModels.models as Array<{ id: string }>).map((m) => [m.id, m]),
    );
    expect(byId['gpt-image-1.5']).toMatchObject({
      use: 'image',
      state: 'gone',
      replacement: expect.any(String),
    });
    expect(byId['gpt-5-mini']).toMatchObject({
      use: 'vision',
      state: 'retiring',
      shutdownDate: '2099-12-11',
    });
    expect(byId['omni-moderation-latest']).toMatchObject({ state: 'active' });
    // Suggest's model (default gpt-6.1-terra) is watched like the others.
    expect(byId['gpt-6.1-terra']).toMatchObject({ use: 'suggest', state: 'active' });
  });

  it('shows the vision check degraded after three errors in a row', async () => {
    const app = await start();
    // The check's SDK client retries once: six failed calls are three failed checks.
    for (let i = 0; i < 6; i++) fake.script('responses', { status: 500 });
    const png = await makeImage();
    for (let i = 0; i < 3; i++) await app.deps.imageCheck.check({ png, prompt: 'a fox' });
    const health = await (await app.request('/api/health')).json();
    expect(health.checks.imageCheck).toMatchObject({
      status: 'error',
      errorsInARow: 3,
      model: 'gpt-6.1-terra',
    });
  });
});
