import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { GenerationStatus } from '../../src/core/api';
import { MESSAGES } from '../../src/core/messages';
import { buildClipartPrompt } from '../../src/core/prompt';
import { photoLikePng } from '../../src/imaging/test-fixtures';
import { addCredits, getBalance } from '../../src/server/credits/service';
import { creditTransactions, generations } from '../../src/server/db/schema';
import { ProviderError } from '../../src/server/generation/ports';
import { STUCK_MESSAGE, sweepStuckGenerations } from '../../src/server/generation/service';
import { createThumbnailQueue } from '../../src/server/image-files/thumbnails';
import { silentLogger } from '../../src/server/logger';
import { readUsage } from '../../src/server/membership/usage';
import type { RuntimeOverrides } from '../../src/server/runtime';
import { createLocalStorage } from '../../src/server/storage/local';
import { imageKeys } from '../../src/server/storage/storage';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { scriptedCheck, scriptedProvider } from '../helpers/fake-provider';
import { captureLog } from '../helpers/log';
import { setMonthUsage, setTier } from '../helpers/members';
import { waitFor } from '../helpers/wait';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setup(opts: RuntimeOverrides = {}, env: Record<string, string> = {}) {
  t = await createTestApp({
    env,
    overrides: { imageProvider: scriptedProvider(), validationPauseMs: 5, background: false, ...opts },
  });
  return t;
}

async function generate(app: TestApp, cookie: string, body: Record<string, unknown>) {
  return app.request('/api/generations', { method: 'POST', cookie, json: body });
}

async function finished(app: TestApp, cookie: string, id: string): Promise<GenerationStatus> {
  await app.deps.jobs.idle();
  const res = await app.request(`/api/generations/${id}`, { cookie });
  expect(res.status).toBe(200);
  return res.json();
}

async function grant(app: TestApp, userId: string, amount: number) {
  await addCredits(app.deps.database.db, { userId, amount, type: 'grant', description: 'test grant' });
}

describe('POST /api/generations', () => {
  it('refuses signed-out requests with 401', async () => {
    const app = await setup();
    const res = await generate(app, '', { prompt: 'a cat' });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('unauthorized');
  });

  it.each([
    [{ prompt: '   ' }, 'Please enter a description'],
    [{ prompt: 'x'.repeat(1001) }, 'Your description is too long'],
    [{ prompt: 'a cat', theme: 'neon' }, 'theme'],
  ])('answers 400 for %#', async (body, message) => {
    const app = await setup();
    const { cookie } = await signUp(app);
    const res = await generate(app, cookie, body);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toContain(message);
  });

  it('refuses premium options without a credit with the exact message and reserves nothing', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app);
    const res = await generate(app, cookie, { prompt: 'a cat', theme: 'comic' });
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({
      error: { code: 'premium_requires_credit', message: 'You need 1 credit to use premium features' },
    });
    expect(await readUsage(app.deps.database.db, user.id)).toBe(0);
  });

  it('refuses a member of any plan at the limit without credits; R3: a credit buys one more', async () => {
    const app = await setup();
    const free = await signUp(app);
    await setMonthUsage(app, free.user.id, 3);
    let res = await generate(app, free.cookie, { prompt: 'a cat' });
    expect(res.status).toBe(402);
    expect((await res.json()).error.message).toBe(
      "You've reached your monthly limit of 3 images. Upgrade your plan or purchase credits to generate more.",
    );

    const paid = await signUp(app);
    await setTier(app, paid.user.id, 'basic');
    await setMonthUsage(app, paid.user.id, 30);
    res = await generate(app, paid.cookie, { prompt: 'a cat' });
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({
      error: {
        code: 'monthly_limit_reached',
        message:
          "You've reached your monthly limit of 30 images. Upgrade your plan or purchase credits to generate more.",
      },
    });
    expect(await readUsage(app.deps.database.db, paid.user.id)).toBe(30);

    await grant(app, paid.user.id, 5);
    res = await generate(app, paid.cookie, { prompt: 'a cat' });
    expect(res.status).toBe(202);
    expect((await res.json()).cost).toBe(1);
    expect(await getBalance(app.deps.database.db, paid.user.id)).toBe(4);
    expect(await readUsage(app.deps.database.db, paid.user.id)).toBe(31);
  });

  it('keeps the prompt as typed for people to read and gives the provider the cleaned one', async () => {
    const provider = scriptedProvider();
    const app = await setup({ imageProvider: provider });
    const { cookie } = await signUp(app);
    const typed = 'A lighthouse on a white background, waves';
    const res = await generate(app, cookie, { prompt: `  ${typed} ` });
    expect(res.status).toBe(202);
    const done = await finished(app, cookie, (await res.json()).id);
    expect(done.status).toBe('succeeded');

    // The provider and the image check get the prompt without its background talk.
    expect(provider.inputs).toHaveLength(1);
    expect(provider.inputs[0].userPrompt).toBe('A lighthouse, waves');
    expect(provider.inputs[0].prompt).toBe(buildClipartPrompt('A lighthouse, waves', 'default'));
    const [job] = await app.deps.database.db.select().from(generations);
    expect([job.prompt, job.cleanedPrompt]).toEqual([typed, 'A lighthouse, waves']);

    // Everywhere a person reads it — the result, history, Explore, the share page — it is as typed.
    expect(done.image?.prompt).toBe(typed);
    const history = await (await app.request('/api/history', { cookie })).json();
    expect(history.items[0].prompt).toBe(typed);
    const gallery = await (await app.request('/api/gallery?q=lighthouse', { cookie })).json();
    expect(gallery.items.map((i: { prompt: string }) => i.prompt)).toEqual([typed]);
    const share = await (await app.request(`/api/share/${done.image!.id}`)).json();
    expect(share.prompt).toBe(typed);
  });

  it('accepts with 202, runs the job and serves the stored image and thumbnail', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app);
    const res = await generate(app, cookie, { prompt: 'a happy cat on a white background' });
    expect(res.status).toBe(202);
    const created = await res.json();
    expect(created).toEqual({
      id: expect.any(String),
      status: 'queued',
      cost: 0,
      batchId: expect.any(String),
      variations: [{ id: created.id, status: 'queued', cost: 0 }],
      totalCost: 0,
    });
    expect(await readUsage(app.deps.database.db, user.id)).toBe(1);

    const done = await finished(app, cookie, created.id);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 1, cost: 0 });
    expect(done.image).toMatchObject({
      width: 1024,
      height: 1024,
      privacy: 'public',
      prompt: 'a happy cat on a white background',
      theme: 'default',
    });

    const png = await app.request(done.image!.url);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('cache-control')).toBe('public, max-age=600');
    const etag = png.headers.get('etag');
    expect(etag).toBeTruthy();
    const meta = await sharp(Buffer.from(await png.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 1024, 1024, true]);
    expect((await app.request(done.image!.url, { headers: { 'if-none-match': etag! } })).status).toBe(304);

    const thumb = await app.request(done.image!.thumbUrl);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const tmeta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([tmeta.format, tmeta.width]).toEqual(['webp', 512]);
  });

  it('charges 1 credit for premium options and lets a free member past the limit for 1 credit', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app);
    await grant(app, user.id, 2);
    let res = await generate(app, cookie, {
      prompt: 'a dog',
      theme: 'watercolor',
      privacy: 'private',
      quality: 'high',
    });
    expect(res.status).toBe(202);
    expect((await res.json()).cost).toBe(1);
    expect(await getBalance(app.deps.database.db, user.id)).toBe(1);

    await setMonthUsage(app, user.id, 3);
    res = await generate(app, cookie, { prompt: 'a dog', theme: 'comic' });
    expect(res.status).toBe(202);
    expect((await res.json()).cost).toBe(1);
    expect(await getBalance(app.deps.database.db, user.id)).toBe(0);
    const spends = await app.deps.database.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, user.id));
    expect(spends.filter((s) => s.type === 'spend').map((s) => [s.amount, s.description])).toEqual([
      [-1, 'a dog'],
      [-1, 'a dog'],
    ]);
  });

  it('lets exactly one of 20 concurrent over-limit requests through on a balance of 1', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app);
    await grant(app, user.id, 1);
    await setMonthUsage(app, user.id, 3);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        generate(app, cookie, { prompt: 'a fox' }).then(async (r) => ({
          status: r.status,
          body: await r.json(),
        })),
      ),
    );
    expect(results.filter((r) => r.status === 202)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 402);
    expect(refused).toHaveLength(19);
    // Those that lost the race are told what the balance now says: the month is used up.
    expect(new Set(refused.map((r) => r.body.error.message))).toEqual(new Set([MESSAGES.limitReached(3)]));
    expect(await getBalance(app.deps.database.db, user.id)).toBe(0);
    expect(await readUsage(app.deps.database.db, user.id)).toBe(4);
  });
});

describe('failures refund exactly once', () => {
  it('refunds the credit and releases the usage when the provider fails', async () => {
    const provider = scriptedProvider([
      new ProviderError({
        code: 'busy',
        userMessage: 'The image service is busy, please try again in a minute',
        transient: true,
      }),
    ]);
    const app = await setup({ imageProvider: provider });
    const { cookie, user } = await signUp(app);
    await grant(app, user.id, 1);
    const res = await generate(app, cookie, { prompt: 'a robot', theme: 'pixel' });
    const { id } = await res.json();
    const done = await finished(app, cookie, id);
    expect(done).toMatchObject({
      status: 'failed',
      error: 'The image service is busy, please try again in a minute',
    });
    expect(await getBalance(app.deps.database.db, user.id)).toBe(1);
    expect(await readUsage(app.deps.database.db, user.id)).toBe(0);
    const rows = await app.deps.database.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.referenceId, id));
    expect(rows.map((r) => [r.type, r.amount]).sort()).toEqual([
      ['refund', 1],
      ['spend', -1],
    ]);
  });

  it('shows a generic message for an unexpected error', async () => {
    const app = await setup({ imageProvider: scriptedProvider([new Error('socket hang up')]) });
    const { cookie } = await signUp(app);
    const { id } = await (await generate(app, cookie, { prompt: 'a robot' })).json();
    expect(await finished(app, cookie, id)).toMatchObject({
      status: 'failed',
      error: 'Failed to generate image',
    });
  });

  it('the sweeper fails and refunds a job whose process died, once', async () => {
    // WORKERS=0: the job is accepted but never run, as if the process crashed right after.
    const app = await setup({}, { WORKERS: '0' });
    const { user, cookie } = await signUp(app);
    await grant(app, user.id, 1);
    const { id } = await (await generate(app, cookie, { prompt: 'a ship', privacy: 'private' })).json();
    const db = app.deps.database.db;
    await db
      .update(generations)
      .set({ status: 'running', updatedAt: sql`now() - interval '6 minutes'` })
      .where(eq(generations.id, id));
    const deps = { db, events: app.deps.events, logger: app.deps.logger };
    expect(await sweepStuckGenerations(deps)).toBe(1);
    expect(await sweepStuckGenerations(deps)).toBe(0);
    const res = await app.request(`/api/generations/${id}`, { cookie });
    expect(await res.json()).toMatchObject({ status: 'failed', error: STUCK_MESSAGE });
    expect(await getBalance(db, user.id)).toBe(1);
    expect(await readUsage(db, user.id)).toBe(0);
  });
});

describe('Triple Validation', () => {
  it('retries after a NO and succeeds on the third attempt', async () => {
    const check = scriptedCheck([false, false, true]);
    const provider = scriptedProvider();
    const app = await setup({ imageCheck: check, imageProvider: provider });
    const { cookie, user } = await signUp(app);
    await setTier(app, user.id, 'basic');
    const { id, cost } = await (
      await generate(app, cookie, { prompt: 'a lighthouse', quality: 'high' })
    ).json();
    expect(cost).toBe(0);
    expect(await finished(app, cookie, id)).toMatchObject({ status: 'succeeded', attempts: 3 });
    expect(provider.calls).toBe(3);
    expect(check.calls).toBe(3);
  });

  it('fails with the spec message when all three checks say NO', async () => {
    const app = await setup({ imageCheck: scriptedCheck([false]) });
    const { cookie, user } = await signUp(app);
    await grant(app, user.id, 1);
    const { id } = await (await generate(app, cookie, { prompt: 'a lighthouse', quality: 'high' })).json();
    expect(await finished(app, cookie, id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: 'Failed to generate a valid image after multiple attempts',
    });
    expect(await getBalance(app.deps.database.db, user.id)).toBe(1);
  });
});

describe('reading generations and images', () => {
  it('hides another member’s generation and private images (404, never 403)', async () => {
    const app = await setup();
    const owner = await signUp(app);
    const other = await signUp(app);
    await grant(app, owner.user.id, 1);
    const { id } = await (
      await generate(app, owner.cookie, { prompt: 'a secret', privacy: 'private' })
    ).json();
    const done = await finished(app, owner.cookie, id);
    expect((await app.request(`/api/generations/${id}`, { cookie: other.cookie })).status).toBe(404);
    for (const url of [done.image!.url, done.image!.thumbUrl]) {
      expect((await app.request(url, { cookie: other.cookie })).status).toBe(404);
      expect((await app.request(url)).status).toBe(404);
      const mine = await app.request(url, { cookie: owner.cookie });
      expect(mine.status).toBe(200);
      expect(mine.headers.get('cache-control')).toBe('private, no-store');
    }
    expect((await app.request('/images/not-a-uuid.png')).status).toBe(404);
  });

  it('streams progress as server-sent events until the job finishes', async () => {
    const app = await setup({ imageProvider: scriptedProvider([{ delayMs: 150 }]) });
    const { cookie } = await signUp(app);
    const { id } = await (await generate(app, cookie, { prompt: 'a balloon' })).json();
    const res = await app.request(`/api/generations/${id}/events`, { cookie });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const text = await res.text();
    const events = text
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => JSON.parse(l.slice(6)) as GenerationStatus);
    expect(events[0].status).toMatch(/queued|running/);
    expect(events.at(-1)).toMatchObject({ status: 'succeeded', image: { width: 1024 } });
    expect(events.some((e) => e.status === 'running')).toBe(true);
    // The stream's last view is built from what the settling statement returned, not read back:
    // it must say exactly what reading the job says.
    const read = await (await app.request(`/api/generations/${id}`, { cookie })).json();
    expect(events.at(-1)).toEqual(read);
  });

  it('the streamed result of a checked, retried picture matches the job as read (attempts, cost)', async () => {
    const app = await setup({ imageCheck: scriptedCheck([false, true]) });
    const { cookie, user } = await signUp(app);
    await grant(app, user.id, 2);
    const { id } = await (await generate(app, cookie, { prompt: 'a kite', quality: 'high' })).json();
    const text = await (await app.request(`/api/generations/${id}/events`, { cookie })).text();
    const last = JSON.parse(
      text
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .at(-1)!
        .slice(6),
    );
    const read = await (await app.request(`/api/generations/${id}`, { cookie })).json();
    expect(read).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(read.cost).toBeGreaterThan(0);
    expect(last).toEqual(read);
  });
});

describe('thumbnails (background work after the job settles)', () => {
  it('stores the 512 px WebP thumbnail once the background queue has run', async () => {
    const app = await setup();
    const { cookie } = await signUp(app);
    const { id } = await (await generate(app, cookie, { prompt: 'a kite' })).json();
    const done = await finished(app, cookie, id);
    await app.deps.thumbnails.drain();
    const stored = await app.deps.storage.get(imageKeys.thumb(done.image!.id));
    expect(stored?.contentType).toBe('image/webp');
    expect((await sharp(stored!.bytes).metadata()).width).toBe(512);
  });

  it('leaves no thumbnail behind for an image deleted before its thumbnail was made', async () => {
    const app = await setup();
    const { cookie } = await signUp(app);
    const { id } = await (await generate(app, cookie, { prompt: 'a short-lived kite' })).json();
    const done = await finished(app, cookie, id);
    const imageId = done.image!.id;
    const png = (await app.deps.storage.get(imageKeys.original(imageId)))!.bytes;
    expect((await app.request(`/api/images/${imageId}`, { method: 'DELETE', cookie })).status).toBe(204);
    await app.deps.thumbnails.drain();
    // Queued again after the deletion, as a slow queue would: it must clean up after itself.
    const queue = createThumbnailQueue({
      db: app.deps.database.db,
      storage: app.deps.storage,
      deletions: app.deps.deletions,
      logger: silentLogger,
    });
    queue.add(imageId, png);
    await queue.drain();
    expect(await app.deps.storage.get(imageKeys.thumb(imageId))).toBeNull();
    expect(await app.deps.storage.get(imageKeys.original(imageId))).toBeNull();
  });
});

describe('More like this', () => {
  it('from the result and from history: the same prompt and theme again, each with a new seed', async () => {
    const provider = scriptedProvider();
    const app = await setup({ imageProvider: provider });
    const { cookie, user } = await signUp(app);
    await grant(app, user.id, 3);
    const first = await generate(app, cookie, { prompt: 'a lighthouse on a rocky island', theme: 'comic' });
    expect(first.status).toBe(202);
    const original = await finished(app, cookie, (await first.json()).id);
    expect(original.status).toBe('succeeded');

    // The result's "More like this" sends what the shown image says (generator.tsx)…
    const shown = original.image!;
    const fromResult = await generate(app, cookie, {
      prompt: shown.prompt,
      theme: shown.theme,
      quality: 'low',
      privacy: shown.privacy,
    });
    expect(fromResult.status).toBe(202);
    expect((await finished(app, cookie, (await fromResult.json()).id)).status).toBe('succeeded');
    // …and history's opens the generator with the history item's prompt and options.
    const history = await (await app.request('/api/history', { cookie })).json();
    const item = history.items.find((i: { id: string }) => i.id === shown.id);
    const fromHistory = await generate(app, cookie, {
      prompt: item.prompt,
      theme: item.theme,
      quality: item.quality,
      privacy: item.privacy,
    });
    expect(fromHistory.status).toBe(202);
    expect((await finished(app, cookie, (await fromHistory.json()).id)).status).toBe('succeeded');

    const rows = await app.deps.database.db
      .select({ prompt: generations.prompt, theme: generations.theme, seed: generations.seed })
      .from(generations)
      .where(eq(generations.userId, user.id));
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => [r.prompt, r.theme])).toEqual(
      Array(3).fill(['a lighthouse on a rocky island', 'comic']),
    );
    expect(new Set(rows.map((r) => r.seed)).size).toBe(3);
    // The provider was asked with those different seeds.
    expect(new Set(provider.inputs.map((input) => input.seed)).size).toBe(3);
    expect(provider.inputs.map((input) => input.seed).sort()).toEqual(rows.map((r) => r.seed).sort());
  });
});

describe('the background: cut out, or kept and said so', () => {
  /** A provider that draws on an opaque background, like OpenAI models without transparent output. */
  function opaqueProvider(picture: () => Promise<Buffer>) {
    const provider = scriptedProvider();
    provider.generateImage = async () => ({
      png: await picture(),
      provider: 'fake',
      model: 'fake-1',
      transparent: false,
    });
    return provider;
  }
  const cornerAlpha = async (png: Buffer) =>
    (await sharp(png).ensureAlpha().extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer())[3];

  it('cuts a plain background out and records the picture as transparent', async () => {
    const plain = () =>
      sharp(
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><rect width="1024" height="1024" fill="#ffffff"/><circle cx="512" cy="512" r="300" fill="#1d4ed8"/></svg>',
        ),
      )
        .png()
        .toBuffer();
    const app = await setup({ imageProvider: opaqueProvider(plain) });
    const { cookie } = await signUp(app);
    const { id } = await (await generate(app, cookie, { prompt: 'a blue ball' })).json();
    const done = await finished(app, cookie, id);
    expect(done).toMatchObject({ status: 'succeeded', image: { transparentBackground: true } });
    const stored = await app.deps.storage.get(imageKeys.original(done.image!.id));
    expect(await cornerAlpha(stored!.bytes)).toBe(0);
  });

  it('keeps a background that cannot be cut out and says the picture is not transparent', async () => {
    const app = await setup({ imageProvider: opaqueProvider(() => photoLikePng()) });
    const { cookie } = await signUp(app);
    const { id } = await (await generate(app, cookie, { prompt: 'a sunset over the sea' })).json();
    const done = await finished(app, cookie, id);
    expect(done).toMatchObject({ status: 'succeeded', image: { transparentBackground: false } });
    const imageId = done.image!.id;
    const stored = await app.deps.storage.get(imageKeys.original(imageId));
    expect(await cornerAlpha(stored!.bytes)).toBe(255);

    const history = await (await app.request('/api/history', { cookie })).json();
    expect(history.items[0]).toMatchObject({ id: imageId, transparentBackground: false });
    // The share page's data too (its download menu is built from it).
    const shared = await (await app.request(`/api/share/${imageId}`, { cookie })).json();
    expect(shared).toMatchObject({ id: imageId, transparentBackground: false });
    // What the menu leaves out cannot be made: a transparent version or a sticker is refused.
    for (const variant of ['transparent', 'sticker']) {
      const res = await app.request(`/images/${imageId}/download?variant=${variant}`, { cookie });
      expect(res.status, variant).toBe(422);
    }
    expect((await app.request(`/images/${imageId}/download?variant=original`, { cookie })).status).toBe(200);
  });
});

describe('the default provider (built-in composer) end to end', () => {
  it('stores the composer’s own vector and serves it as the SVG download, untraced', async () => {
    const { createOfflineComposer } = await import('../../src/server/generation/providers/offline');
    const app = await setup({ imageProvider: createOfflineComposer() });
    const { cookie } = await signUp(app);
    const { id } = await (await generate(app, cookie, { prompt: 'a cute fox in the forest' })).json();
    const done = await finished(app, cookie, id);
    expect(done).toMatchObject({
      status: 'succeeded',
      image: { hasVector: true, transparentBackground: true },
    });
    const svg = await app.request(`/images/${done.image!.id}/download?format=svg&size=512`);
    expect(svg.status).toBe(200);
    const text = await svg.text();
    // The composer names its art in a <title>; a trace would not.
    expect(text).toMatch(/<title>[^<]*fox[^<]*<\/title>/i);
    expect(text).toContain('width="512"');
  }, 30_000);

  it('reports what it drew on the status and the image, and providers that draw the whole prompt leave it out', async () => {
    const { createOfflineComposer } = await import('../../src/server/generation/providers/offline');
    const app = await setup({ imageProvider: createOfflineComposer() });
    const { cookie } = await signUp(app);
    const { id } = await (await generate(app, cookie, { prompt: 'a lighthouse with waves and sun' })).json();
    const done = await finished(app, cookie, id);
    expect(done.status).toBe('succeeded');
    expect(done.image?.subjects).toEqual([
      { word: 'lighthouse', label: 'lighthouse', art: 'game-icons:lighthouse' },
      { word: 'waves', label: 'water wave', art: 'fluent-emoji-flat:water-wave' },
      { word: 'sun', label: 'sun', art: 'fluent-emoji-flat:sun' },
    ]);
    // Read again from the database, not from the job's memory.
    const again = await finished(app, cookie, id);
    expect(again.image?.subjects?.map((s) => s.art)).toEqual(done.image?.subjects?.map((s) => s.art));

    await app.close();
    const scripted = await setup();
    const other = await signUp(scripted);
    const job = await (await generate(scripted, other.cookie, { prompt: 'a lighthouse' })).json();
    const image = (await finished(scripted, other.cookie, job.id)).image;
    expect(image).toBeDefined();
    expect(image).not.toHaveProperty('subjects');
  }, 90_000);

  it('fails a prompt whose subject it has no art for, naming the words, and charges nothing', async () => {
    const { createOfflineComposer, COMPOSER_MISS_OPERATOR_NOTE } = await import(
      '../../src/server/generation/providers/offline'
    );
    const log = captureLog();
    const app = await setup({ imageProvider: createOfflineComposer(), logger: log.logger });
    const { cookie, user } = await signUp(app);
    await grant(app, user.id, 1);
    // A premium theme: the credit is taken when the job is created, and must come back.
    const res = await generate(app, cookie, { prompt: 'a zorblax on the table', theme: 'comic' });
    expect(res.status).toBe(202);
    const { id } = await res.json();
    const done = await finished(app, cookie, id);
    expect(done).toMatchObject({ status: 'failed', cost: 0, error: MESSAGES.composerMiss(['zorblax']) });
    expect(done.error).toContain('"zorblax"');
    // Member words end the message; the advice to set up an AI provider is the operator's, in the log.
    expect(done.error).toMatch(/Nothing was charged\.$/);
    expect(done.error).not.toMatch(/AI|provider|OPENAI/);
    expect(log.entries().filter((e) => e.msg === 'provider failed')).toEqual([
      expect.objectContaining({
        generationId: id,
        operatorNote: `${COMPOSER_MISS_OPERATOR_NOTE} Words: zorblax.`,
      }),
    ]);
    expect(done).not.toHaveProperty('image');
    expect(await getBalance(app.deps.database.db, user.id)).toBe(1);
    expect(await readUsage(app.deps.database.db, user.id)).toBe(0);
    // Not retried as if the service were busy: one attempt.
    expect(done.attempts).toBe(1);
  }, 30_000);

  it('refuses at no cost a prompt whose subject would only get a stand-in (a tap for a hydrant, a timer for a parking meter)', async () => {
    const { createOfflineComposer } = await import('../../src/server/generation/providers/offline');
    const app = await setup({ imageProvider: createOfflineComposer() });
    const { cookie, user } = await signUp(app);
    await grant(app, user.id, 1);
    for (const [prompt, word] of [
      ['a red fire hydrant', 'fire hydrant'],
      ['a hydrant', 'hydrant'],
      // (a dentist, once refused here too, is drawn as a person holding a tooth since round 26)
      ['a parking meter', 'parking meter'],
      // A sibling drawn by the broader word's art (a soccer ball for "ball"), another sense.
      ['a golf ball on a tee', 'golf ball'],
      ['a bowl of cereal', 'cereal'],
    ]) {
      const res = await generate(app, cookie, { prompt, theme: 'comic' });
      expect(res.status).toBe(202);
      const done = await finished(app, cookie, (await res.json()).id);
      expect(done, prompt).toMatchObject({ status: 'failed', cost: 0, error: MESSAGES.composerMiss([word]) });
      expect(done).not.toHaveProperty('image');
      expect(await getBalance(app.deps.database.db, user.id)).toBe(1);
      expect(await readUsage(app.deps.database.db, user.id)).toBe(0);
    }
  }, 60_000);
});

describe('worker slots: storing overlaps the next provider call', () => {
  /** A gate a step waits at until the test opens it. */
  function gate() {
    let open!: () => void;
    const opened = new Promise<void>((r) => {
      open = r;
    });
    return { open, opened };
  }

  /** Two members, each starting one generation, on a process with one worker slot. */
  async function twoJobs(opts: RuntimeOverrides, body: Record<string, unknown>) {
    const app = await setup(opts, { WORKERS: '1' });
    const members = [await signUp(app), await signUp(app)];
    for (const m of members) await grant(app, m.user.id, 1);
    const ids: string[] = [];
    for (const m of members) {
      const res = await generate(app, m.cookie, body);
      expect(res.status).toBe(202);
      ids.push((await res.json()).id);
    }
    return { app, members, ids };
  }

  it('a finished picture is stored while the next job’s provider call runs', async () => {
    const provider = scriptedProvider();
    const firstStore = gate();
    let stores = 0;
    const storage = {
      ...createLocalStorage(mkdtempSync(path.join(os.tmpdir(), 'clipsmith-slots-'))),
    };
    const put = storage.put;
    storage.put = async (key, bytes, type) => {
      if (key.endsWith('.png')) {
        if (++stores === 1) await firstStore.opened;
      }
      return put(key, bytes, type);
    };
    const { app, members, ids } = await twoJobs({ imageProvider: provider, storage }, { prompt: 'a kite' });
    try {
      // The first picture's store is held: the second call can only come from the freed slot.
      await waitFor(
        'the second provider call while the first picture is being stored',
        async () => (provider.calls === 2 && stores >= 1 ? true : undefined),
        5_000,
      );
    } finally {
      firstStore.open();
    }
    for (const [i, id] of ids.entries())
      expect((await finished(app, members[i].cookie, id)).status).toBe('succeeded');
  });

  it('a checked picture keeps its slot until its check passes: the check is a provider call too', async () => {
    const provider = scriptedProvider();
    const firstCheck = gate();
    const check = scriptedCheck([true]);
    const checkOnce = check.check.bind(check);
    let callsWhenChecked = -1;
    check.check = async (input) => {
      if (check.calls === 0) {
        await firstCheck.opened;
        callsWhenChecked = provider.calls;
      }
      return checkOnce(input);
    };
    const { app, members, ids } = await twoJobs(
      { imageProvider: provider, imageCheck: check },
      { prompt: 'a kite', quality: 'high' },
    );
    try {
      await waitFor('the first check', async () =>
        check.calls === 0 && provider.calls === 1 ? true : undefined,
      );
      await new Promise((r) => setTimeout(r, 200));
      expect(provider.calls).toBe(1);
    } finally {
      firstCheck.open();
    }
    for (const [i, id] of ids.entries())
      expect((await finished(app, members[i].cookie, id)).status).toBe('succeeded');
    expect(callsWhenChecked).toBe(1);
    expect(provider.calls).toBe(2);
  });
});
