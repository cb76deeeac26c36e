import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedImages } from '../../src/server/db/schema';
import { imageKeys } from '../../src/server/storage/storage';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { setTier } from '../helpers/members';
import { addPicture } from './support';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
const publicId = '11111111-1111-4111-8111-111111111111';
const privateId = '22222222-2222-4222-8222-222222222222';
const createdAt = new Date('2026-03-04T05:06:07.089Z');

/** A provider-style picture: a subject with an interior white detail on a plain white background. */
async function providerStylePng() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><rect width="1024" height="1024" fill="#ffffff"/>
    <circle cx="512" cy="512" r="320" fill="#2563eb"/><circle cx="512" cy="512" r="90" fill="#ffffff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  // Basic: every size of the menu (Free's stop at 1024 px: tests/image-files/download-plans.test.ts).
  await setTier(t, owner.user.id, 'basic');
  stranger = await signUp(t);
  const png = await providerStylePng();
  for (const [id, privacy] of [
    [publicId, 'public'],
    [privateId, 'private'],
  ] as const) {
    await addPicture(t, { id, userId: owner.user.id, png, privacy, createdAt });
  }
});
afterAll(() => t?.close());

async function download(id: string, query: string, cookie?: string) {
  return t.request(`/images/${id}/download?${query}`, { cookie });
}

describe('GET /images/:id/thumb.webp', () => {
  it('makes a missing thumbnail on first request and stores it', async () => {
    expect(await t.deps.storage.get(imageKeys.thumb(publicId))).toBeNull();
    const res = await t.request(`/images/${publicId}/thumb.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);
    expect(await t.deps.storage.get(imageKeys.thumb(publicId))).not.toBeNull();
  });
});

describe('GET /images/:id/download', () => {
  it.each([
    ['png', 128, 'image/png'],
    ['png', 2048, 'image/png'],
    ['webp', 256, 'image/webp'],
    ['jpg', 512, 'image/jpeg'],
    ['webp', 1024, 'image/webp'],
  ] as const)('returns a decodable %s at %i px', async (format, size, type) => {
    const res = await download(publicId, `format=${format}&size=${size}`, owner.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    const ext = format === 'jpg' ? 'jpg' : format;
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="blue-ring-${size}.${ext}"`);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([size, size]);
    expect(meta.format).toBe(format === 'jpg' ? 'jpeg' : format);
  });

  it('makes a transparent PNG: corners clear, subject and interior white opaque', async () => {
    const res = await download(publicId, 'format=png&size=1024&variant=transparent');
    const { data, info } = await sharp(Buffer.from(await res.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const alpha = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    expect(alpha(2, 2)).toBe(0);
    expect(alpha(1021, 1021)).toBe(0);
    expect(alpha(512 + 200, 512)).toBe(255); // blue ring
    expect(alpha(512, 512)).toBe(255); // white centre, enclosed by the subject
  });

  it('makes a sticker with an opaque white ring around the subject', async () => {
    const res = await download(publicId, 'format=png&size=1024&variant=sticker');
    const { data, info } = await sharp(Buffer.from(await res.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) =>
      Array.from(data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4));
    expect(px(2, 2)[3]).toBe(0);
    // Walk right from the centre: blue subject, then a white opaque band, then transparency.
    let sawWhite = false;
    for (let x = 512; x < 1024; x++) {
      const [r, g, b, a] = px(x, 512);
      if (a === 255 && r > 245 && g > 245 && b > 245 && x > 700) sawWhite = true;
      if (a === 0) break;
    }
    expect(sawWhite).toBe(true);
  });

  it('traces an SVG for an image without its own vector', async () => {
    const res = await download(publicId, 'format=svg&size=1024&variant=transparent');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(await res.text()).toMatch(/^<svg[\s\S]*<path/);
  }, 20_000);

  it('serves the second request from the cache', async () => {
    const first = await download(publicId, 'format=webp&size=512&variant=sticker');
    expect(first.headers.get('x-variant-cache')).toBe('miss');
    const second = await download(publicId, 'format=webp&size=512&variant=sticker');
    expect(second.headers.get('x-variant-cache')).toBe('hit');
    expect(Buffer.from(await second.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
  });

  it.each([
    ['format=gif', 'format'],
    ['size=300', 'size'],
    ['format=jpg&variant=transparent', 'JPEG has no transparency'],
  ])('answers 400 for %s', async (query, message) => {
    const res = await download(publicId, query);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toContain(message);
  });

  it('applies the privacy rule: private downloads only for the owner, 404 for others', async () => {
    expect((await download(privateId, 'format=png')).status).toBe(404);
    expect((await download(privateId, 'format=png', stranger.cookie)).status).toBe(404);
    const mine = await download(privateId, 'format=png', owner.cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('caching of public pictures', () => {
  // A third public picture, so making it private does not disturb the other tests.
  const laterPrivateId = '33333333-3333-4333-8333-333333333333';
  beforeAll(async () => {
    await addPicture(t, {
      id: laterPrivateId,
      userId: owner.user.id,
      png: await providerStylePng(),
      createdAt,
    });
  });

  const urls = (id: string) => [
    `/images/${id}.png`,
    `/images/${id}/thumb.webp`,
    `/images/${id}/download?format=webp&size=256`,
  ];

  it('serves bytes, thumbnails and downloads for at most an hour, never immutable, and revalidates by ETag', async () => {
    for (const url of urls(publicId)) {
      const res = await t.request(url);
      expect(res.status, url).toBe(200);
      const cacheControl = res.headers.get('cache-control') ?? '';
      expect(cacheControl, url).toMatch(/^public, max-age=\d+$/);
      expect(Number(/max-age=(\d+)/.exec(cacheControl)?.[1]), url).toBeLessThanOrEqual(3600);
      expect(cacheControl, url).not.toContain('immutable');
      const etag = res.headers.get('etag');
      expect(etag, url).toBeTruthy();
      const again = await t.request(url, { headers: { 'if-none-match': etag! } });
      expect(again.status, url).toBe(304);
      expect(again.headers.get('etag'), url).toBe(etag);
      expect((await again.arrayBuffer()).byteLength, url).toBe(0);
      // A different ETag is not a match: the whole file comes back.
      expect((await t.request(url, { headers: { 'if-none-match': '"something-else"' } })).status, url).toBe(
        200,
      );
    }
  });

  it('a cache revalidating a picture made private meanwhile gets nothing', async () => {
    const etags = new Map<string, string>();
    for (const url of urls(laterPrivateId)) etags.set(url, (await t.request(url)).headers.get('etag')!);
    // Whichever way it became private (the owner's switch may cost a credit): the row says so.
    await t.deps.database.db
      .update(generatedImages)
      .set({ privacy: 'private' })
      .where(eq(generatedImages.id, laterPrivateId));
    for (const [url, etag] of etags) {
      const res = await t.request(url, { headers: { 'if-none-match': etag } });
      expect(res.status, url).toBe(404);
    }
  });
});
