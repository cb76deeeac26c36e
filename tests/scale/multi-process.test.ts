// Two web processes and generation workers on one PostgreSQL database, as in production at scale.
// Runs when TEST_DATABASE_URL is set (CI sets it); pg-boss needs PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationStatus } from '../../src/core/api';
import { addCredits, getBalance } from '../../src/server/credits/service';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client';
import { creditTransactions, users } from '../../src/server/db/schema';
import { waitForConfirmationToken } from '../helpers/app';
import { type FakeOpenAI, startFakeOpenAI } from '../helpers/fake-openai';
import { createTestDatabase } from '../helpers/postgres';
import { type ServerProcess, startServer, startWorker } from '../helpers/process';
import { waitFor } from '../helpers/wait';

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('several processes on PostgreSQL', () => {
  let fresh: { url: string; drop(): Promise<void> };
  let db: DatabaseHandle;
  let fake: FakeOpenAI;
  const procs: ServerProcess[] = [];
  let webA: ServerProcess;
  let webB: ServerProcess;
  let env: Record<string, string>;
  // One folder for every process's pictures (a stand-in for the bucket), not the checkout's data/.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-multi-'));

  beforeAll(async () => {
    fresh = await createTestDatabase(baseUrl!);
    fake = await startFakeOpenAI();
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: fresh.url,
      // Every process must sign and read the same session cookies.
      AUTH_SECRET: 'multi-process-secret-multi-process-secret',
      IMAGE_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test-multi',
      OPENAI_BASE_URL: fake.url,
      RATE_LIMIT: 'false',
      // A short deadline: pg-boss takes a dead worker's job back 5 s after it, looking every second.
      JOB_TIMEOUT_SECONDS: '10',
      LOG_LEVEL: 'warn',
    };
    // One process migrates the fresh database first; the others find it ready.
    webA = await startServer({ ...env, WORKERS: '0' });
    procs.push(webA);
    webB = await startServer({ ...env, WORKERS: '0' });
    procs.push(webB);
    db = await openDatabase({ kind: 'postgres', url: fresh.url, max: 2 });
  }, 120_000);

  afterAll(async () => {
    for (const p of procs) await p.stop('SIGKILL').catch(() => {});
    await db?.close();
    await fake?.close();
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const origin = (p: ServerProcess) => p.url.replace('127.0.0.1', 'localhost');
  const call = (
    p: ServerProcess,
    path: string,
    init: RequestInit & { cookie?: string; json?: unknown } = {},
  ) => {
    const headers = new Headers(init.headers);
    headers.set('origin', origin(p));
    if (init.cookie) headers.set('cookie', init.cookie);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    return fetch(`${p.url}${path}`, {
      ...init,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
  };

  async function signUpOn(p: ServerProcess, email: string) {
    const res = await call(p, '/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password: 'several processes' },
    });
    expect(res.status).toBe(200);
    const token = await waitForConfirmationToken(db.db, email);
    const confirmed = await call(p, `/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(confirmed.status).toBe(200);
    return confirmed.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  async function userId(email: string) {
    const [u] = await db.db.select().from(users).where(eq(users.email, email));
    return u.id;
  }

  it('signs in on web A, watches progress on web B and gets the image from a worker', {
    timeout: 90_000,
  }, async () => {
    const worker = await startWorker({ ...env, WORKERS: '1' });
    procs.push(worker);
    await signUpOn(webA, 'multi@example.com');
    const signIn = await call(webA, '/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'multi@example.com', password: 'several processes' },
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const created = await call(webA, '/api/generations', {
      method: 'POST',
      cookie,
      json: { prompt: 'a friendly robot' },
    });
    expect(created.status).toBe(202);
    const { id } = await created.json();

    // Progress streams from web B, although neither web process runs the job.
    const stream = await call(webB, `/api/generations/${id}/events`, { cookie });
    const text = await stream.text();
    const events = text
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => JSON.parse(l.slice(6)) as GenerationStatus);
    const last = events.at(-1)!;
    expect(last.status).toBe('succeeded');
    const image = await call(webB, last.image!.url, { cookie });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(fake.calls('images')).toHaveLength(1);
    await worker.stop('SIGTERM');
  });

  it('a worker killed mid-job: another worker settles it, and nothing is charged twice', {
    timeout: 150_000,
  }, async () => {
    fake.script('images', { image: 'b64', delayMs: 60_000 });
    const first = await startWorker({ ...env, WORKERS: '1' });
    procs.push(first);
    const cookie = await signUpOn(webA, 'crash@example.com');
    const uid = await userId('crash@example.com');
    await addCredits(db.db, { userId: uid, amount: 1, type: 'grant', description: 'test' });

    // Counted before the job exists: a quick worker may ask the provider before the answer is read.
    const before = fake.calls('images').length;
    const created = await call(webA, '/api/generations', {
      method: 'POST',
      cookie,
      json: { prompt: 'a lighthouse', privacy: 'private' },
    });
    const { id, cost } = await created.json();
    expect(cost).toBe(1);
    expect(await getBalance(db.db, uid)).toBe(0);

    // The worker has asked the provider: now it dies without a chance to clean up.
    await waitFor('the provider call', async () => (fake.calls('images').length > before ? true : undefined));
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startWorker({ ...env, WORKERS: '1' });
    procs.push(second);
    const settled = await waitFor(
      'the job to be settled',
      async () => {
        const res = await call(webB, `/api/generations/${id}`, { cookie });
        const body = (await res.json()) as GenerationStatus;
        return body.status === 'failed' || body.status === 'succeeded' ? body : undefined;
      },
      60_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; the second worker said:\n${second.output()}`);
    });
    const ledger = await db.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.referenceId, id));
    const spends = ledger.filter((r) => r.type === 'spend');
    const refunds = ledger.filter((r) => r.type === 'refund');
    expect(spends).toHaveLength(1);
    if (settled.status === 'failed') {
      expect(refunds).toHaveLength(1);
      expect(await getBalance(db.db, uid)).toBe(1);
    } else {
      expect(refunds).toHaveLength(0);
      expect(await getBalance(db.db, uid)).toBe(0);
    }
    // Nothing changes later either: a late retry cannot refund or charge again.
    await new Promise((r) => setTimeout(r, 3000));
    const again = await db.db.select().from(creditTransactions).where(eq(creditTransactions.referenceId, id));
    expect(again).toHaveLength(ledger.length);
  });
});
