import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, ORIGIN, signUp, type TestApp } from '../helpers/app';
import { errorOf, rows } from './support';

let t: TestApp;
beforeAll(async () => {
  // Counters use fixed one-minute windows: a slow burst of attempts that crosses a minute boundary
  // would start again at 1. The clock stands still at the start of a minute (timers still run).
  vi.useFakeTimers({ toFake: ['Date'], now: Math.floor(Date.now() / 60_000) * 60_000 + 1000 });
  t = await createTestApp({ env: { RATE_LIMIT: 'true' } });
});
afterAll(async () => {
  await t?.close();
  vi.useRealTimers();
});

// The Node adapter hands Hono the socket; tests stand in for it to choose the caller's address.
const from = (ip: string) => ({ incoming: { socket: { remoteAddress: ip } } });

function post(path: string, json: unknown, ip: string) {
  return t.app.request(
    `${ORIGIN}${path}`,
    {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify(json),
    },
    from(ip),
  );
}

async function expectLimited(res: Response) {
  expect(res.status).toBe(429);
  const error = await errorOf(res);
  expect(error.code).toBe('rate_limited');
  expect(error.message).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('rate limits', () => {
  it('sign-in: the 6th attempt for one e-mail is refused, from any address', async () => {
    const email = 'target@example.com';
    for (let i = 1; i <= 5; i++) {
      const res = await post(
        '/api/auth/sign-in/email',
        { email, password: 'guess number one' },
        `10.0.0.${i}`,
      );
      expect(res.status).toBe(401);
    }
    await expectLimited(
      await post('/api/auth/sign-in/email', { email: ' TARGET@example.com', password: 'x' }, '10.0.0.99'),
    );
    // Another e-mail from a fresh address still goes through.
    expect(
      (await post('/api/auth/sign-in/email', { email: 'other@example.com', password: 'x' }, '10.0.1.1'))
        .status,
    ).toBe(401);
  });

  it('sign-in: the 6th attempt from one address is refused, whatever the e-mail', async () => {
    for (let i = 1; i <= 5; i++) {
      const res = await post(
        '/api/auth/sign-in/email',
        { email: `spray${i}@example.com`, password: 'x' },
        '10.0.2.1',
      );
      expect(res.status).toBe(401);
    }
    await expectLimited(
      await post('/api/auth/sign-in/email', { email: 'spray6@example.com', password: 'x' }, '10.0.2.1'),
    );
  });

  it('sign-up: the 6th from one address is refused', async () => {
    for (let i = 1; i <= 5; i++) {
      const res = await post(
        '/api/auth/sign-up/email',
        { email: `new${i}@example.com`, password: 'long enough pw' },
        '10.0.3.1',
      );
      expect(res.status).toBe(200);
    }
    await expectLimited(
      await post(
        '/api/auth/sign-up/email',
        { email: 'new6@example.com', password: 'long enough pw' },
        '10.0.3.1',
      ),
    );
    const [{ n }] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from "user" where email = 'new6@example.com'`,
    );
    expect(n).toBe(0);
  });

  it('password reset: the 6th request for one e-mail is refused, known or not, alike', async () => {
    const { email } = await signUp(t);
    const stranger = 'stranger@example.com';
    for (let i = 1; i <= 5; i++) {
      expect((await post('/api/auth/request-password-reset', { email }, `10.0.4.${i}`)).status).toBe(200);
      expect(
        (await post('/api/auth/request-password-reset', { email: stranger }, `10.0.5.${i}`)).status,
      ).toBe(200);
    }
    const known = await post('/api/auth/request-password-reset', { email }, '10.0.4.99');
    const unknown = await post('/api/auth/request-password-reset', { email: stranger }, '10.0.5.99');
    expect(known.status).toBe(429);
    expect(unknown.status).toBe(429);
  });

  it('reset-password: the 6th attempt from one address is refused', async () => {
    for (let i = 1; i <= 5; i++) {
      const res = await post(
        '/api/auth/reset-password',
        { token: `guess-${i}`, newPassword: 'good new password' },
        '10.0.6.1',
      );
      expect(res.status).toBe(400);
    }
    await expectLimited(
      await post(
        '/api/auth/reset-password',
        { token: 'guess-6', newPassword: 'good new password' },
        '10.0.6.1',
      ),
    );
  });

  it('keeps the counters in the database', async () => {
    const counters = await rows<{ key: string; count: number }>(t, sql`select key, count from rate_limits`);
    expect(counters.some((c) => c.key.endsWith('email:target@example.com') && c.count >= 5)).toBe(true);
  });

  it('starts counting again in a new window', async () => {
    await t.deps.database.db.execute(sql`update rate_limits set window_start = window_start - 60000`);
    expect(
      (await post('/api/auth/sign-in/email', { email: 'target@example.com', password: 'x' }, '10.0.0.1'))
        .status,
    ).toBe(401);
  });
});
