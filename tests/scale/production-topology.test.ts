// The documented scale-out, as separate OS processes: two web processes with WORKERS=0 and one
// `npm run worker`, on PostgreSQL + pg-boss, an S3 bucket (the fake) and SMTP (the fake). The
// background work (deletions the store refused, the outbox purge) must happen there too, done by
// the process that runs jobs. Runs when TEST_DATABASE_URL is set (CI sets it).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationStatus } from '../../src/core/api';
import { type DatabaseHandle, openDatabase, queryRows } from '../../src/server/db/client';
import { waitForConfirmationToken } from '../helpers/app';
import { type FakeOpenAI, startFakeOpenAI } from '../helpers/fake-openai';
import { type FakeS3, s3Env, startFakeS3 } from '../helpers/fake-s3';
import { createTestDatabase } from '../helpers/postgres';
import { type ServerProcess, startServer, startWorker } from '../helpers/process';
import { type FakeSmtp, startFakeSmtp } from '../helpers/smtp';
import { waitFor } from '../helpers/wait';

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('production topology: two web processes and a worker', () => {
  let fresh: { url: string; drop(): Promise<void> };
  let db: DatabaseHandle;
  let openai: FakeOpenAI;
  let s3: FakeS3;
  let smtp: FakeSmtp;
  const procs: ServerProcess[] = [];
  let webA: ServerProcess;
  let webB: ServerProcess;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-topology-'));

  beforeAll(async () => {
    fresh = await createTestDatabase(baseUrl!);
    [openai, s3, smtp] = await Promise.all([startFakeOpenAI(), startFakeS3(), startFakeSmtp()]);
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: fresh.url,
      JOB_QUEUE: 'pg-boss',
      AUTH_SECRET: 'topology-secret-topology-secret-topology',
      IMAGE_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test-topology',
      OPENAI_BASE_URL: openai.url,
      ...s3Env(s3),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Clipsmith <no-reply@example.com>',
      RATE_LIMIT: 'false',
      SWEEP_INTERVAL_SECONDS: '1',
      JOB_TIMEOUT_SECONDS: '20',
      LOG_LEVEL: 'warn',
    };
    webA = await startServer({ ...env, WORKERS: '0' });
    procs.push(webA);
    webB = await startServer({ ...env, WORKERS: '0' });
    procs.push(webB);
    procs.push(await startWorker({ ...env, WORKERS: '2' }));
    db = await openDatabase({ kind: 'postgres', url: fresh.url, max: 2 });
  }, 120_000);

  afterAll(async () => {
    for (const p of procs) await p.stop('SIGKILL').catch(() => {});
    await db?.close();
    await Promise.all([openai?.close(), s3?.close(), smtp?.close()]);
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (
    p: ServerProcess,
    route: string,
    init: RequestInit & { cookie?: string; json?: unknown } = {},
  ) => {
    const headers = new Headers(init.headers);
    headers.set('origin', p.url.replace('127.0.0.1', 'localhost'));
    if (init.cookie) headers.set('cookie', init.cookie);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    return fetch(`${p.url}${route}`, {
      ...init,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
  };
  const cookieOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  const imageKeys = () => [...s3.objects.keys()].filter((k) => k.startsWith('images/'));

  it('a deletion the bucket refused is retried by the worker until the bucket is empty; old mail is purged', {
    timeout: 90_000,
  }, async () => {
    const email = 'topology@example.com';
    const signUp = await call(webA, '/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password: 'production topology' },
    });
    expect(signUp.status).toBe(200);
    // The confirmation goes out over SMTP.
    await smtp.waitFor(email);
    const token = await waitForConfirmationToken(db.db, email);
    const cookie = cookieOf(await call(webA, `/api/auth/verify-email?token=${encodeURIComponent(token)}`));

    const created = await call(webA, '/api/generations', {
      method: 'POST',
      cookie,
      json: { prompt: 'a lighthouse at dusk' },
    });
    expect(created.status).toBe(202);
    const { id } = (await created.json()) as { id: string };
    // The worker draws it; web B reports it.
    const done = await waitFor('the worker to finish the job', async () => {
      const res = await call(webB, `/api/generations/${id}`, { cookie });
      const job = (await res.json()) as GenerationStatus;
      return job.status === 'succeeded' || job.status === 'failed' ? job : undefined;
    });
    expect(done.status).toBe('succeeded');
    const imageId = done.image!.id;
    await waitFor('the picture and its thumbnail in the bucket', async () =>
      imageKeys().some((k) => k.endsWith('thumb.webp')) ? true : undefined,
    );

    // Mail older than the retention, already delivered: the worker's sweep removes it.
    await db.db.execute(
      sql`insert into outbox ("to", kind, subject, text, transport, sent_at, created_at)
          values ('old@example.com', 'other', 'old', 'old', 'smtp', now() - interval '40 days', now() - interval '40 days')`,
    );

    // The bucket refuses the deletion: the picture is gone for the member, its files stay pending.
    s3.refuseDeletes(() => true);
    const deleted = await call(webB, `/api/images/${imageId}`, { method: 'DELETE', cookie });
    expect(deleted.status).toBeLessThan(300);
    const [pending] = await queryRows<{ prefix: string; attempts: number }>(
      db.db,
      sql`select prefix, attempts from pending_deletions`,
    );
    expect(pending.prefix).toBe(`images/${imageId}/`);
    // Web B tried at once; the worker's sweep may have tried it too before the back-off was set.
    expect(pending.attempts).toBeGreaterThanOrEqual(1);
    expect(imageKeys().length).toBeGreaterThan(0);

    // The bucket accepts again and the back-off has passed: the worker's sweep retries.
    s3.refuseDeletes(null);
    await waitFor('the worker to empty the bucket', async () => {
      // (the back-off is passed on every poll: a sweep already under way when the bucket was still
      // refusing sets a new one after this test's first update, as CI on 7a3182e saw)
      await db.db.execute(sql`update pending_deletions set next_attempt_at = now()`);
      const left = await queryRows(db.db, sql`select 1 from pending_deletions`);
      return left.length === 0 && s3.objects.size === 0 ? true : undefined;
    });
    expect([...s3.objects.keys()]).toEqual([]);
    const oldMail = await queryRows(db.db, sql`select 1 from outbox where "to" = 'old@example.com'`);
    expect(oldMail).toEqual([]);
  });
});
