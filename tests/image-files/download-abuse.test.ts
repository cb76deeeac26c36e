// A stranger cannot burn the server with downloads (issue 35): renders wait in a small bounded
// queue (a full one answers 503), are rate-limited per address and per member, an SVG is one file
// whatever the size, the stored variants stay under VARIANT_CACHE_MB, and /api/health stays fast
// while a burst of renders runs.
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentile } from '../../bench/stats';
import {
  DOWNLOAD_FORMATS,
  DOWNLOAD_SIZES,
  DOWNLOAD_VARIANTS,
  type DownloadRequest,
  NATIVE_IMAGE_SIZE,
  validateDownload,
} from '../../src/core/download';
import { queryRows } from '../../src/server/db/client';
import {
  addressKey,
  VARIANT_RENDER_ADDRESS_RATE_LIMIT,
  VARIANT_RENDER_MEMBER_RATE_LIMIT,
} from '../../src/server/platform/rate-limit';
import { imageKeys, type Storage } from '../../src/server/storage/storage';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { setTier } from '../helpers/members';
import { insideOneMinuteWindow } from '../helpers/wait';
import { addPicture } from './support';

const createdAt = new Date('2026-03-04T05:06:07.089Z');

/** A provider-style picture (a ring on white, so it can be cut out); `detail` makes pictures differ. */
async function ringPng(detail = 0) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><rect width="1024" height="1024" fill="#ffffff"/>
    <circle cx="512" cy="512" r="320" fill="#2563eb"/><circle cx="512" cy="512" r="${90 + detail}" fill="#ffffff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Noise: a picture whose files do not compress, so a few of them pass a 1 MB cap. */
function noisePng() {
  return sharp({
    create: {
      width: 1024,
      height: 1024,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
}

const addPublicPicture = (t: TestApp, userId: string, png: Buffer) =>
  addPicture(t, { userId, png, createdAt });

/** Every download the menu and the API accept: format × size × variant (50). */
const ALL_DOWNLOADS: DownloadRequest[] = DOWNLOAD_FORMATS.flatMap((format) =>
  DOWNLOAD_SIZES.flatMap((size) =>
    DOWNLOAD_VARIANTS.map((variant) => ({ format: format.id, size, variant: variant.id })),
  ),
).filter((request) => validateDownload(request).ok);

const query = (r: DownloadRequest) => `format=${r.format}&size=${r.size}&variant=${r.variant}`;

/** The variant files stored for a picture, with their sizes. */
async function storedVariants(storage: Storage, imageId: string) {
  const { objects } = await storage.list(imageKeys.variant(imageId, ''));
  const files = await Promise.all(
    objects.map(async ({ key }) => ({ key, bytes: (await storage.get(key))?.bytes.length ?? 0 })),
  );
  return files;
}

describe('a full render queue', () => {
  let t: TestApp;
  let pictureId: string;
  let owner: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { VARIANT_RENDER_CONCURRENCY: '1', VARIANT_RENDER_QUEUE: '2' } });
    owner = await signUp(t);
    // Basic: its downloads go up to 2048 px (Free's stop at 1024).
    await setTier(t, owner.user.id, 'basic');
    pictureId = await addPublicPicture(t, owner.user.id, await ringPng());
  });
  afterAll(() => t?.close());

  it('answers 503 with Retry-After beyond its slots, renders the rest, and a retry later succeeds', async () => {
    const stored = `/images/${pictureId}/download?format=webp&size=128&variant=sticker`;
    expect((await t.request(stored)).status).toBe(200);
    // Renders below the stored size (the 1024 px original is served as stored, with no render).
    // A render keeps its slot until its file is stored, and here storing waits until the burst's
    // refusals are back (or 3 s): no slot frees before the last request is queued or refused. (Left
    // to the clock, a render finished first and let a fourth in, twice in CI.)
    const asked = ALL_DOWNLOADS.filter((r) => r.format !== 'svg' && r.size < NATIVE_IMAGE_SIZE)
      .sort((a, b) => b.size - a.size)
      .slice(0, 8);
    const storage = t.deps.storage;
    const put = storage.put.bind(storage);
    let refusedSoFar = 0;
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
      setTimeout(resolve, 3_000);
    });
    storage.put = async (...args: Parameters<typeof put>) => {
      if (args[0].startsWith(imageKeys.variant(pictureId, ''))) await gate;
      return put(...args);
    };
    const [answers, storedMeanwhile] = await Promise.all([
      Promise.all(
        asked.map(async (r) => {
          const res = await t.request(`/images/${pictureId}/download?${query(r)}`);
          if (res.status === 503 && ++refusedSoFar === asked.length - 3) open();
          return res;
        }),
      ),
      // Asked while the queue is full: a stored download is still served.
      new Promise((r) => setTimeout(r, 50)).then(() => t.request(stored)),
    ]).finally(() => {
      storage.put = put;
    });
    expect([storedMeanwhile.status, storedMeanwhile.headers.get('x-variant-cache')]).toEqual([200, 'hit']);
    const statuses = answers.map((res) => res.status);
    // One running and two waiting: three rendered, the other five refused at once.
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 503)).toHaveLength(5);
    const refused = answers.find((res) => res.status === 503)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const body = await refused.json();
    expect(body.error.code).toBe('busy');
    expect(body.error.message).toMatch(
      /Too many downloads are being made right now\. Please try again in \d+ s\./,
    );
    expect(await storedVariants(t.deps.storage, pictureId)).toHaveLength(4);

    const retry = asked[statuses.indexOf(503)];
    const again = await t.request(`/images/${pictureId}/download?${query(retry)}`);
    expect(again.status).toBe(200);
    expect(again.headers.get('x-variant-cache')).toBe('miss');
  });

  it('renders a variant asked for many times at once only once', async () => {
    const r: DownloadRequest = { format: 'webp', size: 2048, variant: 'sticker' };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.request(`/images/${pictureId}/download?${query(r)}`, { cookie: owner.cookie }),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(6).fill(200));
    const bodies = await Promise.all(answers.map(async (res) => Buffer.from(await res.arrayBuffer())));
    for (const body of bodies) expect(body.equals(bodies[0])).toBe(true);
  });
});

describe('rate limits on renders', () => {
  let t: TestApp;
  let pictureId: string;
  let member: Awaited<ReturnType<typeof signUp>>;
  const from = (address: string, cookie?: string) => ({ headers: { 'x-forwarded-for': address }, cookie });
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'true', TRUST_PROXY: '1' } });
    member = await signUp(t);
    pictureId = await addPublicPicture(t, member.user.id, await ringPng());
  });
  afterAll(() => t?.close());

  it('refuses a stranger past the renders an address may ask for, but still serves stored ones', {
    timeout: 30_000,
  }, async () => {
    // (a run here once saw 200 for the refused request: its window had just turned)
    await insideOneMinuteWindow(10_000);
    const stored = await t.request(`/images/${pictureId}/download?format=png&size=256`, from('203.0.113.7'));
    expect(stored.headers.get('x-variant-cache')).toBe('miss');
    // The address has used its minute's renders (as 30 different downloads would).
    const limit = VARIANT_RENDER_ADDRESS_RATE_LIMIT;
    for (let i = 1; i < limit.limit; i++) await t.deps.rateLimiter.add(limit, addressKey('203.0.113.7'));

    const refused = await t.request(`/images/${pictureId}/download?format=png&size=512`, from('203.0.113.7'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await refused.json()).error.message).toMatch(
      /^Too many new downloads in a short time\. Please wait \d+ seconds? and try again/,
    );
    // Nothing was rendered for it.
    expect(await storedVariants(t.deps.storage, pictureId)).toHaveLength(1);
    // What is already stored is not limited; another address renders.
    const again = await t.request(`/images/${pictureId}/download?format=png&size=256`, from('203.0.113.7'));
    expect([again.status, again.headers.get('x-variant-cache')]).toEqual([200, 'hit']);
    const other = await t.request(`/images/${pictureId}/download?format=png&size=512`, from('198.51.100.4'));
    expect([other.status, other.headers.get('x-variant-cache')]).toEqual([200, 'miss']);
  });

  it('limits a signed-in member wherever they ask from', { timeout: 30_000 }, async () => {
    await insideOneMinuteWindow(10_000);
    const limit = VARIANT_RENDER_MEMBER_RATE_LIMIT;
    for (let i = 0; i < limit.limit; i++) await t.deps.rateLimiter.add(limit, `member:${member.user.id}`);
    const refused = await t.request(
      `/images/${pictureId}/download?format=webp&size=128`,
      from('192.0.2.77', member.cookie),
    );
    expect(refused.status).toBe(429);
    // The same address without the member's session is not limited.
    const anonymous = await t.request(
      `/images/${pictureId}/download?format=webp&size=128`,
      from('192.0.2.77'),
    );
    expect(anonymous.status).toBe(200);
  });
});

describe('stored variants', () => {
  let t: TestApp;
  let ownerId: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { VARIANT_CACHE_MB: '1' } });
    ownerId = (await signUp(t)).user.id;
  });
  afterAll(() => t?.close());

  it('keeps one SVG per picture and background: every size is answered from the one stored file', async () => {
    const id = await addPublicPicture(t, ownerId, await ringPng(10));
    const answers = [];
    for (const size of DOWNLOAD_SIZES) {
      const res = await t.request(`/images/${id}/download?format=svg&size=${size}&variant=sticker`);
      expect(res.status).toBe(200);
      answers.push({
        size,
        cache: res.headers.get('x-variant-cache'),
        etag: res.headers.get('etag'),
        body: await res.text(),
      });
    }
    expect(answers.map((a) => a.cache)).toEqual(['miss', 'hit', 'hit', 'hit', 'hit']);
    expect((await storedVariants(t.deps.storage, id)).map((f) => f.key)).toEqual([
      imageKeys.variant(id, 'sticker-1024.svg'),
    ]);
    // The size only sets the width and height (as before); the drawing is the stored one.
    const drawing = (svg: string) => svg.replace(/ width="\d+" height="\d+"/, '');
    for (const answer of answers) {
      expect(answer.body).toMatch(new RegExp(`^<svg width="${answer.size}" height="${answer.size}"`));
      expect(drawing(answer.body)).toBe(drawing(answers[0].body));
    }
    // Each size has its own ETag, so a cache never mixes them up.
    expect(new Set(answers.map((a) => a.etag)).size).toBe(DOWNLOAD_SIZES.length);
  }, 30_000);

  it('holds the stored variants under VARIANT_CACHE_MB, least recently served first; originals and thumbnails stay', async () => {
    const cap = 1024 * 1024;
    const id = await addPublicPicture(t, ownerId, await noisePng());
    await t.request(`/images/${id}/thumb.webp`);
    const order: DownloadRequest[] = [
      { format: 'jpg', size: 512, variant: 'original' }, // 262 KB
      { format: 'png', size: 256, variant: 'original' }, // 131 KB
      { format: 'jpg', size: 256, variant: 'original' }, // 40 KB
      { format: 'png', size: 512, variant: 'original' }, // 619 KB: past the cap
      { format: 'webp', size: 512, variant: 'original' }, // 614 KB
    ];
    const file = (r: DownloadRequest) => imageKeys.variant(id, `${r.variant}-${r.size}.${r.format}`);
    let rendered = 0;
    for (const [i, r] of order.entries()) {
      const res = await t.request(`/images/${id}/download?${query(r)}`);
      expect([res.status, res.headers.get('x-variant-cache')]).toEqual([200, 'miss']);
      rendered += (await res.arrayBuffer()).byteLength;
      const files = await storedVariants(t.deps.storage, id);
      // Every stored variant (also the other picture's SVG) counts against the one cap.
      const [{ total }] = await queryRows<{ total: number }>(
        t.deps.database.db,
        sql`select coalesce(sum(bytes), 0)::int as total from image_variants`,
      );
      expect(total).toBeLessThanOrEqual(cap);
      expect(files.reduce((sum, f) => sum + f.bytes, 0)).toBeLessThanOrEqual(cap);
      // The one just made is kept.
      expect(files.map((f) => f.key)).toContain(file(r));
      if (i === 1) {
        // The first one is served again an hour later: it becomes the most recently used.
        await t.deps.database.db.execute(sql`update image_variants set used_at = now() - interval '2 hours'`);
        const hit = await t.request(`/images/${id}/download?${query(order[0])}`);
        expect(hit.headers.get('x-variant-cache')).toBe('hit');
      }
      if (i === 3) {
        // Past the cap: the second, served least recently, went; the first, served again, stayed.
        const keys = files.map((f) => f.key);
        expect(keys).not.toContain(file(order[1]));
        expect(keys).toContain(file(order[0]));
      }
    }
    expect(rendered).toBeGreaterThan(cap);
    expect(await t.deps.storage.get(imageKeys.original(id))).not.toBeNull();
    expect(await t.deps.storage.get(imageKeys.thumb(id))).not.toBeNull();
    // An evicted variant is made again when asked for.
    const again = await t.request(`/images/${id}/download?format=png&size=256&variant=original`);
    expect([again.status, again.headers.get('x-variant-cache')]).toEqual([200, 'miss']);
  }, 60_000);
});

describe('/api/health during a burst of renders', () => {
  let t: TestApp;
  let server: ReturnType<typeof serve>;
  let base: string;
  const ids: string[] = [];
  let asker: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { VARIANT_RENDER_CONCURRENCY: '1' } });
    const ownerId = (await signUp(t)).user.id;
    // A Basic member may ask for every size (a Free one or a visitor stops at 1024 px).
    asker = await signUp(t);
    await setTier(t, asker.user.id, 'basic');
    for (let i = 0; i < 2; i++) ids.push(await addPublicPicture(t, ownerId, await ringPng(i)));
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await t?.close();
  });

  it('answers within a second of its quiet p99 while members ask for every variant of two pictures, 24 at a time for 8 s', async () => {
    const urls = ids.flatMap((id) => ALL_DOWNLOADS.map((r) => `${base}/images/${id}/download?${query(r)}`));
    // The same poll with nothing else running first: what a busy test machine alone costs.
    const ask = async () => {
      const started = performance.now();
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      return performance.now() - started;
    };
    const quiet: number[] = [];
    for (const until = Date.now() + 3000; Date.now() < until; await sleep(40)) quiet.push(await ask());
    const health: number[] = [];
    let done = false;
    // Over HTTP as a load balancer asks (gzip accepted): the answer needs the event loop and libuv's threads.
    const poll = (async () => {
      for (; !done; await sleep(40)) health.push(await ask());
    })();
    // The member goes round the list from 24 clients, asking again at once (a tenth of a second after a refusal).
    const statuses: number[] = [];
    const until = Date.now() + 8000;
    let next = 0;
    await Promise.all(
      Array.from({ length: 24 }, async () => {
        while (Date.now() < until) {
          const res = await fetch(urls[next++ % urls.length], { headers: { cookie: asker.cookie } });
          await res.arrayBuffer();
          statuses.push(res.status);
          if (res.status === 503) await sleep(100);
        }
      }),
    );
    done = true;
    await poll;
    const p99 = percentile(health, 99);
    const quietP99 = percentile(quiet, 99);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(health.length).toBeGreaterThan(20);
    // Before renders left the event loop and were bounded, the p99 was 4.4–6 s. A second over the
    // machine's own quiet p99 keeps that failing while another test file shares this 2-core machine
    // (250 ms did not: 664 ms against a quiet 216 ms at load 12). Speed itself is bench:variants'.
    expect(
      p99,
      `health p99 ${p99.toFixed(0)} ms over ${health.length} answers; ${quietP99.toFixed(0)} ms without renders`,
    ).toBeLessThan(quietP99 + 1000);
  }, 180_000);
});
