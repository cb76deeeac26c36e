import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../src/server/storage/local';
import { createS3Storage } from '../../src/server/storage/s3';
import { imageKeys, type Storage, StorageDeleteError } from '../../src/server/storage/storage';
import { type FakeS3, startFakeS3 } from '../helpers/fake-s3';

let s3: FakeS3;
const dir = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-storage-'));
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => {
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The S3 adapter on the fake bucket; `overrides` changes one setting (region, timeout). */
const bucketStorage = (overrides: Partial<Parameters<typeof createS3Storage>[0]> = {}) =>
  createS3Storage({
    endpoint: s3.url,
    bucket: s3.bucket,
    region: 'us-east-1',
    accessKeyId: 'test',
    secretAccessKey: 'test-secret',
    ...overrides,
  });

const adapters: Array<[string, () => Storage]> = [
  ['local folder', () => createLocalStorage(dir)],
  ['S3-compatible bucket', () => bucketStorage()],
];

describe.each(adapters)('storage: %s', (_name, make) => {
  it('stores, reads back with a type and an ETag, and deletes an image with its variants', async () => {
    const storage = make();
    const id = '5f0c1b1e-7a3e-4d1e-9c1a-2b3c4d5e6f70';
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await storage.put(imageKeys.original(id), png, 'image/png');
    await storage.put(imageKeys.thumb(id), Buffer.from('webp'), 'image/webp');
    await storage.put(imageKeys.variant(id, 'sticker-512.png'), Buffer.from('sticker'), 'image/png');
    await storage.put(imageKeys.original('other'), Buffer.from('keep'), 'image/png');

    const got = await storage.get(imageKeys.original(id));
    expect(got?.bytes.equals(png)).toBe(true);
    expect(got?.contentType).toBe('image/png');
    expect(got?.etag).toMatch(/^".+"$/);
    expect(await storage.get(imageKeys.vector(id))).toBeNull();

    await storage.deletePrefix(imageKeys.prefix(id));
    expect(await storage.get(imageKeys.original(id))).toBeNull();
    expect(await storage.get(imageKeys.variant(id, 'sticker-512.png'))).toBeNull();
    expect((await storage.get(imageKeys.original('other')))?.bytes.toString()).toBe('keep');
  });

  it('takes several writes of the same key at once (a grid making a thumbnail the queue is making)', async () => {
    const storage = make();
    const key = imageKeys.thumb('0b5e2c1a-3d4f-4a6b-8c7d-9e0f1a2b3c4d');
    const versions = Array.from({ length: 8 }, (_, i) => Buffer.alloc(64 * 1024, i + 1));
    await Promise.all(versions.map((bytes) => storage.put(key, bytes, 'image/webp')));
    const stored = await storage.get(key);
    // Whichever write came last, the file is one of them, whole.
    expect(versions.some((v) => stored?.bytes.equals(v))).toBe(true);
  });

  it('lists every object under a prefix page by page, in key order', async () => {
    const storage = make();
    const ids = Array.from({ length: 3 }, (_, i) => `0000000${i}-list-test`);
    for (const id of ids) {
      await storage.put(imageKeys.original(id), Buffer.from(id), 'image/png');
      await storage.put(imageKeys.thumb(id), Buffer.from(id), 'image/webp');
    }
    const keys: string[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const page = await storage.list('images/0000000', next);
      keys.push(...page.objects.map((o) => o.key));
      for (const o of page.objects) expect(Date.now() - o.lastModified.getTime()).toBeLessThan(60_000);
      next = page.next;
      pages++;
    } while (next && pages < 20);
    expect(keys).toEqual(ids.flatMap((id) => [imageKeys.original(id), imageKeys.thumb(id)]));
    for (const id of ids) await storage.deletePrefix(imageKeys.prefix(id));
    expect((await storage.list('images/0000000')).objects).toEqual([]);
  });
});

describe('S3 adapter on a strict S3-compatible store', () => {
  const storage = () => bucketStorage();

  it('sends no flexible checksum on uploads and reads, and Content-MD5 on DeleteObjects', async () => {
    const id = 'a1b2c3d4-0000-4000-8000-000000000001';
    const before = s3.requests.length;
    await storage().put(imageKeys.original(id), Buffer.from('png bytes'), 'image/png');
    expect((await storage().get(imageKeys.original(id)))?.bytes.toString()).toBe('png bytes');
    await storage().deletePrefix(imageKeys.prefix(id));
    expect(s3.objects.has(imageKeys.original(id))).toBe(false);
    const sent = s3.requests.slice(before);
    const remove = sent.find((r) => r.method === 'POST' && r.path.includes('delete'));
    expect(remove?.headers['content-md5']).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    for (const r of sent) {
      expect(Object.keys(r.headers).filter((h) => /^x-amz-(checksum|sdk-checksum|trailer)/.test(h))).toEqual(
        [],
      );
    }
  });

  it('pages through more keys than one list answer holds when deleting a prefix', async () => {
    s3.maxKeys = 2;
    try {
      const id = 'a1b2c3d4-0000-4000-8000-000000000002';
      for (let i = 0; i < 5; i++)
        await storage().put(imageKeys.variant(id, `v${i}.png`), Buffer.from('x'), 'image/png');
      await storage().deletePrefix(imageKeys.prefix(id));
      expect([...s3.objects.keys()].filter((k) => k.startsWith(imageKeys.prefix(id)))).toEqual([]);
    } finally {
      s3.maxKeys = 1000;
    }
  });

  it('treats the per-key Errors of a 200 DeleteObjects answer as a failure naming the keys', async () => {
    const id = 'a1b2c3d4-0000-4000-8000-000000000003';
    await storage().put(imageKeys.original(id), Buffer.from('png'), 'image/png');
    await storage().put(imageKeys.thumb(id), Buffer.from('webp'), 'image/webp');
    s3.refuseDeletes((key) => key.endsWith('thumb.webp'));
    try {
      const error = await storage()
        .deletePrefix(imageKeys.prefix(id))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorageDeleteError);
      expect((error as StorageDeleteError).refused).toEqual([
        { key: imageKeys.thumb(id), code: 'AccessDenied', message: 'Access Denied' },
      ]);
      expect(s3.objects.has(imageKeys.thumb(id))).toBe(true);
      expect(s3.objects.has(imageKeys.original(id))).toBe(false);
    } finally {
      s3.refuseDeletes(null);
    }
    await storage().deletePrefix(imageKeys.prefix(id));
    expect(s3.objects.has(imageKeys.thumb(id))).toBe(false);
  });
});

describe('S3 adapter on a versioned bucket (as docs/deploy.md recommends)', () => {
  const storage = () => bucketStorage();

  it('deletes every version of an image, leaving neither bytes nor delete markers behind', async () => {
    const id = 'a1b2c3d4-0000-4000-8000-000000000010';
    // Written before versioning was turned on: the version "null".
    await storage().put(imageKeys.thumb(id), Buffer.from('old thumb'), 'image/webp');
    s3.setVersioning(true);
    s3.maxKeys = 2;
    try {
      await storage().put(imageKeys.original(id), Buffer.from('private picture'), 'image/png');
      await storage().put(imageKeys.original(id), Buffer.from('private picture, again'), 'image/png');
      await storage().put(imageKeys.thumb(id), Buffer.from('new thumb'), 'image/webp');
      for (let i = 0; i < 3; i++)
        await storage().put(imageKeys.variant(id, `v${i}.png`), Buffer.from('x'), 'image/png');
      expect(s3.versions(imageKeys.prefix(id))).toHaveLength(7);

      await storage().deletePrefix(imageKeys.prefix(id));
      expect(await storage().get(imageKeys.original(id))).toBeNull();
      // Not hidden behind delete markers: gone, every version.
      expect(s3.versions(imageKeys.prefix(id))).toEqual([]);
    } finally {
      s3.setVersioning(false);
      s3.maxKeys = 1000;
    }
  });

  it('removes the versions an earlier plain delete left behind its markers', async () => {
    const id = 'a1b2c3d4-0000-4000-8000-000000000011';
    s3.setVersioning(true);
    try {
      await storage().put(imageKeys.original(id), Buffer.from('private picture'), 'image/png');
      // What the adapter used to send: DeleteObjects without a VersionId, which only adds a marker.
      const body = `<Delete><Object><Key>${imageKeys.original(id)}</Key></Object><Quiet>true</Quiet></Delete>`;
      const plain = await fetch(`${s3.url}/${s3.bucket}?delete`, {
        method: 'POST',
        headers: {
          authorization: 'AWS4-HMAC-SHA256 Credential=test',
          'content-md5': createHash('md5').update(body).digest('base64'),
        },
        body,
      });
      expect(plain.status).toBe(200);
      expect(await storage().get(imageKeys.original(id))).toBeNull();
      expect(s3.versions(imageKeys.prefix(id)).map((v) => v.deleteMarker)).toEqual([false, true]);

      await storage().deletePrefix(imageKeys.prefix(id));
      expect(s3.versions(imageKeys.prefix(id))).toEqual([]);
    } finally {
      s3.setVersioning(false);
    }
  });
});

it('deletes by the plain list on a store without ListObjectVersions (R2)', async () => {
  const storage = bucketStorage({ region: 'auto' });
  const id = 'a1b2c3d4-0000-4000-8000-000000000012';
  s3.listsVersions = false;
  try {
    for (const name of ['a.png', 'b.png'])
      await storage.put(imageKeys.variant(id, name), Buffer.from('x'), 'image/png');
    await storage.deletePrefix(imageKeys.prefix(id));
    await storage.put(imageKeys.original(id), Buffer.from('x'), 'image/png');
    await storage.deletePrefix(imageKeys.prefix(id));
    expect([...s3.objects.keys()].filter((k) => k.startsWith(imageKeys.prefix(id)))).toEqual([]);
  } finally {
    s3.listsVersions = true;
  }
});

describe('S3 adapter on a store that stops answering', () => {
  const id = 'a1b2c3d4-0000-4000-8000-000000000020';
  const storage = (timeoutMs?: number) => bucketStorage({ timeoutMs });

  it('gives a silent store up after its timeout instead of waiting forever', async () => {
    s3.stall(true);
    try {
      const started = Date.now();
      const error = await storage(300)
        .put(imageKeys.original(id), Buffer.from('png'), 'image/png')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      // The SDK's own retries included.
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      s3.stall(false);
    }
  });

  it("abandons an upload when the job's deadline passes", async () => {
    s3.stall(true);
    try {
      const started = Date.now();
      const error = await storage()
        .put(imageKeys.original(id), Buffer.from('png'), 'image/png', { signal: AbortSignal.timeout(300) })
        .catch((e: unknown) => e);
      expect((error as Error).name).toMatch(/Abort|Timeout/);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      s3.stall(false);
    }
  });
});

it('the S3 adapter signs its requests (the fake refuses unsigned ones)', async () => {
  const res = await fetch(`${s3.url}/${s3.bucket}/x`);
  expect(res.status).toBe(403);
  expect(s3.requests.some((r) => r.method === 'PUT')).toBe(true);
});
