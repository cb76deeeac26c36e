// A burst of sign-ups on PostgreSQL with a small connection pool: each answers 200 or a clean
// "busy, try again" (503 with Retry-After), never a 500, and a refused one leaves nothing behind.
// The password is hashed before the sign-up's transaction takes a pooled connection. Runs when
// TEST_DATABASE_URL is set (CI sets it).
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openDatabase, runMigrations } from '../../src/server/db/client';
import { rows } from '../helpers/accounts';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { createTestDatabase } from '../helpers/postgres';

/** Connections the app's pool has handed out and not yet taken back, when each hash started. */
const heldWhileHashing: number[] = [];
let pool: DatabaseHandle['pool'];
vi.mock('better-auth/crypto', async (importOriginal) => {
  const original = await importOriginal<typeof import('better-auth/crypto')>();
  return {
    ...original,
    hashPassword: (password: string) => {
      if (pool) heldWhileHashing.push(pool.totalCount - pool.idleCount);
      return original.hashPassword(password);
    },
  };
});

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('sign-ups in a burst on PostgreSQL', () => {
  let fresh: { url: string; drop(): Promise<void> } | undefined;
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    await fresh?.drop();
    pool = undefined;
    heldWhileHashing.length = 0;
  });

  const appWithPool = async (opts: { max: number; connectionWaitMs: number }) => {
    fresh = await createTestDatabase(baseUrl!);
    const database = await openDatabase({ kind: 'postgres', url: fresh.url, ...opts });
    await runMigrations(database);
    pool = database.pool;
    t = await createTestApp({ overrides: { database, background: false } });
    return t;
  };

  it('hashes the password while holding no database connection', async () => {
    const app = await appWithPool({ max: 2, connectionWaitMs: 5000 });
    const { cookie } = await signUp(app, 'hash-first@example.com');
    expect((await app.request('/api/me', { cookie })).status).toBe(200);
    expect(heldWhileHashing).toEqual([0]);
  });

  it('answers every one of 16 sign-ups at once on a 2-connection pool with 200 or a clean 503', async () => {
    // A short wait for a connection, so the burst outlasts it on any machine.
    const app = await appWithPool({ max: 2, connectionWaitMs: 100 });
    const emails = Array.from({ length: 16 }, (_, i) => `burst-${i}@example.com`);
    const answers = await Promise.all(
      emails.map(async (email) => {
        const res = await app.request('/api/auth/sign-up/email', {
          method: 'POST',
          json: { email, password: 'correct horse battery' },
        });
        return {
          email,
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
          body: await res.json(),
        };
      }),
    );
    for (const answer of answers) {
      if (answer.status === 200) expect(answer.body).toEqual({ status: 'confirmation_sent' });
      else
        expect(answer).toMatchObject({
          status: 503,
          retryAfter: '2',
          body: { error: { code: 'busy', message: expect.stringMatching(/try again/) } },
        });
    }
    // Nothing half made: each accepted address has its member records, each refused one nothing.
    const members = await rows<{ email: string; membership: number; credits: number }>(
      app,
      sql`select u.email, (select count(*)::int from memberships m where m.user_id = u.id) as membership,
        (select count(*)::int from credit_accounts c where c.user_id = u.id) as credits from "user" u`,
    );
    const accepted = answers.filter((a) => a.status === 200).map((a) => a.email);
    expect(members.map((m) => m.email).sort()).toEqual([...accepted].sort());
    for (const m of members) expect(m).toMatchObject({ membership: 1, credits: 1 });
    // A refused sign-up works when tried again.
    const refused = answers.find((a) => a.status === 503);
    if (refused) await signUp(app, refused.email);
  });
});
