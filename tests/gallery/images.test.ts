import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { addCredits, getBalance } from '../../src/server/credits/service';
import { creditTransactions, generatedImages } from '../../src/server/db/schema';
import { imageKeys } from '../../src/server/storage/storage';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { setTier } from '../helpers/members';
import { insertImage, storeFiles } from './support';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setup() {
  t = await createTestApp({ overrides: { background: false } });
  return t;
}

const patch = (app: TestApp, cookie: string, id: string, json: unknown) =>
  app.request(`/api/images/${id}`, { method: 'PATCH', cookie, json });

async function privacyOf(app: TestApp, id: string) {
  const [row] = await app.deps.database.db
    .select({ privacy: generatedImages.privacy })
    .from(generatedImages)
    .where(eq(generatedImages.id, id));
  return row?.privacy;
}

async function privacySpends(app: TestApp, id: string) {
  return app.deps.database.db
    .select()
    .from(creditTransactions)
    .where(and(eq(creditTransactions.referenceId, `privacy:${id}`), eq(creditTransactions.type, 'spend')));
}

describe('PATCH /api/images/:id', () => {
  it('answers 404 for someone else’s image, an unknown id and a malformed id; 401 signed out', async () => {
    const app = await setup();
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const image = await insertImage(app, owner.user.id);
    expect((await patch(app, '', image.id, { privacy: 'private' })).status).toBe(401);
    for (const id of [image.id, crypto.randomUUID(), 'nope']) {
      const res = await patch(app, stranger.cookie, id, { privacy: 'private' });
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('not_found');
    }
    expect(await privacyOf(app, image.id)).toBe('public');
    expect((await patch(app, owner.cookie, image.id, { privacy: 'secret' })).status).toBe(400);
  });

  it('R2: refuses a free member without credits with a clear message, and changes nothing', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app);
    const image = await insertImage(app, user.id);
    const res = await patch(app, cookie, image.id, { privacy: 'private' });
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({
      error: {
        code: 'privacy_requires_credit',
        message:
          'Making this picture private uses 1 credit, and you have none. Buy credits or choose a plan, then try again.',
      },
    });
    expect(await privacyOf(app, image.id)).toBe('public');
    expect(await privacySpends(app, image.id)).toHaveLength(0);
  });

  it('charges a free member 1 credit once per image; making it public is free', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app);
    const db = app.deps.database.db;
    await addCredits(db, { userId: user.id, amount: 2, type: 'grant', description: 'test' });
    const image = await insertImage(app, user.id, { prompt: 'a fox' });

    let res = await patch(app, cookie, image.id, { privacy: 'private' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      cost: 1,
      image: { id: image.id, privacy: 'private', quality: 'low', privacyPaid: true },
    });
    expect(body.image.shareUrl).toBeUndefined();
    expect(await getBalance(db, user.id)).toBe(1);
    const [spend] = await privacySpends(app, image.id);
    expect(spend).toMatchObject({ userId: user.id, amount: -1, description: 'Made private: a fox' });

    res = await patch(app, cookie, image.id, { privacy: 'private' });
    expect(await res.json()).toMatchObject({ cost: 0, image: { privacy: 'private' } });

    res = await patch(app, cookie, image.id, { privacy: 'public' });
    expect(await res.json()).toMatchObject({
      cost: 0,
      image: { privacy: 'public', shareUrl: `/i/${image.id}` },
    });

    // Already paid for: private again costs nothing more.
    res = await patch(app, cookie, image.id, { privacy: 'private' });
    expect(await res.json()).toMatchObject({ cost: 0, image: { privacy: 'private' } });
    expect(await getBalance(db, user.id)).toBe(1);
    expect(await privacySpends(app, image.id)).toHaveLength(1);
  });

  it('lets a paid member make images private for free', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app);
    await setTier(app, user.id, 'basic');
    const image = await insertImage(app, user.id);
    const res = await patch(app, cookie, image.id, { privacy: 'private' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ cost: 0, image: { privacy: 'private' } });
    expect(await privacySpends(app, image.id)).toHaveLength(0);
  });

  it('charges one credit when the same change is sent twice at once', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app);
    const db = app.deps.database.db;
    await addCredits(db, { userId: user.id, amount: 3, type: 'grant', description: 'test' });
    const image = await insertImage(app, user.id);
    const results = await Promise.all([
      patch(app, cookie, image.id, { privacy: 'private' }),
      patch(app, cookie, image.id, { privacy: 'private' }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(await getBalance(db, user.id)).toBe(2);
  });

  it('refuses a write from another origin', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app);
    const image = await insertImage(app, user.id);
    const res = await app.request(`/api/images/${image.id}`, {
      method: 'PATCH',
      cookie,
      json: { privacy: 'private' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });
});

describe('DELETE /api/images/:id', () => {
  it('removes the row and the stored files for the owner only', async () => {
    const app = await setup();
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const image = await insertImage(app, owner.user.id);
    await storeFiles(app, image.id);
    expect((await app.request(`/images/${image.id}.png`)).status).toBe(200);

    for (const id of [image.id, crypto.randomUUID(), 'nope']) {
      const res = await app.request(`/api/images/${id}`, { method: 'DELETE', cookie: stranger.cookie });
      expect(res.status).toBe(404);
    }
    expect(await app.deps.storage.get(imageKeys.original(image.id))).not.toBeNull();

    const res = await app.request(`/api/images/${image.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(res.status).toBe(204);
    expect(await privacyOf(app, image.id)).toBeUndefined();
    expect(await app.deps.storage.get(imageKeys.original(image.id))).toBeNull();
    expect(await app.deps.storage.get(imageKeys.thumb(image.id))).toBeNull();
    expect((await app.request(`/images/${image.id}.png`)).status).toBe(404);
    expect(
      (await app.request(`/api/images/${image.id}`, { method: 'DELETE', cookie: owner.cookie })).status,
    ).toBe(404);
  });
});
