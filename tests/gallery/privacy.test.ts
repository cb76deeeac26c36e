// Issue 22's rules through the API: R1 privacy is paid at most once, R2 a free member pays 1
// credit once (402 with none, nothing changes), R4 the owner opens their own private image,
// R3 credits buy images past any plan's limit.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { monthKey } from '../../src/core/month';
import { addCredits, getBalance } from '../../src/server/credits/service';
import { creditTransactions, generatedImages, generations, memberships } from '../../src/server/db/schema';
import { readUsage } from '../../src/server/membership/usage';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { scriptedProvider } from '../helpers/fake-provider';
import { generateImage, setMonthUsage, setTier } from '../helpers/members';
import { insertImage, storeFiles } from './support';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setup() {
  t = await createTestApp({ overrides: { imageProvider: scriptedProvider(), background: false } });
  return t;
}

const grant = (app: TestApp, userId: string, amount: number) =>
  addCredits(app.deps.database.db, { userId, amount, type: 'grant', description: 'test grant' });

const patch = (app: TestApp, cookie: string, id: string, privacy: 'public' | 'private') =>
  app.request(`/api/images/${id}`, { method: 'PATCH', cookie, json: { privacy } });

async function stored(app: TestApp, id: string) {
  const [row] = await app.deps.database.db
    .select({ privacy: generatedImages.privacy, privacyPaid: generatedImages.privacyPaid })
    .from(generatedImages)
    .where(eq(generatedImages.id, id));
  return row;
}

async function spends(app: TestApp, userId: string) {
  return app.deps.database.db
    .select()
    .from(creditTransactions)
    .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.type, 'spend')));
}

describe('R1: an image’s privacy is paid for at most once', () => {
  it('generated private for 1 credit, made public, then private again: free, even with 0 credits', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app);
    await grant(app, user.id, 1);
    const { image, cost } = await generateImage(
      app,
      { cookie },
      { prompt: 'a lighthouse', privacy: 'private' },
    );
    expect(cost).toBe(1);
    expect(await getBalance(app.deps.database.db, user.id)).toBe(0);
    expect(await stored(app, image.id)).toEqual({ privacy: 'private', privacyPaid: true });

    for (const privacy of ['public', 'private', 'public', 'private'] as const) {
      const res = await patch(app, cookie, image.id, privacy);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ cost: 0, image: { privacy, privacyPaid: true } });
    }
    expect(await getBalance(app.deps.database.db, user.id)).toBe(0);
    expect(await spends(app, user.id)).toHaveLength(1);
  });

  it('made private on a paid plan stays paid after a downgrade to Free', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app);
    await setTier(app, user.id, 'basic');
    const image = await insertImage(app, user.id);
    expect(await (await patch(app, cookie, image.id, 'private')).json()).toMatchObject({ cost: 0 });
    await setTier(app, user.id, 'free');
    expect((await patch(app, cookie, image.id, 'public')).status).toBe(200);
    const res = await patch(app, cookie, image.id, 'private');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ cost: 0, image: { privacy: 'private' } });
    expect(await spends(app, user.id)).toHaveLength(0);
  });

  it('a public generation starts unpaid: the history says so', async () => {
    const app = await setup();
    const { cookie } = await signUp(app);
    const { image } = await generateImage(app, { cookie }, { prompt: 'a lighthouse' });
    const history = await (await app.request('/api/history', { cookie })).json();
    expect(history.items).toEqual([expect.objectContaining({ id: image.id, privacyPaid: false })]);
  });
});

describe('R2: a free member making a public image private pays 1 credit once', () => {
  it('spends exactly 1 credit, then toggles for free with the balance at 0', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app);
    await grant(app, user.id, 1);
    const image = await insertImage(app, user.id, { prompt: 'a fox' });
    let res = await patch(app, cookie, image.id, 'private');
    expect(await res.json()).toMatchObject({ cost: 1, image: { privacy: 'private', privacyPaid: true } });
    expect(await getBalance(app.deps.database.db, user.id)).toBe(0);
    res = await patch(app, cookie, image.id, 'public');
    expect(await res.json()).toMatchObject({ cost: 0 });
    res = await patch(app, cookie, image.id, 'private');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ cost: 0, image: { privacy: 'private' } });
    expect((await spends(app, user.id)).map((s) => [s.amount, s.description])).toEqual([
      [-1, 'Made private: a fox'],
    ]);
  });

  it('with 0 credits: 402 with a clear message; the image, its paid flag and the balance stay', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app);
    const image = await insertImage(app, user.id);
    const res = await patch(app, cookie, image.id, 'private');
    expect(res.status).toBe(402);
    expect((await res.json()).error).toEqual({
      code: 'privacy_requires_credit',
      message:
        'Making this picture private uses 1 credit, and you have none. Buy credits or choose a plan, then try again.',
    });
    expect(await stored(app, image.id)).toEqual({ privacy: 'public', privacyPaid: false });
    expect(await getBalance(app.deps.database.db, user.id)).toBe(0);
    expect(await spends(app, user.id)).toHaveLength(0);
  });

  it('two images at once on a balance of 1: one is charged and changes, the other is refused', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app);
    await grant(app, user.id, 1);
    const a = await insertImage(app, user.id);
    const b = await insertImage(app, user.id);
    const results = await Promise.all([
      patch(app, cookie, a.id, 'private'),
      patch(app, cookie, b.id, 'private'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 402]);
    const privacies = [(await stored(app, a.id)).privacy, (await stored(app, b.id)).privacy].sort();
    expect(privacies).toEqual(['private', 'public']);
    expect(await getBalance(app.deps.database.db, user.id)).toBe(0);
    expect(await spends(app, user.id)).toHaveLength(1);
  });
});

describe('R4: the owner opens their own private image; everyone else gets 404', () => {
  it('serves the file, thumbnail, download and share data to the owner only', async () => {
    const app = await setup();
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const image = await insertImage(app, owner.user.id, { prompt: 'my secret', privacy: 'private' });
    await storeFiles(app, image.id);
    const paths = [
      `/images/${image.id}.png`,
      `/images/${image.id}/thumb.webp`,
      `/images/${image.id}/download?format=png&size=256`,
      `/api/share/${image.id}`,
      `/i/${image.id}`,
    ];
    for (const p of paths) {
      const mine = await app.request(p, { cookie: owner.cookie });
      expect(mine.status, p).toBe(200);
      expect(mine.headers.get('cache-control'), p).toContain('private');
      for (const cookie of ['', stranger.cookie]) {
        expect((await app.request(p, { cookie })).status, `${p} as ${cookie ? 'stranger' : 'visitor'}`).toBe(
          404,
        );
      }
    }
  });
});

describe('R3: credits buy images past every plan’s limit', () => {
  it.each([
    ['free', 3],
    ['basic', 30],
    ['premium', 100],
  ] as const)(
    'a %s member at its limit of %i images spends 1 credit per image; without one, 402',
    async (tier, limit) => {
      const app = await setup();
      const { cookie, user } = await signUp(app);
      await setTier(app, user.id, tier);
      await setMonthUsage(app, user.id, limit);

      const res = await app.request('/api/generations', {
        method: 'POST',
        cookie,
        json: { prompt: 'a cat' },
      });
      expect(res.status).toBe(402);
      expect((await res.json()).error).toEqual({
        code: 'monthly_limit_reached',
        message: `You've reached your monthly limit of ${limit} images. Upgrade your plan or purchase credits to generate more.`,
      });

      await grant(app, user.id, 2);
      const { cost } = await generateImage(app, { cookie }, { prompt: 'a cat', theme: 'comic' });
      expect(cost).toBe(1);
      expect(await getBalance(app.deps.database.db, user.id)).toBe(1);
      expect(await readUsage(app.deps.database.db, user.id)).toBe(limit + 1);
      const [job] = await app.deps.database.db
        .select({ cost: generations.cost })
        .from(generations)
        .where(eq(generations.userId, user.id));
      expect(job.cost).toBe(1);
    },
  );

  it('an unlimited plan never spends a credit', async () => {
    const app = await setup();
    const { cookie, user } = await signUp(app);
    await setTier(app, user.id, 'enterprise');
    await grant(app, user.id, 2);
    await setMonthUsage(app, user.id, 5000);
    const { cost } = await generateImage(app, { cookie }, { prompt: 'a cat', privacy: 'private' });
    expect(cost).toBe(0);
    expect(await getBalance(app.deps.database.db, user.id)).toBe(2);
  });
});

describe('migration 0008 backfill', () => {
  it('marks paid: private now, generated private, or charged by a privacy change; nothing else', async () => {
    const app = await setup();
    const { user } = await signUp(app);
    const db = app.deps.database.db;
    const privateNow = await insertImage(app, user.id, { privacy: 'private', privacyPaid: false });
    const plain = await insertImage(app, user.id, { privacyPaid: false });
    const charged = await insertImage(app, user.id, { privacyPaid: false });
    await db.insert(creditTransactions).values({
      userId: user.id,
      type: 'spend',
      amount: -1,
      description: 'Made private: x',
      referenceId: `privacy:${charged.id}`,
    });
    const generationId = crypto.randomUUID();
    await db.insert(generations).values({
      id: generationId,
      userId: user.id,
      prompt: 'x',
      cleanedPrompt: 'x',
      finalPrompt: 'x',
      theme: 'default',
      quality: 'low',
      privacy: 'private',
      seed: 1,
      usageMonth: monthKey(),
      status: 'succeeded',
    });
    const generatedPrivate = await insertImage(app, user.id, { privacyPaid: false });
    await db.update(generatedImages).set({ generationId }).where(eq(generatedImages.id, generatedPrivate.id));
    await db.update(memberships).set({ tier: 'free' }).where(eq(memberships.userId, user.id));

    const file = readFileSync(
      path.join(import.meta.dirname, '../../src/server/db/migrations/0008_image_privacy_paid.sql'),
      'utf8',
    );
    const backfill = file.slice(file.indexOf('UPDATE "generated_images"'));
    await db.execute(sql.raw(backfill));

    expect((await stored(app, privateNow.id)).privacyPaid).toBe(true);
    expect((await stored(app, charged.id)).privacyPaid).toBe(true);
    expect((await stored(app, generatedPrivate.id)).privacyPaid).toBe(true);
    expect((await stored(app, plain.id)).privacyPaid).toBe(false);
  });
});
