// The session behind our API routes: the fast path (session-reader.ts) must agree with Better
// Auth on every case a member or an attacker could bring.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/server/db/schema';
import { createTestApp, signUp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const DAY = 24 * 60 * 60 * 1000;
const me = (cookie: string) => t.request('/api/me', { cookie });
const tokenOf = (cookie: string) =>
  decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1])
    .split('.')
    .slice(0, -1)
    .join('.');
const sessionRow = async (cookie: string) =>
  (
    await t.deps.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.token, tokenOf(cookie)))
  )[0];

describe('the session of our API routes', () => {
  it('opens /api/me for the member whose cookie it is', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    expect(((await (await me(a.cookie)).json()) as { user: { email: string } }).user.email).toBe(a.email);
    expect(((await (await me(b.cookie)).json()) as { user: { email: string } }).user.email).toBe(b.email);
  });

  it('refuses a cookie whose token or signature was changed', async () => {
    const { cookie } = await signUp(t);
    const [name, value] = cookie.split(';')[0].split('=');
    const decoded = decodeURIComponent(value);
    const dot = decoded.lastIndexOf('.');
    const otherToken = `${name}=${encodeURIComponent(`x${decoded.slice(1, dot)}${decoded.slice(dot)}`)}`;
    const otherSignature = `${name}=${encodeURIComponent(`${decoded.slice(0, dot)}.${'A'.repeat(43)}=`)}`;
    const unsigned = `${name}=${encodeURIComponent(decoded.slice(0, dot))}`;
    for (const forged of [otherToken, otherSignature, unsigned, `${name}=%E0%A4%A`]) {
      expect((await me(forged)).status).toBe(401);
    }
    expect((await me(cookie)).status).toBe(200);
  });

  it('stops working at once when the session is signed out', async () => {
    const { cookie } = await signUp(t);
    expect((await me(cookie)).status).toBe(200);
    const out = await t.request('/api/auth/sign-out', { method: 'POST', cookie, json: {} });
    expect(out.status).toBe(200);
    expect((await me(cookie)).status).toBe(401);
  });

  it('refuses an expired session and removes it', async () => {
    const { cookie } = await signUp(t);
    const row = await sessionRow(cookie);
    await t.deps.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, row.id));
    expect((await me(cookie)).status).toBe(401);
    expect(await sessionRow(cookie)).toBeUndefined();
  });

  it('extends a session in use once it is a day old', async () => {
    const { cookie } = await signUp(t);
    const row = await sessionRow(cookie);
    // Created 2 days ago: 28 days left, due for the daily refresh.
    const stale = new Date(Date.now() + 28 * DAY);
    await t.deps.database.db.update(sessions).set({ expiresAt: stale }).where(eq(sessions.id, row.id));
    expect((await me(cookie)).status).toBe(200);
    const after = await sessionRow(cookie);
    expect(after.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);

    // Fresh sessions are not written to on every request.
    const fresh = await signUp(t);
    const before = (await sessionRow(fresh.cookie)).updatedAt.getTime();
    expect((await me(fresh.cookie)).status).toBe(200);
    expect((await sessionRow(fresh.cookie)).updatedAt.getTime()).toBe(before);
  });
});
