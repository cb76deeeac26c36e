// Deleted means deleted, on a strict S3-compatible store over real HTTP (tests/helpers/fake-s3.ts
// refuses flexible checksums, needs Content-MD5 on DeleteObjects and can refuse single keys):
// what the member deletes leaves the bucket, a refusal stays pending and visible in /api/health
// until the retry sweep empties it, and nothing of a deleted account stays behind.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addCredits } from '../../src/server/credits/service';
import { queryRows } from '../../src/server/db/client';
import { imageKeys } from '../../src/server/storage/storage';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { scriptedProvider } from '../helpers/fake-provider';
import { type FakeS3, s3Env, startFakeS3 } from '../helpers/fake-s3';
import { generateImage } from '../helpers/members';

let s3: FakeS3;
let app: TestApp | undefined;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterEach(async () => {
  s3.refuseDeletes(null);
  s3.objects.clear();
  await app?.close();
  app = undefined;
});
afterAll(async () => {
  await s3.close();
});

async function start() {
  app = await createTestApp({
    env: {
      ...s3Env(s3),
    },
    overrides: { imageProvider: scriptedProvider(), background: false },
  });
  return app;
}

const keysUnder = (prefix: string) => [...s3.objects.keys()].filter((k) => k.startsWith(prefix));

async function health(t: TestApp) {
  const res = await t.request('/api/health');
  const body = (await res.json()) as {
    checks: { deletions: { status: string; pending: number; oldestAgeSeconds: number | null } };
  };
  return { deletions: body.checks.deletions };
}

const inAnHour = () => new Date(Date.now() + 60 * 60_000);

describe('deleting a picture', () => {
  it('stores a generation, downloads it with the store’s bytes, and its deletion leaves the bucket empty', async () => {
    const t = await start();
    const member = await signUp(t);
    const image = (await generateImage(t, member, { prompt: 'a lighthouse' })).image;
    // Download a variant too, so the prefix holds original, thumbnail and a cached variant.
    const download = await t.request(`/images/${image.id}/download?format=png&size=512`, {
      cookie: member.cookie,
    });
    expect(download.status).toBe(200);
    const original = await t.request(image.url, { cookie: member.cookie });
    expect(
      Buffer.from(await original.arrayBuffer()).equals(s3.objects.get(imageKeys.original(image.id))!.body),
    ).toBe(true);
    expect(keysUnder(imageKeys.prefix(image.id)).length).toBeGreaterThanOrEqual(3);

    const res = await t.request(`/api/images/${image.id}`, { method: 'DELETE', cookie: member.cookie });
    expect(res.status).toBe(204);
    expect([...s3.objects.keys()]).toEqual([]);
    expect((await health(t)).deletions).toEqual({ status: 'ok', pending: 0, oldestAgeSeconds: null });
  });

  it('a refused deletion succeeds for the member, stays pending, shows in health, and is retried to empty', async () => {
    const t = await start();
    const member = await signUp(t);
    const image = (await generateImage(t, member, { prompt: 'a windmill' })).image;
    s3.refuseDeletes(() => true);

    const res = await t.request(`/api/images/${image.id}`, { method: 'DELETE', cookie: member.cookie });
    expect(res.status).toBe(204);
    // The picture is gone for everyone at once, though its files are still in the bucket.
    expect((await t.request(image.url, { cookie: member.cookie })).status).toBe(404);
    expect(keysUnder(imageKeys.prefix(image.id)).length).toBeGreaterThan(0);
    const pending = (await health(t)).deletions;
    expect(pending.pending).toBe(1);
    expect(pending.oldestAgeSeconds).toBeGreaterThanOrEqual(0);

    // Back-off: a sweep before the next attempt is due leaves it alone.
    expect(await t.deps.deletions.retryDue()).toEqual({ removed: 0, failed: 0 });
    // Still refused when due: it stays pending, with one more attempt counted.
    expect(await t.deps.deletions.retryDue(inAnHour())).toEqual({ removed: 0, failed: 1 });
    const [row] = await queryRows<{ attempts: number; last_error: string }>(
      t.deps.database.db,
      sql`select attempts, last_error from pending_deletions`,
    );
    expect(row.attempts).toBe(2);
    expect(row.last_error).toContain('AccessDenied');

    s3.refuseDeletes(null);
    expect(await t.deps.deletions.retryDue(new Date(Date.now() + 24 * 60 * 60_000))).toEqual({
      removed: 1,
      failed: 0,
    });
    expect([...s3.objects.keys()]).toEqual([]);
    expect((await health(t)).deletions).toEqual({ status: 'ok', pending: 0, oldestAgeSeconds: null });
  });
});

describe('deleting an account', () => {
  it('leaves no object of that member behind, even when the store refused at first', async () => {
    const t = await start();
    const leaving = await signUp(t, 'leaving-s3@example.com');
    const staying = await signUp(t);
    await addCredits(t.deps.database.db, {
      userId: leaving.user.id,
      amount: 1,
      type: 'grant',
      description: 'test',
    });
    const mine = [
      (await generateImage(t, leaving, { prompt: 'a red kite' })).image,
      (await generateImage(t, leaving, { prompt: 'a blue boat' })).image,
    ];
    const theirs = (await generateImage(t, staying, { prompt: 'a green frog' })).image;
    s3.refuseDeletes((key) => key.startsWith(imageKeys.prefix(mine[1].id)));

    const res = await t.request('/api/me', {
      method: 'DELETE',
      cookie: leaving.cookie,
      json: { confirmEmail: 'leaving-s3@example.com' },
    });
    expect(res.status).toBe(200);
    expect(keysUnder(imageKeys.prefix(mine[0].id))).toEqual([]);
    expect((await health(t)).deletions.pending).toBe(1);

    s3.refuseDeletes(null);
    await t.deps.deletions.retryDue(inAnHour());
    for (const image of mine) expect(keysUnder(imageKeys.prefix(image.id))).toEqual([]);
    expect(keysUnder(imageKeys.prefix(theirs.id)).length).toBeGreaterThan(0);
    expect((await health(t)).deletions.pending).toBe(0);
  });
});
