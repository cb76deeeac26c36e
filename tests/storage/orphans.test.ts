// `npm run admin -- storage:orphans [--delete]` on an S3-compatible bucket: pages through the
// image prefix, lists files that no image row and no pending deletion own (leaving young ones,
// which may be an upload in progress), and removes them through the pending-deletion path.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAdmin } from '../../src/server/cli/admin';
import { recordDeletions } from '../../src/server/storage/deletions';
import { imageKeys } from '../../src/server/storage/storage';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { type FakeS3, s3Env, startFakeS3 } from '../helpers/fake-s3';

let s3: FakeS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startFakeS3();
  t = await createTestApp({
    env: {
      ...s3Env(s3),
    },
    overrides: { background: false },
  });
});
afterAll(async () => {
  await t?.close();
  await s3.close();
});

it('lists and removes only the files nothing owns, paging through the bucket', async () => {
  const member = await signUp(t);
  const res = await t.request('/api/generations', {
    method: 'POST',
    cookie: member.cookie,
    json: { prompt: 'a owl' },
  });
  expect(res.status).toBe(202);
  await t.deps.jobs.idle();
  await t.deps.thumbnails.drain();
  const owned = [...s3.objects.keys()];
  expect(owned.length).toBeGreaterThan(0);

  const dayAgo = new Date(Date.now() - 24 * 60 * 60_000);
  const orphans = ['0b8f2d6e-1111-4a4a-9b9b-000000000001', '0b8f2d6e-1111-4a4a-9b9b-000000000002'];
  for (const id of orphans) {
    s3.seed(imageKeys.original(id), 'old png', dayAgo);
    s3.seed(imageKeys.thumb(id), 'old webp', dayAgo);
  }
  s3.seed('images/stray.tmp', 'half a write', dayAgo);
  // Being deleted already: the retry sweep owns it.
  const pendingId = '0b8f2d6e-1111-4a4a-9b9b-000000000003';
  s3.seed(imageKeys.original(pendingId), 'png', dayAgo);
  await recordDeletions(t.deps.database.db, [imageKeys.prefix(pendingId)], 'image deleted');
  // Just uploaded, its row not yet written: too young to call an orphan.
  const uploading = '0b8f2d6e-1111-4a4a-9b9b-000000000004';
  s3.seed(imageKeys.original(uploading), 'png');
  s3.maxKeys = 2;

  const lines: string[] = [];
  const run = (args: string[]) =>
    runAdmin(t.deps.database.db, args, (l) => lines.push(l), {
      storage: t.deps.storage,
      logger: t.deps.logger,
    });
  await run(['storage:orphans']);
  const listed = lines.filter((l) => l.startsWith('images/')).map((l) => l.split(/\s+/)[0]);
  expect(listed.sort()).toEqual([...orphans.map((id) => imageKeys.prefix(id)), 'images/stray.tmp'].sort());
  expect(lines.join('\n')).toContain('3 orphaned prefixes');
  expect(lines.join('\n')).toContain('1 unowned prefix is younger than 1 h');
  expect(s3.objects.size).toBe(owned.length + 7);

  lines.length = 0;
  await run(['storage:orphans', '--delete']);
  expect(lines.join('\n')).toContain('Removed 3 of 3.');
  expect([...s3.objects.keys()].sort()).toEqual(
    [...owned, imageKeys.original(pendingId), imageKeys.original(uploading)].sort(),
  );
  s3.maxKeys = 1000;

  await expect(run(['storage:orphans', '--force'])).rejects.toThrow('Unknown option "--force"');
});
