import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CHANGE_PASSWORD_ACCOUNT_RATE_LIMIT,
  DELETE_ACCOUNT_ACCOUNT_RATE_LIMIT,
  PASSWORD_FAILURES,
  SIGN_IN_ACCOUNT_RATE_LIMIT,
  SIGN_IN_RATE_LIMIT,
  signInSlowdownMs,
} from '../../src/server/platform/rate-limit';
import { errorOf, rows } from '../helpers/accounts';
import { createTestApp, ORIGIN, signUp, type TestApp } from '../helpers/app';

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
  it('sign-in: failing on purpose from many addresses never locks the member out, only slows the account', async () => {
    const { email, password } = await signUp(t, 'victim@example.com');
    // An attacker with many addresses, each trying once: no address is ever over its limit.
    for (let i = 1; i <= PASSWORD_FAILURES.limit + 1; i++) {
      const res = await post('/api/auth/sign-in/email', { email, password: `guess ${i}` }, `10.9.0.${i}`);
      expect(res.status).toBe(401);
    }
    // The member, from their own address, still gets in, after a short wait (the next check
    // would have waited the same with a wrong password, so the wait says nothing).
    const started = performance.now();
    const mine = await post('/api/auth/sign-in/email', { email, password }, '10.9.1.1');
    expect(mine.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(
      signInSlowdownMs(PASSWORD_FAILURES.limit + 1) - 5,
    );
    // A success clears the run of failures: the account is no longer slowed down.
    const counters = await rows(
      t,
      sql`select 1 from rate_limits where key = ${`password-failures:account:email:${email}`}`,
    );
    expect(counters).toEqual([]);
  });

  it('sign-in: each further failure for one account waits longer, right password or not', async () => {
    const { email } = await signUp(t, 'slowed@example.com');
    for (let i = 1; i <= PASSWORD_FAILURES.limit; i++) {
      expect(
        (await post('/api/auth/sign-in/email', { email, password: `g${i}xxxxxx` }, `10.8.0.${i}`)).status,
      ).toBe(401);
    }
    const waits: number[] = [];
    for (let i = 1; i <= 2; i++) {
      const started = performance.now();
      expect(
        (await post('/api/auth/sign-in/email', { email, password: `h${i}xxxxxx` }, `10.8.1.${i}`)).status,
      ).toBe(401);
      waits.push(performance.now() - started);
    }
    // 5 failures: the 6th waits nothing yet; the 7th waits 1 s. Never a 429 for the account.
    expect(waits[1]).toBeGreaterThanOrEqual(signInSlowdownMs(PASSWORD_FAILURES.limit + 1) - 5);
    expect(waits[1]).toBeGreaterThan(waits[0]);
  });

  it('sign-in: one address trying one account is refused after 5, other addresses are not', async () => {
    const email = 'target@example.com';
    for (let i = 1; i <= SIGN_IN_ACCOUNT_RATE_LIMIT.limit; i++) {
      expect(
        (await post('/api/auth/sign-in/email', { email, password: `guess ${i}` }, '10.0.0.1')).status,
      ).toBe(401);
    }
    await expectLimited(
      await post('/api/auth/sign-in/email', { email: ' TARGET@example.com', password: 'x' }, '10.0.0.1'),
    );
    // The same account from elsewhere still goes through.
    expect((await post('/api/auth/sign-in/email', { email, password: 'x' }, '10.0.0.2')).status).toBe(401);
  });

  it('sign-in: one address spraying many accounts is refused, whatever the e-mail', async () => {
    for (let i = 1; i <= SIGN_IN_RATE_LIMIT.limit; i++) {
      const res = await post(
        '/api/auth/sign-in/email',
        { email: `spray${i}@example.com`, password: 'x' },
        '10.0.2.1',
      );
      expect(res.status).toBe(401);
    }
    await expectLimited(
      await post('/api/auth/sign-in/email', { email: 'spray-last@example.com', password: 'x' }, '10.0.2.1'),
    );
  });

  it('sign-in: every address of one IPv6 /64 counts as one', async () => {
    for (let i = 1; i <= SIGN_IN_RATE_LIMIT.limit; i++) {
      const res = await post(
        '/api/auth/sign-in/email',
        { email: `v6-${i}@example.com`, password: 'x' },
        `2001:db8:77:1::${i.toString(16)}`,
      );
      expect(res.status).toBe(401);
    }
    await expectLimited(
      await post(
        '/api/auth/sign-in/email',
        { email: 'v6-last@example.com', password: 'x' },
        '2001:db8:77:1:ffff::1',
      ),
    );
  });

  it('change-password: wrong current passwords are limited per address and account, and slow the account', async () => {
    const { cookie, email } = await signUp(t, 'changer@example.com');
    const change = (currentPassword: string, ip: string) =>
      t.app.request(
        `${ORIGIN}/api/auth/change-password`,
        {
          method: 'POST',
          headers: { origin: ORIGIN, 'content-type': 'application/json', cookie },
          body: JSON.stringify({ currentPassword, newPassword: 'another long passphrase' }),
        },
        from(ip),
      );
    for (let i = 1; i <= CHANGE_PASSWORD_ACCOUNT_RATE_LIMIT.limit; i++) {
      const res = await change(`wrong ${i}`, '10.0.7.1');
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe('invalid_password');
    }
    await expectLimited(await change('wrong again', '10.0.7.1'));
    // Those failures count against the account at sign-in too: the next check waits.
    await post('/api/auth/sign-in/email', { email, password: 'wrong at sign-in' }, '10.0.7.2');
    const started = performance.now();
    await post('/api/auth/sign-in/email', { email, password: 'wrong at sign-in' }, '10.0.7.3');
    expect(performance.now() - started).toBeGreaterThanOrEqual(
      signInSlowdownMs(PASSWORD_FAILURES.limit + 1) - 5,
    );
  });

  it('delete-account: the 6th attempt from one address for one member is refused', async () => {
    const { cookie } = await signUp(t, 'deleter@example.com');
    const remove = (confirmEmail: string) =>
      t.app.request(
        `${ORIGIN}/api/me`,
        {
          method: 'DELETE',
          headers: { origin: ORIGIN, 'content-type': 'application/json', cookie },
          body: JSON.stringify({ confirmEmail }),
        },
        from('10.0.8.1'),
      );
    for (let i = 1; i <= DELETE_ACCOUNT_ACCOUNT_RATE_LIMIT.limit; i++) {
      expect((await remove(`guess${i}@example.com`)).status).toBe(400);
    }
    await expectLimited(await remove('deleter@example.com'));
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
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
    // No counter is keyed by the e-mail alone for sign-in.
    expect(
      counters.filter((c) => c.key.startsWith('sign-in') && /^sign-in[\w-]*:email:/.test(c.key)),
    ).toEqual([]);
  });

  it('starts counting again in a new window', async () => {
    await t.deps.database.db.execute(sql`update rate_limits set window_start = window_start - 60000`);
    expect(
      (await post('/api/auth/sign-in/email', { email: 'target@example.com', password: 'x' }, '10.0.0.1'))
        .status,
    ).toBe(401);
  });
});

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ env: { RATE_LIMIT: 'true', TRUST_PROXY: '1' } });
  });
  afterAll(() => proxied?.close());

  const signInVia = (app: TestApp, json: unknown, forwardedFor: string) =>
    app.app.request(
      `${ORIGIN}/api/auth/sign-in/email`,
      {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body: JSON.stringify(json),
      },
      // The load balancer's own address.
      from('10.1.0.1'),
    );

  it('is the right-most X-Forwarded-For entry: rotating the client-written ones changes nothing', async () => {
    const email = 'proxied@example.com';
    for (let i = 1; i <= SIGN_IN_ACCOUNT_RATE_LIMIT.limit; i++) {
      const res = await signInVia(proxied, { email, password: 'x' }, `6.6.6.${i}, 203.0.113.5`);
      expect(res.status).toBe(401);
    }
    await expectLimited(await signInVia(proxied, { email, password: 'x' }, '6.6.6.99, 203.0.113.5'));
    expect((await signInVia(proxied, { email, password: 'x' }, '203.0.113.6')).status).toBe(401);
  });

  it('is what the session records, not the address the client made up', async () => {
    const { email, password } = await signUp(proxied, 'proxied-session@example.com');
    const res = await signInVia(proxied, { email, password }, '6.6.6.6, 203.0.113.7');
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    const sessions = await rows<{ ip_address: string | null }>(
      proxied,
      sql`select ip_address from session where token = ${token}`,
    );
    expect(sessions[0].ip_address).toBe('203.0.113.7');
  });

  it('is the socket address when no proxy is trusted, whatever X-Forwarded-For says', async () => {
    const email = 'direct@example.com';
    for (let i = 1; i <= SIGN_IN_ACCOUNT_RATE_LIMIT.limit; i++) {
      expect((await signInVia(t, { email, password: 'x' }, `203.0.113.${i}`)).status).toBe(401);
    }
    await expectLimited(await signInVia(t, { email, password: 'x' }, '203.0.113.99'));
  });
});
