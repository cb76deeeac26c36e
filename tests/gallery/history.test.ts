import { afterEach, describe, expect, it } from 'vitest';
import { type HistoryPage, historyPageSchema } from '../../src/core/api';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { insertImage } from './support';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function history(app: TestApp, cookie: string, query = ''): Promise<HistoryPage> {
  const res = await app.request(`/api/history${query}`, { cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  // The contract the web app reads: a field missing or of the wrong type fails here.
  return historyPageSchema.parse(await res.json());
}

describe('GET /api/history', () => {
  it('needs a signed-in member and a page number of 1 or more', async () => {
    t = await createTestApp({ overrides: { background: false } });
    expect((await t.request('/api/history')).status).toBe(401);
    expect((await t.request('/api/images/recent')).status).toBe(401);
    const { cookie } = await signUp(t);
    expect((await t.request('/api/history?page=0', { cookie })).status).toBe(400);
    expect((await t.request('/api/history?page=x', { cookie })).status).toBe(400);
  });

  it('shows only the member’s own images, public and private, newest first, 15 per page', async () => {
    t = await createTestApp({ overrides: { background: false } });
    const me = await signUp(t);
    const other = await signUp(t);
    const base = Date.now() - 3_600_000;
    const mine = [];
    for (let i = 0; i < 32; i++) {
      mine.push(
        await insertImage(t, me.user.id, {
          privacy: i % 3 ? 'public' : 'private',
          quality: i % 2 ? 'high' : 'low',
          createdAt: new Date(base + i * 1000),
        }),
      );
      if (i % 8 === 0) await insertImage(t, other.user.id);
    }
    const newestFirst = mine.map((r) => r.id).reverse();

    const first = await history(t, me.cookie);
    expect(first).toMatchObject({ page: 1, pageSize: 15, total: 32, totalPages: 3 });
    expect(first.items.map((i) => i.id)).toEqual(newestFirst.slice(0, 15));
    const latest = mine[31];
    expect(first.items[0]).toEqual({
      id: latest.id,
      url: `/images/${latest.id}.png`,
      thumbUrl: `/images/${latest.id}/thumb.webp`,
      shareUrl: `/i/${latest.id}`,
      width: 1024,
      height: 1024,
      hasVector: false,
      transparentBackground: true,
      privacy: 'public',
      privacyPaid: false,
      prompt: latest.prompt,
      theme: 'default',
      quality: 'high',
      createdAt: latest.createdAt.toISOString(),
    });
    const privateItem = first.items.find((i) => i.privacy === 'private');
    expect(privateItem?.shareUrl).toBeUndefined();
    // The owner learns whether switching it back to private would cost anything.
    expect(privateItem?.privacyPaid).toBe(true);

    const third = await history(t, me.cookie, '?page=3');
    expect(third.items.map((i) => i.id)).toEqual(newestFirst.slice(30));
    const beyond = await history(t, me.cookie, '?page=4');
    expect(beyond).toMatchObject({ items: [], page: 4, total: 32, totalPages: 3 });

    const theirs = await history(t, other.cookie);
    expect(theirs).toMatchObject({ total: 4, totalPages: 1 });
    expect(theirs.items.some((i) => newestFirst.includes(i.id))).toBe(false);

    const fresh = await signUp(t);
    expect(await history(t, fresh.cookie)).toEqual({
      items: [],
      page: 1,
      pageSize: 15,
      total: 0,
      totalPages: 1,
    });
  });

  it('GET /api/images/recent gives the 8 newest own images', async () => {
    t = await createTestApp({ overrides: { background: false } });
    const me = await signUp(t);
    const other = await signUp(t);
    const base = Date.now() - 3_600_000;
    const mine = [];
    for (let i = 0; i < 10; i++) {
      mine.push(
        await insertImage(t, me.user.id, { createdAt: new Date(base + i * 1000), privacy: 'private' }),
      );
    }
    await insertImage(t, other.user.id);
    const res = await t.request('/api/images/recent', { cookie: me.cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.items.map((i: { id: string }) => i.id)).toEqual(
      mine
        .slice(2)
        .map((r) => r.id)
        .reverse(),
    );
    expect(body.items[0]).toMatchObject({ privacy: 'private', quality: 'low' });
  });
});
