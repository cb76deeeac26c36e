// The REST API (/api/v1): only a current bearer key of an Enterprise member gets in; each
// operation answers for the key owner's own things only; each member has one rate limit across their keys; keys
// never show up in logs or answers.
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createKey, enterpriseMember, generateWithKey, v1 } from '../helpers/api-keys';
import { createTestApp, ORIGIN, type TestApp } from '../helpers/app';
import { scriptedProvider } from '../helpers/fake-provider';
import { captureLog } from '../helpers/log';
import { insideOneMinuteWindow, waitFor } from '../helpers/wait';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const start = (env: Record<string, string> = {}, logger = captureLog('silent').logger) =>
  createTestApp({ env, overrides: { imageProvider: scriptedProvider(), logger } });

describe('/api/v1 authentication', () => {
  it('refuses a missing, malformed, unknown or revoked key, and a cookie session, with a JSON 401', async () => {
    app = await start();
    const member = await enterpriseMember(app);
    const key = await createKey(app, member);

    const missing = await v1(app, undefined, '/images');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    expect(await missing.json()).toEqual({
      error: {
        code: 'unauthorized',
        message: 'Send your API key in the Authorization header: "Authorization: Bearer <key>"',
      },
    });

    // The member's own session cookie is not a way in: the API takes keys only.
    const cookieOnly = await app.request('/api/v1/images', { cookie: member.cookie });
    expect(cookieOnly.status).toBe(401);

    const basic = await app.request('/api/v1/images', { headers: { authorization: `Basic ${key.key}` } });
    expect(basic.status).toBe(401);
    expect((await basic.json()).error.code).toBe('unauthorized');

    // Same shape and prefix as a real key, one character changed.
    const last = key.key.at(-1) === 'A' ? 'B' : 'A';
    const forged = `${key.key.slice(0, -1)}${last}`;
    for (const bad of [forged, 'csk_short', `${key.key}x`, 'not-a-key']) {
      const res = await v1(app, bad, '/images');
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        error: { code: 'invalid_api_key', message: 'This API key is not valid. It may have been revoked.' },
      });
    }

    await app.request(`/api/keys/${key.id}`, { method: 'DELETE', cookie: member.cookie });
    for (const [method, path] of [
      ['POST', '/generations'],
      ['GET', '/images'],
    ] as const) {
      const res = await v1(app, key.key, path, {
        method,
        json: method === 'POST' ? { prompt: 'a cat' } : undefined,
      });
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe('invalid_api_key');
    }
  });
});

describe('/api/v1 operations', () => {
  it('generates a picture with the same rules as the app, then reads, lists and downloads it', async () => {
    app = await start();
    const member = await enterpriseMember(app);
    const { key } = await createKey(app, member);

    const invalid = await v1(app, key, '/generations', { method: 'POST', json: { prompt: '   ' } });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      error: { code: 'invalid_request', message: 'Please enter a description' },
    });
    const badTheme = await v1(app, key, '/generations', {
      method: 'POST',
      json: { prompt: 'a cat', theme: 'neon' },
    });
    expect(badTheme.status).toBe(400);
    const notJson = await v1(app, key, '/generations', {
      method: 'POST',
      body: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error.code).toBe('invalid_json');

    const created = await v1(app, key, '/generations', {
      method: 'POST',
      json: { prompt: 'a red ball', privacy: 'private' },
    });
    expect(created.status).toBe(202);
    const { id } = await created.json();
    expect(await (await v1(app, key, `/generations/${id}`)).json()).toMatchObject({ id });
    // Settled before the next one starts, so the newest picture is the next one's.
    await waitFor('the first generation', async () => {
      const { status } = await (await v1(app!, key, `/generations/${id}`)).json();
      return status === 'succeeded' ? status : undefined;
    });

    const done = await generateWithKey(app, key, 'a blue kite');
    expect(done.status).toBe('succeeded');
    const image = done.image;
    expect(image).toMatchObject({
      prompt: 'a blue kite',
      privacy: 'private',
      url: `${ORIGIN}/api/v1/images/${image.id}/original.png`,
      downloadUrl: `${ORIGIN}/api/v1/images/${image.id}/download`,
    });
    expect(image.thumbUrl).toBeUndefined();

    // The app counted it like any other picture.
    const me = await (await app.request('/api/me', { cookie: member.cookie })).json();
    expect(me.membership.imageCount).toBe(2);

    const one = await v1(app, key, `/images/${image.id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(image);

    const png = await v1(app, key, `/images/${image.id}/original.png`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await png.arrayBuffer())).metadata()).width).toBe(1024);

    const webp = await v1(app, key, `/images/${image.id}/download?format=webp&size=256`);
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(webp.headers.get('content-disposition')).toMatch(/attachment; filename="blue-kite-256\.webp"/);
    const meta = await sharp(Buffer.from(await webp.arrayBuffer())).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 256]);

    const badDownload = await v1(app, key, `/images/${image.id}/download?format=jpg&variant=sticker`);
    expect(badDownload.status).toBe(400);
    expect((await badDownload.json()).error.code).toBe('invalid_download');

    // The private picture's own app URL does not take the key (that one needs the cookie).
    const appUrl = await app.request(`/images/${image.id}.png`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(appUrl.status).toBe(404);

    const firstPage = await (await v1(app, key, '/images?pageSize=1')).json();
    expect(firstPage).toMatchObject({ page: 1, pageSize: 1, total: 2, totalPages: 2 });
    expect(firstPage.images.map((i: { id: string }) => i.id)).toEqual([image.id]);
    const secondPage = await (await v1(app, key, '/images?pageSize=1&page=2')).json();
    expect(secondPage.images).toHaveLength(1);
    expect(secondPage.images[0].id).not.toBe(image.id);
    const tooBig = await v1(app, key, '/images?pageSize=1000');
    expect(tooBig.status).toBe(400);
    expect((await tooBig.json()).error.code).toBe('invalid_request');
  });

  it("answers 404 for another member's generations and images, as for ids that do not exist", async () => {
    app = await start();
    const owner = await enterpriseMember(app);
    const other = await enterpriseMember(app);
    const ownerKey = (await createKey(app, owner)).key;
    const otherKey = (await createKey(app, other)).key;
    const done = await generateWithKey(app, ownerKey);

    for (const path of [
      `/generations/${done.id}`,
      `/images/${done.image.id}`,
      `/images/${done.image.id}/original.png`,
      `/images/${done.image.id}/download`,
      '/generations/00000000-0000-4000-8000-000000000000',
      '/images/not-an-id',
    ]) {
      const res = await v1(app, otherKey, path);
      expect(res.status, path).toBe(404);
      expect((await res.json()).error.code).toBe('not_found');
    }
    const list = await (await v1(app, otherKey, '/images')).json();
    expect(list).toMatchObject({ images: [], total: 0 });
  });

  it("applies the app's generation rules: Enterprise's options included, declined prompts refused", async () => {
    app = await start();
    const member = await enterpriseMember(app);
    const { key } = await createKey(app, member);

    // A premium theme and a private picture are included in Enterprise: nothing is charged.
    const premium = await v1(app, key, '/generations', {
      method: 'POST',
      json: { prompt: 'a cat', theme: 'watercolor', privacy: 'private' },
    });
    expect(premium.status).toBe(202);
    const created = await premium.json();
    expect(created).toEqual({
      id: expect.any(String),
      status: 'queued',
      cost: 0,
      batchId: expect.any(String),
      variations: [{ id: created.id, status: 'queued', cost: 0 }],
      totalCost: 0,
    });

    // The same moderation as the app: refused before anything is counted, with the app's answer.
    const body = { prompt: 'nsfw cat' };
    const viaApi = await v1(app, key, '/generations', { method: 'POST', json: body });
    const viaApp = await app.request('/api/generations', {
      method: 'POST',
      cookie: member.cookie,
      json: body,
    });
    expect(viaApi.status).toBe(422);
    expect(viaApp.status).toBe(422);
    expect(await viaApi.json()).toEqual(await viaApp.json());
  });
});

describe('/api/v1 rate limit', () => {
  it('counts per member across all their keys, says where the member stands, and answers 429 with Retry-After when over', {
    timeout: 90_000,
  }, async () => {
    app = await start({ API_RATE_LIMIT: '3' });
    await insideOneMinuteWindow(15_000);
    const member = await enterpriseMember(app);
    const first = await createKey(app, member, 'first');
    const second = (await createKey(app, member, 'second')).key;

    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await v1(app, first.key, '/images');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('3');
      remaining.push(res.headers.get('x-ratelimit-remaining') ?? '');
      const reset = Number(res.headers.get('x-ratelimit-reset'));
      expect(reset).toBeGreaterThanOrEqual(1);
      expect(reset).toBeLessThanOrEqual(60);
    }
    expect(remaining).toEqual(['2', '1', '0']);

    const over = await v1(app, first.key, '/images');
    expect(over.status).toBe(429);
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(over.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(await over.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: `Too many requests with your API keys. Please wait ${retryAfter} second${retryAfter === 1 ? '' : 's'} and try again.`,
      },
    });
    // Nothing was made by a refused request.
    const refusedPost = await v1(app, first.key, '/generations', {
      method: 'POST',
      json: { prompt: 'a cat' },
    });
    expect(refusedPost.status).toBe(429);

    // The member's other key, and a key made after revoking one, share the same allowance: making
    // and revoking keys buys no more requests. An error answer still carries the headers.
    const other = await v1(app, second, '/images/not-an-id');
    expect(other.status).toBe(429);
    expect(other.headers.get('x-ratelimit-remaining')).toBe('0');
    const revoked = await app.request(`/api/keys/${first.id}`, { method: 'DELETE', cookie: member.cookie });
    expect(revoked.status).toBeLessThan(300);
    const fresh = (await createKey(app, member, 'third')).key;
    expect((await v1(app, fresh, '/images')).status).toBe(429);

    // Another member has their own allowance.
    const someoneElse = await createKey(app, await enterpriseMember(app), 'theirs');
    const theirs = await v1(app, someoneElse.key, '/images');
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('x-ratelimit-remaining')).toBe('2');
  });
});

describe('API keys stay secret', () => {
  it('never writes a key to the log or into a later answer', async () => {
    const log = captureLog('trace');
    app = await start({}, log.logger);
    const member = await enterpriseMember(app);
    const created = await createKey(app, member);
    const { key } = created;
    const secretPart = key.slice(12);
    const answers: string[] = [];
    const keep = async (res: Response) => {
      answers.push(JSON.stringify(Object.fromEntries(res.headers)), await res.text());
      return res;
    };

    const done = await generateWithKey(app, key);
    await keep(await v1(app, key, `/generations/${done.id}`));
    await keep(await v1(app, key, '/images'));
    await keep(await v1(app, key, `/images/${done.image.id}`));
    await keep(await v1(app, key, '/images?pageSize=oops'));
    await keep(
      await v1(app, key, '/generations', {
        method: 'POST',
        body: '{bad',
        headers: { 'content-type': 'application/json' },
      }),
    );
    await keep(await v1(app, key, '/nowhere'));
    await keep(await v1(app, `${key.slice(0, -1)}Z`, '/images'));
    await keep(await app.request('/api/keys', { cookie: member.cookie }));
    await keep(await app.request(`/api/keys/${created.id}`, { method: 'DELETE', cookie: member.cookie }));
    await keep(await v1(app, key, '/images'));

    expect(log.entries().length).toBeGreaterThan(10);
    expect(log.text()).not.toContain(secretPart);
    for (const answer of answers) expect(answer).not.toContain(secretPart);
  });
});
