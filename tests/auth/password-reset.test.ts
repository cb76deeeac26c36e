import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/core/messages';
import { errorOf, resetToken, rows, waitForMail } from '../helpers/accounts';
import { cookieFrom, createTestApp, ORIGIN, signUp, type TestApp } from '../helpers/app';
import { type FakeSmtp, startFakeSmtp } from '../helpers/smtp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const requestReset = (app: TestApp, email: string) =>
  app.request('/api/auth/request-password-reset', {
    method: 'POST',
    json: { email, redirectTo: '/reset-password' },
  });
const resetPassword = (app: TestApp, token: string, newPassword: string) =>
  app.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword } });
const signIn = (app: TestApp, email: string, password: string) =>
  app.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });

describe('forgot password', () => {
  it('answers the same whether or not the account exists, and mails only a member', async () => {
    const { email } = await signUp(t, 'forgetful@example.com');
    const known = await requestReset(t, ' Forgetful@Example.com');
    const unknown = await requestReset(t, 'stranger@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());

    const mail = await waitForMail(t, email, { kind: 'password-reset' });
    expect(mail.subject).toBe('Reset your Clipsmith password');
    expect(mail.transport).toBe('outbox');
    expect(mail.text).toContain(`${ORIGIN}/reset-password?token=`);
    expect(resetToken(mail.text)).toMatch(/^[\w-]{16,}$/);
    const strangers = await rows(t, sql`select 1 from outbox where "to" = 'stranger@example.com'`);
    expect(strangers).toEqual([]);
  });

  it('shows the outbox at /dev/mail outside production', async () => {
    const { email } = await signUp(t);
    await requestReset(t, email);
    const mail = await waitForMail(t, email, { kind: 'password-reset' });
    const page = await t.request('/dev/mail');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(email);
    expect(html).toContain(
      `href="${ORIGIN}/reset-password?token=${encodeURIComponent(resetToken(mail.text))}"`,
    );
  });

  it('sets the new password once with the token and ends every session', async () => {
    const { email, password, cookie } = await signUp(t);
    const other = cookieFrom(await signIn(t, email, password));
    await requestReset(t, email);
    const token = resetToken((await waitForMail(t, email, { kind: 'password-reset' })).text);

    const res = await resetPassword(t, token, 'a brand new password');
    expect(res.status).toBe(200);
    for (const c of [cookie, other]) expect((await t.request('/api/me', { cookie: c })).status).toBe(401);
    expect((await signIn(t, email, password)).status).toBe(401);
    expect((await signIn(t, email, 'a brand new password')).status).toBe(200);

    const again = await resetPassword(t, token, 'yet another password');
    expect(again.status).toBe(400);
    expect(await errorOf(again)).toEqual({
      code: 'invalid_token',
      message: 'This reset link is invalid or has expired. Please request a new one.',
    });
    expect((await signIn(t, email, 'yet another password')).status).toBe(401);
  });

  it('refuses a token past its hour', async () => {
    const { email, password } = await signUp(t);
    await requestReset(t, email);
    const token = resetToken((await waitForMail(t, email, { kind: 'password-reset' })).text);
    const [row] = await rows<{ expires_at: Date; created_at: Date }>(
      t,
      sql`select expires_at, created_at from verification where identifier = ${`reset-password:${token}`}`,
    );
    // Valid for one hour from the request.
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBeGreaterThan(
      59 * 60_000,
    );
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBeLessThanOrEqual(
      61 * 60_000,
    );
    await t.deps.database.db.execute(
      sql`update verification set expires_at = now() - interval '1 second' where identifier = ${`reset-password:${token}`}`,
    );
    const res = await resetPassword(t, token, 'a brand new password');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('invalid_token');
    expect((await signIn(t, email, password)).status).toBe(200);
  });

  it('checks the new password length with the sign-up messages, keeping the token', async () => {
    const { email } = await signUp(t);
    await requestReset(t, email);
    const token = resetToken((await waitForMail(t, email, { kind: 'password-reset' })).text);
    const short = await resetPassword(t, token, 'short');
    expect(short.status).toBe(400);
    expect(await errorOf(short)).toEqual({ code: 'invalid_request', message: MESSAGES.passwordTooShort });
    const long = await resetPassword(t, token, 'x'.repeat(129));
    expect(await errorOf(long)).toEqual({ code: 'invalid_request', message: MESSAGES.passwordTooLong });
    expect((await resetPassword(t, token, 'good new password')).status).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const res = await resetPassword(t, 'not-a-real-token', 'good new password');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('invalid_token');
  });

  it('refuses a redirect to another site', async () => {
    const res = await t.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email: 'x@example.com', redirectTo: 'https://evil.example/steal' },
    });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('invalid_redirect_url');
  });
});

describe('mail over SMTP', () => {
  let smtp: FakeSmtp;
  let s: TestApp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    s = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Clipsmith <hello@clip.example>' } });
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  it('delivers the reset e-mail to the SMTP server with a working link', async () => {
    expect(s.deps.mailer.transport).toBe('smtp');
    const { email } = await signUp(s, 'smtp-user@example.com');
    expect((await requestReset(s, email)).status).toBe(200);
    const mail = await smtp.waitFor(email, { subject: 'Reset your Clipsmith password' });
    expect(mail.from).toBe('hello@clip.example');
    expect(mail.headers.subject).toBe('Reset your Clipsmith password');
    expect(mail.headers.to).toContain(email);
    const token = resetToken(mail.text);
    expect(mail.html).toContain(`${ORIGIN}/reset-password?token=${encodeURIComponent(token)}`);

    expect((await resetPassword(s, token, 'password from smtp')).status).toBe(200);
    expect((await signIn(s, email, 'password from smtp')).status).toBe(200);

    const [record] = await rows<{ transport: string; sent_at: Date | null; error: string | null }>(
      s,
      sql`select transport, sent_at, error from outbox where "to" = ${email}`,
    );
    expect(record.transport).toBe('smtp');
    expect(record.sent_at).not.toBeNull();
    expect(record.error).toBeNull();
  });

  it('answers a reset request the same when the SMTP server is down', async () => {
    const down = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const { email } = await signUp(down);
      const known = await requestReset(down, email);
      const unknown = await requestReset(down, 'nobody@example.com');
      expect(known.status).toBe(200);
      expect(await known.text()).toBe(await unknown.text());
      // The failure is recorded for the operator.
      let failed: { error: string | null }[] = [];
      for (const end = Date.now() + 10_000; Date.now() < end && failed.length === 0; ) {
        failed = await rows(down, sql`select error from outbox where "to" = ${email} and error is not null`);
        if (failed.length === 0) await new Promise((r) => setTimeout(r, 50));
      }
      expect(failed[0]?.error).toBeTruthy();
    } finally {
      await down.close();
    }
  });
});

describe('outstanding reset links', () => {
  const tokensOf = async (email: string) => {
    const mails = await rows<{ text: string }>(
      t,
      sql`select text from outbox where "to" = ${email} and kind = 'password-reset' order by created_at`,
    );
    return mails.map((m) => resetToken(m.text));
  };
  const waitForTokens = async (email: string, n: number) => {
    for (const end = Date.now() + 10_000; Date.now() < end; ) {
      const tokens = await tokensOf(email);
      if (tokens.length >= n) return tokens;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`fewer than ${n} reset e-mails to ${email}`);
  };
  const openLinks = async (email: string) =>
    rows(
      t,
      sql`select 1 from verification v join "user" u on u.id = v.value where u.email = ${email} and v.identifier like 'reset-password:%'`,
    );

  it('all stop working once one of them has been used', async () => {
    const { email } = await signUp(t);
    for (let i = 0; i < 3; i++) await requestReset(t, email);
    const [first, second, third] = await waitForTokens(email, 3);
    expect((await resetPassword(t, second, 'the one that was used')).status).toBe(200);
    for (const older of [first, third]) {
      const res = await resetPassword(t, older, 'an older link tries again');
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe('invalid_token');
    }
    expect(await openLinks(email)).toEqual([]);
    expect((await signIn(t, email, 'the one that was used')).status).toBe(200);
  });

  it('all stop working when the member changes the password', async () => {
    const { email, cookie, password } = await signUp(t);
    await requestReset(t, email);
    const [token] = await waitForTokens(email, 1);
    const change = await t.request('/api/auth/change-password', {
      method: 'POST',
      cookie,
      json: { currentPassword: password, newPassword: 'changed while a link was out' },
    });
    expect(change.status).toBe(200);
    const res = await resetPassword(t, token, 'the stale link tries');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('invalid_token');
    expect((await signIn(t, email, 'changed while a link was out')).status).toBe(200);
  });
});

describe('easily guessed passwords', () => {
  const tooEasy = (warning: string) => `${MESSAGES.passwordTooEasy}: ${warning} ${MESSAGES.passwordAdvice}`;

  it('are refused at sign-up with the reason, creating nothing', async () => {
    for (const [password, warning] of [
      ['password123', 'this is a commonly used password.'],
      ['qwertyuiop', 'this is a frequently used password.'],
      ['aaaaaaaaaaaa', 'repeated characters like "aaa" are easy to guess.'],
    ]) {
      const res = await t.request('/api/auth/sign-up/email', {
        method: 'POST',
        json: { email: 'weak-signup@example.com', password },
      });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toEqual({ code: 'invalid_request', message: tooEasy(warning) });
    }
    expect(await rows(t, sql`select 1 from "user" where email = 'weak-signup@example.com'`)).toEqual([]);
  });

  it('are refused when resetting, and the link still works for a strong one', async () => {
    const { email } = await signUp(t);
    await requestReset(t, email);
    const token = resetToken((await waitForMail(t, email, { kind: 'password-reset' })).text);
    const weak = await resetPassword(t, token, 'iloveyou2');
    expect(weak.status).toBe(400);
    expect((await errorOf(weak)).message).toBe(tooEasy('this is a commonly used password.'));
    expect((await resetPassword(t, token, 'lantern orchard velvet')).status).toBe(200);
  });

  it('are refused when changing the password; the old one keeps working', async () => {
    const { email, cookie, password } = await signUp(t);
    const res = await t.request('/api/auth/change-password', {
      method: 'POST',
      cookie,
      json: { currentPassword: password, newPassword: 'Password1!' },
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toMatch(new RegExp(`^${MESSAGES.passwordTooEasy}: `));
    expect((await signIn(t, email, password)).status).toBe(200);
  });

  it('while long passphrases are welcome', async () => {
    const passphrase = 'the quiet lighthouse keeper paints seven blue herons every tuesday at dawn';
    const { email } = await signUp(t, undefined, passphrase);
    expect((await signIn(t, email, passphrase)).status).toBe(200);
  });
});
