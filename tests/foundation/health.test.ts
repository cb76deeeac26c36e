// Liveness and readiness: /api/health stays a cheap "is the process alive", /api/ready really uses
// the database, the storage and the queue and names the part that fails; features add their own
// named status to both.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { createLocalStorage } from '../../src/server/storage/local';
import type { Storage } from '../../src/server/storage/storage';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTestDatabase } from '../helpers/postgres';

const cleanup: Array<() => unknown> = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close().catch(() => {});
  t = undefined;
});

/** A storage folder that cannot be created: its parent is a file (a full or read-only disk acts alike). */
function brokenStorage(): Storage {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-broken-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'not-a-folder'), 'x');
  return createLocalStorage(path.join(dir, 'not-a-folder', 'images'));
}

describe('/api/ready', () => {
  it('answers 200 after a real round trip through the database, storage and queue', async () => {
    t = await createTestApp();
    const res = await t.request('/api/ready');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body).toMatchObject({
      status: 'ready',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      checks: {
        database: { status: 'ok' },
        storage: { status: 'ok', kind: 'local' },
        queue: { status: 'ok', runner: 'in-process', workers: 2 },
      },
    });
    expect(body.failed).toBeUndefined();
    // The probe object is deleted again: nothing is left in the images folder but the empty
    // folder of the images prefix, where the probe writes (a bucket policy may allow only images/*).
    const imagesDir = path.join(t.dataDir, 'images');
    const left = existsSync(imagesDir) ? readdirSync(imagesDir, { recursive: true }) : [];
    expect(left.filter((f) => !String(f).match(/^images\/?$/))).toEqual([]);
  });

  it('answers 503 naming the storage when objects cannot be written, while liveness stays 200', async () => {
    t = await createTestApp({ overrides: { storage: brokenStorage() } });
    const res = await t.request('/api/ready');
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.status).toBe('not_ready');
    expect(body.failed).toEqual(['storage']);
    expect(body.message).toMatch(/^storage: .*ENOTDIR/);
    expect(body.checks.database.status).toBe('ok');
    expect(body.checks.queue.status).toBe('ok');
    // Liveness does not touch storage: restarting the process would not mend a full disk.
    expect((await t.request('/api/health')).status).toBe(200);
  });

  it('answers 503 naming the queue once the job runner has stopped', async () => {
    t = await createTestApp();
    await t.deps.jobs.stop();
    const res = await t.request('/api/ready');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      failed: ['queue'],
      checks: { queue: { status: 'error', message: 'the job runner has stopped' } },
    });
  });

  it('answers 503 naming the database when it is gone', async () => {
    t = await createTestApp();
    await t.deps.database.close();
    const res = await t.request('/api/ready');
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.failed).toContain('database');
    expect(body.checks.database.status).toBe('error');
  });
});

describe('statuses contributed by features', () => {
  it('show on both routes; a warning marks health degraded without failing readiness', async () => {
    t = await createTestApp();
    t.deps.healthChecks.push({
      name: 'modelWatch',
      kind: 'status',
      run: () => ({ status: 'warn', message: 'gpt-x shuts down in 12 days', daysLeft: 12 }),
    });
    const health = await t.request('/api/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({
      status: 'degraded',
      db: 'ok',
      checks: { modelWatch: { status: 'warn', message: 'gpt-x shuts down in 12 days', daysLeft: 12 } },
    });
    const ready = await t.request('/api/ready');
    expect(ready.status).toBe(200);
    expect((await ready.json()).checks.modelWatch).toMatchObject({ status: 'warn', daysLeft: 12 });
  });

  it('a critical status in error (or one that throws) makes readiness 503 and names it', async () => {
    t = await createTestApp();
    t.deps.healthChecks.push({
      name: 'outbox',
      kind: 'status',
      critical: true,
      run: () => {
        throw new Error('3 e-mails could not be sent');
      },
    });
    const ready = await t.request('/api/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({
      failed: ['outbox'],
      message: 'outbox: 3 e-mails could not be sent',
    });
  });
});

const baseUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!baseUrl)('readiness on PostgreSQL with pg-boss', () => {
  it('checks the pg-boss queue and reports its backlog', async () => {
    const fresh = await createTestDatabase(baseUrl!);
    cleanup.push(() => fresh.drop());
    t = await createTestApp({
      env: { DATABASE_URL: fresh.url, JOB_QUEUE: 'pg-boss', WORKERS: '1' },
      overrides: { database: await openDatabase({ kind: 'postgres', url: fresh.url, max: 4 }) },
    });
    const res = await t.request('/api/ready');
    expect(res.status).toBe(200);
    expect((await res.json()).checks.queue).toMatchObject({
      status: 'ok',
      runner: 'pg-boss',
      workers: 1,
      queued: 0,
    });
    await t.deps.jobs.stop();
    expect((await t.request('/api/ready')).status).toBe(503);
  });
});
