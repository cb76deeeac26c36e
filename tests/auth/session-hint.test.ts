// The readable session hint the web app checks before asking /api/me: it follows Better Auth's
// httpOnly session cookie, so a visitor's page load asks nothing and a member's is never mistaken
// for a visitor's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE } from '../../src/core/constants';
import { confirmEmail, createTestApp, signUp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const hintOf = (res: Response) =>
  res.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_HINT_COOKIE}=`));
const sessionCookieOf = (res: Response) =>
  res.headers.getSetCookie().find((line) => /session_token=/.test(line));
const maxAge = (line: string | undefined) => Number(/Max-Age=(\d+)/i.exec(line ?? '')?.[1]);

describe('the session hint', () => {
  it('is set with the session cookie by the sign-up link and at sign-in, readable by the page and as long-lived', async () => {
    const up = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: 'hint-a@example.com', password: 'correct horse battery' },
    });
    expect(up.status).toBe(200);
    // No session before the e-mail's link, so no hint either.
    expect(hintOf(up)).toBeUndefined();
    const res = await confirmEmail(t, 'hint-a@example.com');
    const hint = hintOf(res);
    expect(hint).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=1;`));
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/Path=\//);
    expect(maxAge(hint)).toBe(maxAge(sessionCookieOf(res)));
    expect(maxAge(hint)).toBeGreaterThan(0);

    const signIn = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'hint-a@example.com', password: 'correct horse battery' },
    });
    expect(signIn.status).toBe(200);
    expect(hintOf(signIn)).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=1;`));
  });

  it('is cleared at sign-out', async () => {
    const { cookie } = await signUp(t);
    const res = await t.request('/api/auth/sign-out', { method: 'POST', cookie, json: {} });
    expect(res.status).toBe(200);
    const hint = hintOf(res);
    expect(hint).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=;`));
    expect(maxAge(hint)).toBe(0);
  });

  it('is cleared when /api/me finds no session behind a stale hint', async () => {
    const res = await t.request('/api/me', { cookie: `${SESSION_HINT_COOKIE}=1` });
    expect(res.status).toBe(401);
    expect(maxAge(hintOf(res))).toBe(0);
  });

  it('is given to a browser that has a session cookie from before the hint existed', async () => {
    const { cookie } = await signUp(t);
    const sessionOnly = cookie
      .split('; ')
      .filter((c) => !c.startsWith(`${SESSION_HINT_COOKIE}=`))
      .join('; ');
    expect(sessionOnly).toMatch(/session_token=/);
    const res = await t.request('/pricing', { cookie: sessionOnly });
    expect(res.status).toBe(200);
    expect(hintOf(res)).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=1;`));
  });

  it('is not handed to a visitor without a session cookie', async () => {
    for (const p of ['/', '/api/meta', '/api/me']) {
      expect(hintOf(await t.request(p))).toBeUndefined();
    }
  });
});
