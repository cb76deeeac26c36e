// The gallery's first page is shared for GALLERY_CACHE_MS, and never outlives a change that takes
// something off the public gallery: a picture made private or deleted, a renamed author, a deleted
// account. On PostgreSQL the change reaches the other web processes too.
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { GalleryPage } from '../../src/core/api';
import { openDatabase } from '../../src/server/db/client';
import { GALLERY_CACHE_MS } from '../../src/server/gallery/first-page-cache';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { testEngine } from '../helpers/database';
import { setTier } from '../helpers/members';
import { insertImage } from './support';

const apps: TestApp[] = [];
afterEach(async () => {
  // The second app of the PostgreSQL test shares the first one's database: it closes first.
  for (const app of apps.reverse()) await app.close();
  apps.length = 0;
});

// The shared page ages by this clock, so a slow machine cannot expire it between two requests.
let clock = 0;

async function setup() {
  const app = await createTestApp({ overrides: { background: false, galleryClock: () => clock } });
  apps.push(app);
  return app;
}

async function galleryIds(app: TestApp, cookie: string): Promise<string[]> {
  const res = await app.request('/api/gallery', { cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as GalleryPage).items.map((i) => i.id);
}

describe('the shared first page of the gallery', () => {
  it('is answered from memory for a moment: a new public picture shows after GALLERY_CACHE_MS', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app);
    const first = await insertImage(app, user.id, { prompt: 'a first picture' });
    expect(await galleryIds(app, cookie)).toEqual([first.id]);

    const second = await insertImage(app, user.id, { prompt: 'a second picture' });
    // Same page as before: the query did not run again.
    expect(await galleryIds(app, cookie)).toEqual([first.id]);
    // A search or a later page is never cached.
    const search = await app.request('/api/gallery?q=second', { cookie });
    expect(((await search.json()) as GalleryPage).items.map((i) => i.id)).toEqual([second.id]);

    clock += GALLERY_CACHE_MS - 1;
    expect(await galleryIds(app, cookie)).toEqual([first.id]);
    clock += 1;
    expect(await galleryIds(app, cookie)).toEqual([second.id, first.id]);
  });

  it('goes out gzipped to a browser and as plain JSON to a client without compression, the same page', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app);
    for (let i = 0; i < 12; i++) await insertImage(app, user.id, { prompt: `picture number ${i}` });
    const get = (acceptEncoding?: string) =>
      app.request('/api/gallery', {
        cookie,
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    const plain = await get();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
    expect(plain.headers.get('cache-control')).toBe('private, no-store');
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    const page = (await plain.json()) as GalleryPage;
    expect(page.items).toHaveLength(12);
    for (const accept of ['gzip, deflate, br', 'br;q=1, gzip;q=0.5']) {
      const zipped = await get(accept);
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      expect(zipped.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString())).toEqual(page);
    }
    expect((await get('gzip;q=0')).headers.get('content-encoding')).toBeNull();
  });

  it('drops a picture made private at once', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app);
    await setTier(app, user.id, 'premium');
    const image = await insertImage(app, user.id);
    expect(await galleryIds(app, cookie)).toEqual([image.id]);

    const res = await app.request(`/api/images/${image.id}`, {
      method: 'PATCH',
      cookie,
      json: { privacy: 'private' },
    });
    expect(res.status).toBe(200);
    expect(await galleryIds(app, cookie)).toEqual([]);
  });

  it('drops a deleted picture at once', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app);
    const image = await insertImage(app, user.id);
    expect(await galleryIds(app, cookie)).toEqual([image.id]);

    const res = await app.request(`/api/images/${image.id}`, { method: 'DELETE', cookie });
    expect(res.status).toBe(204);
    expect(await galleryIds(app, cookie)).toEqual([]);
  });

  it('shows an author’s new name at once', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app);
    await insertImage(app, user.id);
    await galleryIds(app, cookie);

    const res = await app.request('/api/me/profile', {
      method: 'PATCH',
      cookie,
      json: { fullName: 'Jane Doe', username: 'lighthouse_keeper' },
    });
    expect(res.status).toBe(200);
    const page = (await (await app.request('/api/gallery', { cookie })).json()) as GalleryPage;
    // The chosen display name is the one name shown everywhere.
    expect(page.items[0].owner).toBe('Jane Doe');

    await app.request('/api/me/profile', { method: 'PATCH', cookie, json: { fullName: 'Jane Q. Doe' } });
    const renamed = (await (await app.request('/api/gallery', { cookie })).json()) as GalleryPage;
    expect(renamed.items[0].owner).toBe('Jane Q. Doe');
  });

  it('drops a deleted account’s pictures at once', async () => {
    const app = await setup();
    const viewer = await signUp(app);
    const leaving = await signUp(app);
    const image = await insertImage(app, leaving.user.id);
    expect(await galleryIds(app, viewer.cookie)).toEqual([image.id]);

    const res = await app.request('/api/me', {
      method: 'DELETE',
      cookie: leaving.cookie,
      json: { confirmEmail: leaving.email },
    });
    expect(res.status).toBe(200);
    expect(await galleryIds(app, viewer.cookie)).toEqual([]);
  });

  it.runIf(testEngine === 'postgres')(
    'drops a picture made private in another web process at once (PostgreSQL)',
    async () => {
      const a = await setup();
      const url = a.deps.database.pool?.options.connectionString;
      expect(url).toBeTruthy();
      const b = await createTestApp({
        overrides: { background: false, database: await openDatabase({ kind: 'postgres', url: url! }) },
      });
      apps.push(b);
      const { cookie, user } = await signUp(a);
      await setTier(a, user.id, 'premium');
      const image = await insertImage(a, user.id);
      expect(await galleryIds(a, cookie)).toEqual([image.id]);
      expect(await galleryIds(b, cookie)).toEqual([image.id]);

      const res = await b.request(`/api/images/${image.id}`, {
        method: 'PATCH',
        cookie,
        json: { privacy: 'private' },
      });
      expect(res.status).toBe(200);
      // The NOTIFY reaches process a within moments, well inside the cache's own lifetime.
      await expect.poll(() => galleryIds(a, cookie), { timeout: GALLERY_CACHE_MS / 2 }).toEqual([]);
    },
  );
});
