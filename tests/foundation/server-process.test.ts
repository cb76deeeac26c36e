// The server as a process on its own DATA_DIR (the embedded PGlite): restarts, the folder's lock,
// idle connections, SIGTERM. The same whatever database the other tests run on, so it runs on the
// PGlite pass only (vitest.config.ts, ENGINE_INDEPENDENT).
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { confirmationTokenIn } from '../helpers/app';
import { freePort, type ServerProcess, startServer } from '../helpers/process';
import { waitFor } from '../helpers/wait';

const cleanup: Array<() => unknown> = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
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
