// The real app, built as in production, on a test database and a temporary data folder.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Env, loadConfig } from '../../src/server/config';
import { type Database, queryRows } from '../../src/server/db/client';
import { silentLogger } from '../../src/server/logger';
import { createRuntime, type Runtime, type RuntimeOverrides } from '../../src/server/runtime';
import { openTestDatabase } from './database';
import { type FakeSmtp, startFakeSmtp } from './smtp';

export const ORIGIN = 'http://localhost:3000';

export type TestApp = Runtime & {
  dataDir: string;
  request(path: string, init?: RequestInit & { json?: unknown; cookie?: string }): Promise<Response>;
};

export async function createTestApp(
  opts: { env?: Env; overrides?: RuntimeOverrides } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-test-'));
  // Production refuses to start without SMTP: such an app sends its mail to a local SMTP server.
  const smtp: FakeSmtp | undefined =
    opts.env?.NODE_ENV === 'production' && !opts.env.SMTP_URL ? await startFakeSmtp() : undefined;
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
    ...(smtp ? { SMTP_URL: smtp.url } : {}),
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
      await smtp?.close();
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

/**
 * Signs up as a person would: the form, then the link of the confirmation e-mail, which signs in.
 * Returns the session cookie and the member.
 */
export async function signUp(
  app: TestApp,
  email = `user${Math.random().toString(36).slice(2, 8)}@example.com`,
  password = 'correct horse battery',
) {
  const res = await app.request('/api/auth/sign-up/email', { method: 'POST', json: { email, password } });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const confirmed = await confirmEmail(app, email);
  const [user] = await queryRows<{ id: string; email: string }>(
    app.deps.database.db,
    sql`select id, email from "user" where email = ${email.trim().toLowerCase()}`,
  );
  if (!user) throw new Error(`no member ${email} after sign-up`);
  return { cookie: cookieFrom(confirmed), user, email, password };
}

/** The token of the sign-up confirmation link in an e-mail's text, or null. */
export function confirmationTokenIn(text: string): string | null {
  const match = /\/verify-email\?token=([^\s"<&]+)/.exec(text);
  return match ? decodeURIComponent(match[1]) : null;
}

/** The token of the newest confirmation link mailed to `email` (mail leaves just after the answer). */
export async function waitForConfirmationToken(
  db: Database,
  email: string,
  timeoutMs = 10_000,
): Promise<string> {
  const to = email.trim().toLowerCase();
  for (const end = Date.now() + timeoutMs; Date.now() < end; ) {
    const [mail] = await queryRows<{ text: string }>(
      db,
      sql`select text from outbox where "to" = ${to} and kind = 'email-verification' order by created_at desc limit 1`,
    );
    const token = mail && confirmationTokenIn(mail.text);
    if (token) return token;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no confirmation e-mail to ${email}`);
}

export const confirmationToken = (app: TestApp, email: string) =>
  waitForConfirmationToken(app.deps.database.db, email);

/** Follows the newest confirmation link mailed to `email`; the answer carries the new session. */
export async function confirmEmail(app: TestApp, email: string): Promise<Response> {
  const token = await confirmationToken(app, email);
  const res = await app.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  if (res.status !== 200) throw new Error(`confirming ${email} failed: ${res.status} ${await res.text()}`);
  return res;
}
