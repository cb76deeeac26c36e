// The real app, built as in production, on a test database and a temporary data folder.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Env, loadConfig } from '../../src/server/config';
import { silentLogger } from '../../src/server/logger';
import { createRuntime, type Runtime, type RuntimeOverrides } from '../../src/server/runtime';
import { openTestDatabase } from './database';

export const ORIGIN = 'http://localhost:3000';

export type TestApp = Runtime & {
  dataDir: string;
  request(path: string, init?: RequestInit & { json?: unknown; cookie?: string }): Promise<Response>;
};

export async function createTestApp(
  opts: { env?: Env; overrides?: RuntimeOverrides } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    LOG_LEVEL: 'silent',
    RATE_LIMIT: 'false',
    // Jobs run in this process so tests can wait for them; the multi-process test uses pg-boss.
    JOB_QUEUE: 'in-process',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    // Production refuses a made-up sender; tests that run as production need a real-looking one.
    MAIL_FROM: 'Clipsmith <no-reply@mail.example.com>',
    ...opts.env,
  });
  const database = opts.overrides?.database ?? (await openTestDatabase());
  const runtime = await createRuntime(config, { logger: silentLogger, database, ...opts.overrides });
  return {
    ...runtime,
    dataDir,
    request(p, init = {}) {
      const { json, cookie, ...rest } = init;
      const headers = new Headers(rest.headers);
      // Better Auth refuses cookie-bearing requests from another origin; a browser would send ours.
      if (!headers.has('origin')) headers.set('origin', ORIGIN);
      if (cookie) headers.set('cookie', cookie);
      let body = rest.body;
      if (json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(json);
      }
      return Promise.resolve(runtime.app.request(`${ORIGIN}${p}`, { ...rest, headers, body }));
    },
    async close() {
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Joins the Set-Cookie headers of a response into one Cookie header. */
export function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export async function signUp(
  app: TestApp,
  email = `user${Math.random().toString(36).slice(2, 8)}@example.com`,
  password = 'correct horse battery',
) {
  const res = await app.request('/api/auth/sign-up/email', { method: 'POST', json: { email, password } });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string; email: string } };
  return { cookie: cookieFrom(res), user: body.user, email, password };
}
