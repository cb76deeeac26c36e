import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../helpers/accounts';
import { confirmationToken, cookieFrom, createTestApp, ORIGIN, signUp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const signIn = (json: unknown, headers?: Record<string, string>) =>
  t.request('/api/auth/sign-in/email', { method: 'POST', json, headers });

const sessionCookie = (res: Response) =>
  res.headers.getSetCookie().find((c) => /session_token=/.test(c) && !/Max-Age=0/.test(c));

describe('sign-in', () => {
  it('signs in with the right password and the session opens /api/me', async () => {
    const { email, password } = await signUp(t);
    const res = await signIn({ email, password });
    expect(res.status).toBe(200);
    const me = await t.request('/api/me', { cookie: cookieFrom(res) });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const { email } = await signUp(t);
    const wrong = await signIn({ email, password: 'not the password' });
    const unknown = await signIn({ email: 'nobody-here@example.com', password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    const wrongBody = await wrong.text();
    expect(await unknown.text()).toBe(wrongBody);
    expect(JSON.parse(wrongBody)).toEqual({
      error: { code: 'invalid_email_or_password', message: 'Invalid email or password' },
    });
    expect(wrong.headers.getSetCookie()).toEqual([]);
    expect(unknown.headers.getSetCookie()).toEqual([]);
  });

  it('keeps the session 30 days with "remember me", until the browser closes without', async () => {
    const { email, password } = await signUp(t);
    const remembered = sessionCookie(await signIn({ email, password, rememberMe: true }));
    expect(remembered).toMatch(/Max-Age=2592000/);

    const res = await signIn({ email, password, rememberMe: false });
    expect(res.status).toBe(200);
    const browserSession = sessionCookie(res);
    expect(browserSession).toBeDefined();
    expect(browserSession).not.toMatch(/Max-Age|Expires/i);
    // The short session still works for the rest of the visit.
    expect((await t.request('/api/me', { cookie: cookieFrom(res) })).status).toBe(200);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, not Secure on http', async () => {
    const { email, password } = await signUp(t);
    const cookie = sessionCookie(await signIn({ email, password }));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('refuses a cookie-bearing POST from a foreign origin', async () => {
    const { cookie, email, password } = await signUp(t);
    const res = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password },
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('invalid_origin');
    const signOut = await t.request('/api/auth/sign-out', {
      method: 'POST',
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(signOut.status).toBe(403);
    // Our own API refuses it too.
    const profile = await t.request('/api/me/profile', {
      method: 'PATCH',
      json: { fullName: 'Mallory' },
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(profile.status).toBe(403);
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
  });

  it('signs out: the old cookie no longer opens /api/me', async () => {
    const { cookie } = await signUp(t);
    const res = await t.request('/api/auth/sign-out', { method: 'POST', cookie });
    expect(res.status).toBe(200);
    const me = await t.request('/api/me', { cookie });
    expect(me.status).toBe(401);
    expect(await errorOf(me)).toEqual({ code: 'unauthorized', message: 'Please sign in to continue' });
  });

  it('hides the Better Auth endpoints we do not use', async () => {
    const { cookie } = await signUp(t);
    const res = await t.request('/api/auth/delete-user', { method: 'POST', cookie, json: {} });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe('not_found');
  });
});

describe('on https', () => {
  let s: TestApp;
  const httpsOrigin = 'https://clip.example';
  beforeAll(async () => {
    s = await createTestApp({ env: { PUBLIC_URL: httpsOrigin } });
  });
  afterAll(() => s?.close());

  it('marks the session cookie Secure and it works over https', async () => {
    const headers = { origin: httpsOrigin };
    const email = 'secure@example.com';
    const password = 'long enough pw';
    const up = await s.app.request(`${httpsOrigin}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(up.status).toBe(200);
    // The session starts with the e-mail's link.
    const token = await confirmationToken(s, email);
    const confirmed = await s.app.request(
      `${httpsOrigin}/api/auth/verify-email?token=${encodeURIComponent(token)}`,
      {
        headers,
      },
    );
    expect(confirmed.status).toBe(200);
    const cookie = confirmed.headers.getSetCookie().find((c) => c.includes('session_token='));
    expect(cookie).toMatch(/^__Secure-/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const me = await s.app.request(`${httpsOrigin}/api/me`, { headers: { cookie: cookieFrom(confirmed) } });
    expect(me.status).toBe(200);

    // Deleting the account clears the __Secure- cookie with attributes a browser accepts.
    const del = await s.app.request(`${httpsOrigin}/api/me`, {
      method: 'DELETE',
      headers: { ...headers, cookie: cookieFrom(confirmed), 'content-type': 'application/json' },
      body: JSON.stringify({ confirmEmail: email }),
    });
    expect(del.status).toBe(200);
    const cleared = del.headers
      .getSetCookie()
      .find((c) => c.startsWith('__Secure-') && c.includes('session_token='));
    expect(cleared).toMatch(/Max-Age=0/);
    expect(cleared).toMatch(/; Secure/);
  });

  it('does not trust the plain-http origin', async () => {
    const res = await s.request('/api/auth/sign-out', {
      method: 'POST',
      cookie: 'x=1',
      headers: { origin: ORIGIN },
    });
    expect(res.status).toBe(403);
  });
});
