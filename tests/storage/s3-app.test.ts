// The app configured for an S3-compatible bucket, as at scale: generated images land in the bucket,
// are served through our /images/* routes with the privacy rule unchanged, public originals
// redirect to PUBLIC_IMAGE_BASE_URL, and deleting an image empties its prefix in the bucket.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { addCredits } from '../../src/server/credits/service';
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
  await app?.close();
  app = undefined;
});
afterAll(async () => {
  await s3.close();
});

it('stores in the bucket, serves through our routes with the privacy rule, and redirects public originals to the CDN', async () => {
  app = await createTestApp({
    env: {
      ...s3Env(s3),
      PUBLIC_IMAGE_BASE_URL: 'https://cdn.example.com/',
    },
    overrides: { imageProvider: scriptedProvider(), background: false },
  });
  const owner = await signUp(app);
  const other = await signUp(app);
  await addCredits(app.deps.database.db, {
    userId: owner.user.id,
    amount: 1,
    type: 'grant',
    description: 'test',
  });

  const shared = (await generateImage(app, owner, { prompt: 'a lighthouse' })).image;
  const secret = (await generateImage(app, owner, { prompt: 'a secret garden', privacy: 'private' })).image;
  for (const image of [shared, secret]) {
    expect(s3.objects.has(imageKeys.original(image.id))).toBe(true);
    expect(s3.objects.has(imageKeys.thumb(image.id))).toBe(true);
  }

  // Public original: any visitor is sent to the CDN copy of the same key.
  const redirected = await app.request(shared.url);
  expect(redirected.status).toBe(302);
  expect(redirected.headers.get('location')).toBe(`https://cdn.example.com/${imageKeys.original(shared.id)}`);
  // Its thumbnail still comes from us, out of the bucket.
  const thumb = await app.request(shared.thumbUrl);
  expect(thumb.status).toBe(200);
  expect(thumb.headers.get('content-type')).toBe('image/webp');

  // Private original: never redirected; the owner gets the bucket's bytes, everyone else a 404.
  const mine = await app.request(secret.url, { cookie: owner.cookie });
  expect(mine.status).toBe(200);
  expect(mine.headers.get('cache-control')).toBe('private, no-store');
  expect(
    Buffer.from(await mine.arrayBuffer()).equals(s3.objects.get(imageKeys.original(secret.id))!.body),
  ).toBe(true);
  expect((await app.request(secret.url, { cookie: other.cookie })).status).toBe(404);
  expect((await app.request(secret.url)).status).toBe(404);
  expect((await app.request(secret.thumbUrl, { cookie: other.cookie })).status).toBe(404);

  // Deleting the image removes every object under its prefix.
  const deleted = await app.request(`/api/images/${secret.id}`, { method: 'DELETE', cookie: owner.cookie });
  expect(deleted.status).toBe(204);
  expect([...s3.objects.keys()].filter((k) => k.startsWith(imageKeys.prefix(secret.id)))).toEqual([]);
  expect(s3.objects.has(imageKeys.original(shared.id))).toBe(true);
});

it('is ready on a bucket whose policy grants only images/* (least privilege)', async () => {
  s3.allowOnly('images/');
  try {
    app = await createTestApp({
      env: {
        ...s3Env(s3),
      },
      overrides: { background: false },
    });
    // The fake plays the policy: outside the prefix, AccessDenied.
    expect((await fetch(`${s3.url}/${s3.bucket}/health/x`, { headers: signed })).status).toBe(403);
    const stored = () => s3.versions().map((v) => `${v.key}@${v.versionId}`);
    const before = new Set(stored());
    const ready = await app.request('/api/ready');
    expect(await ready.json()).toMatchObject({
      status: 'ready',
      checks: { storage: { status: 'ok', kind: 's3' } },
    });
    expect(ready.status).toBe(200);
    // The probe cleaned up after itself.
    expect(stored().filter((v) => !before.has(v))).toEqual([]);
  } finally {
    s3.allowOnly(null);
  }
});

const signed = { authorization: 'AWS4-HMAC-SHA256 Credential=test' };
