import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, queryRows } from '../../src/server/db/client';
import { confirmationTokenIn, createTestApp } from '../helpers/app';
import { openTestDatabase, testEngine } from '../helpers/database';
import { freePort, type ServerProcess, startServer } from '../helpers/process';
import { waitFor } from '../helpers/wait';

const cleanup: Array<() => unknown> = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

describe(`migrations on ${testEngine}`, () => {
  it('applies every committed migration and creates the tables', async () => {
    const handle = await openTestDatabase();
    cleanup.push(() => handle.close());
    const { runMigrations } = await import('../../src/server/db/client');
    await runMigrations(handle); // a second run is a no-op
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'));
    const applied = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied[0].n).toBe(files.length);
    const tables = await queryRows<{ table_name: string }>(
      handle.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    const names = tables.map((r) => r.table_name);
    for (const t of [
      'user',
      'session',
      'profiles',
      'memberships',
      'image_usage',
      'credit_accounts',
      'credit_transactions',
      'generated_images',
      'generations',
    ]) {
      expect(names).toContain(t);
    }
  });
});

describe('health when the database is down', () => {
  it('answers 503 with db down', async () => {
    const t = await createTestApp();
    await t.deps.database.close();
    const res = await t.request('/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'degraded', db: 'down' });
    await t.close().catch(() => {});
  });
});

describe('the server process', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-proc-'));
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let server: ServerProcess | undefined;
  cleanup.push(() => server?.stop('SIGKILL'));

  it('keeps its data across a restart on the same DATA_DIR', { timeout: 90_000 }, async () => {
    const env = { DATA_DIR: dataDir, RATE_LIMIT: 'false' };
    server = await startServer(env);
    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url.replace('127.0.0.1', 'localhost') },
      body: JSON.stringify({ email: 'keep@example.com', password: 'persistent pass' }),
    });
    expect(signUp.status).toBe(200);
    // The e-mail's link finishes the sign-up (the outbox is readable outside production).
    const url = server.url;
    const token = await waitFor('the confirmation e-mail', async () => {
      const { messages } = (await (await fetch(`${url}/dev/mail.json`)).json()) as {
        messages: Array<{ text: string }>;
      };
      return messages.map((m) => confirmationTokenIn(m.text)).find(Boolean) ?? undefined;
    });
    expect((await fetch(`${url}/api/auth/verify-email?token=${encodeURIComponent(token)}`)).status).toBe(200);
    expect(await server.stop()).toBe(0);

    server = await startServer({ ...env, PORT: new URL(server.url).port });
    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url.replace('127.0.0.1', 'localhost') },
      body: JSON.stringify({ email: 'keep@example.com', password: 'persistent pass' }),
    });
    expect(signIn.status).toBe(200);
    expect((await signIn.json()).user.email).toBe('keep@example.com');
  });

  it('refuses a second process on the same PGlite folder with a clear message', {
    timeout: 60_000,
  }, async () => {
    expect(server).toBeDefined();
    const { runServer } = await import('../helpers/process');
    const second = runServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another Clipsmith process');
  });

  it('keeps an idle connection open for reuse, longer than a load balancer does (60 s)', {
    timeout: 30_000,
  }, async () => {
    expect(server).toBeDefined();
    const { port } = new URL(server!.url);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; keepAlive: string | undefined; socket: unknown }>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
          res.resume();
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              keepAlive: res.headers['keep-alive']?.toString(),
              socket: req.socket,
            }),
          );
        });
        req.on('error', reject);
      });
    const first = await get();
    expect(first.keepAlive).toBe('timeout=65');
    let closed = false;
    (first.socket as import('node:net').Socket).once('close', () => {
      closed = true;
    });
    // Past Node's 5 s default: a client sending now on the idle connection must not be cut off.
    await new Promise((r) => setTimeout(r, 6_000));
    expect(closed).toBe(false);
    const second = await get();
    expect(second.status).toBe(200);
    expect(second.socket).toBe(first.socket);
    agent.destroy();
  });

  it('finishes an in-flight request on SIGTERM, then exits 0', { timeout: 60_000 }, async () => {
    expect(server).toBeDefined();
    const s = server!;
    const { port } = new URL(s.url);
    // A request whose body is still arriving when the signal comes.
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/auth/sign-in/email',
          headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
        },
        (res) => {
          let body = '';
          res.on('data', (d) => {
            body += d;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write('{"email":"keep@example.com",');
      setTimeout(() => {
        s.child.kill('SIGTERM');
        setTimeout(() => req.end('"password":"wrong password"}'), 500);
      }, 200);
    });
    const { status, body } = await response;
    expect(status).toBe(401);
    expect(body).toContain('Invalid email or password');
    expect(await s.exited).toBe(0);
    expect(s.output()).toContain('shutting down');
  });
});
