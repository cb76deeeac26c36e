import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type GalleryPage, galleryPageSchema } from '../../src/core/api';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { insertImage } from './support';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setup() {
  t = await createTestApp({ overrides: { background: false } });
  return t;
}

async function gallery(app: TestApp, cookie: string, query = ''): Promise<GalleryPage> {
  const res = await app.request(`/api/gallery${query}`, { cookie });
  expect(res.status).toBe(200);
  // The contract the web app reads: a field missing or of the wrong type fails here.
  return galleryPageSchema.parse(await res.json());
}

/** Follows nextCursor to the end, optionally doing something between requests. */
async function walk(
  app: TestApp,
  cookie: string,
  params: Record<string, string>,
  between?: () => Promise<unknown>,
) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const qs = new URLSearchParams({ ...params, ...(cursor ? { cursor } : {}) });
    const page = await gallery(app, cookie, `?${qs}`);
    ids.push(...page.items.map((i) => i.id));
    cursor = page.nextCursor;
    pages++;
    await between?.();
  } while (cursor && pages < 100);
  return ids;
}

describe('GET /api/gallery', () => {
  it('needs a signed-in member', async () => {
    const app = await setup();
    const res = await app.request('/api/gallery');
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('unauthorized');
  });

  it('lists public images only, newest first, with the owner’s chosen username or Anonymous, never the e-mail', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app, 'Jane.Doe@example.com');
    const other = await signUp(app, 'sam@example.com');
    const older = await insertImage(app, user.id, {
      prompt: 'a cute cat',
      createdAt: new Date(Date.now() - 60_000),
    });
    await insertImage(app, user.id, { prompt: 'a secret cat', privacy: 'private' });
    await insertImage(app, other.user.id, { prompt: 'his secret', privacy: 'private' });
    const newer = await insertImage(app, other.user.id, { prompt: 'a robot' });

    const page = await gallery(app, cookie);
    expect(page.nextCursor).toBeNull();
    expect(page.items).toEqual([
      {
        id: newer.id,
        prompt: 'a robot',
        createdAt: newer.createdAt.toISOString(),
        owner: 'Anonymous',
        url: `/images/${newer.id}.png`,
        thumbUrl: `/images/${newer.id}/thumb.webp`,
        width: 1024,
        height: 1024,
        hasVector: false,
        transparentBackground: true,
      },
      expect.objectContaining({ id: older.id, owner: 'Anonymous' }),
    ]);
    // Even the owner sees their private images only in their history, never in the gallery.
    expect(JSON.stringify(page)).not.toContain('secret');
  });

  it('pages with a cursor, never repeating or skipping while new images arrive, in both orders', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app);
    const base = Date.now() - 3_600_000;
    const seeded = [];
    for (let i = 0; i < 23; i++) {
      // Groups of three share a timestamp, so the id tie-break matters at page edges.
      seeded.push(await insertImage(app, user.id, { createdAt: new Date(base + Math.floor(i / 3) * 1000) }));
      if (i % 4 === 0) await insertImage(app, user.id, { privacy: 'private' });
    }
    const byNewest = [...seeded]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((r) => r.id);

    const arrivals: string[] = [];
    const arrive = async () => arrivals.push((await insertImage(app, user.id)).id);

    const newest = await walk(app, cookie, { limit: '5' }, arrive);
    expect(newest).toEqual(byNewest);

    const oldest = await walk(app, cookie, { limit: '4', sort: 'oldest' }, arrive);
    expect(new Set(oldest).size).toBe(oldest.length);
    expect(oldest.slice(0, byNewest.length)).toEqual([...byNewest].reverse());
    // Images that arrived during the oldest-first walk come after the seeded ones, not before.
    expect(oldest.slice(byNewest.length).every((id) => arrivals.includes(id))).toBe(true);
  });

  it('keeps microseconds in the cursor: rows within one millisecond are not skipped', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app);
    const rows = [];
    for (let i = 0; i < 3; i++) rows.push(await insertImage(app, user.id));
    // PostgreSQL keeps microseconds; a JS Date would round all three to the same millisecond.
    for (const [i, row] of rows.entries()) {
      await app.deps.database.db.execute(
        sql`update generated_images set created_at = ${`2025-01-05T10:00:00.123${i}00Z`}::timestamptz where id = ${row.id}`,
      );
    }
    const ids = await walk(app, cookie, { limit: '1' });
    expect(ids).toEqual(rows.map((r) => r.id).reverse());
    expect(await walk(app, cookie, { limit: '1', sort: 'oldest' })).toEqual(rows.map((r) => r.id));
  });

  it('answers 400 for a cursor it did not make and for a page size over the maximum', async () => {
    const app = await setup();
    const { cookie } = await signUp(app);
    const id = crypto.randomUUID();
    const cursors = [
      'nonsense',
      Buffer.from('2025-01-01T00:00:00Z|not-a-uuid').toString('base64url'),
      Buffer.from(`2025-02-30T00:00:00.000001Z|${id}`).toString('base64url'),
      Buffer.from(`2025-01-01T00:00:00Z|${id}|x`).toString('base64url'),
    ];
    for (const cursor of cursors) {
      const res = await app.request(`/api/gallery?cursor=${cursor}`, { cookie });
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('invalid_cursor');
    }
    expect((await app.request('/api/gallery?limit=500', { cookie })).status).toBe(400);
    expect((await app.request('/api/gallery?sort=random', { cookie })).status).toBe(400);
  });

  it('searches prompts by word prefixes, case-insensitively, public images only', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app);
    await insertImage(app, user.id, { prompt: 'A Cute CAT astronaut' });
    await insertImage(app, user.id, { prompt: 'robot cat in space' });
    await insertImage(app, user.id, { prompt: 'friendly robot' });
    await insertImage(app, user.id, { prompt: 'cat with a secret', privacy: 'private' });
    await insertImage(app, user.id, { prompt: 'catalogue of dogs' });

    const prompts = async (q: string) =>
      (await gallery(app, cookie, `?q=${encodeURIComponent(q)}`)).items.map((i) => i.prompt).sort();

    expect(await prompts('cat')).toEqual(['A Cute CAT astronaut', 'catalogue of dogs', 'robot cat in space']);
    expect(await prompts('ROB')).toEqual(['friendly robot', 'robot cat in space']);
    expect(await prompts('cat rob')).toEqual(['robot cat in space']);
    expect(await prompts('astro, cute!')).toEqual(['A Cute CAT astronaut']);
    expect(await prompts('zebra')).toEqual([]);
    // tsquery syntax in the search box is just text, never an error.
    expect(await prompts("cat & !robot | 'x':*")).toEqual([]);
    expect(await prompts('cat & !')).toEqual(await prompts('cat'));
    // Nothing searchable left: the whole gallery.
    expect(await prompts(' ?! ')).toHaveLength(4);
  });

  it('pages through search results with the cursor', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app);
    const base = Date.now() - 100_000;
    for (let i = 0; i < 9; i++) {
      await insertImage(app, user.id, {
        prompt: i % 2 ? `dragon ${i}` : `dog ${i}`,
        createdAt: new Date(base + i * 1000),
      });
    }
    const ids = await walk(app, cookie, { limit: '2', q: 'dragon' });
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
  });
});
