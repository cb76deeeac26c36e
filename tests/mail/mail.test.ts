// Mail as an operator sees it: the log says to whom and which kind of e-mail, never a link or a
// token; SMTP to another machine insists on TLS; a send the server refuses stays in the outbox, is
// tried again with back-off and shows in the health status.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_MAX_ATTEMPTS, smtpTransportOptions } from '../../src/server/mail/mailer';
import { resetToken, rows, waitForMail } from '../helpers/accounts';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { captureLog } from '../helpers/log';
import { type FakeSmtp, startFakeSmtp } from '../helpers/smtp';

const requestReset = (app: TestApp, email: string) =>
  app.request('/api/auth/request-password-reset', {
    method: 'POST',
    json: { email, redirectTo: '/reset-password' },
  });

type OutboxRow = {
  attempts: number;
  sent_at: Date | null;
  failed_at: Date | null;
  next_attempt_at: Date | null;
  error: string | null;
  kind: string;
};
const outboxRow = async (app: TestApp, to: string) =>
  (
    await rows<OutboxRow>(
      app,
      sql`select attempts, sent_at, failed_at, next_attempt_at, error, kind from outbox where "to" = ${to} and kind = 'password-reset'`,
    )
  )[0];

async function untilRow(app: TestApp, to: string, done: (row: OutboxRow) => boolean) {
  const end = Date.now() + 15_000;
  for (;;) {
    const row = await outboxRow(app, to);
    if (row && done(row)) return row;
    if (Date.now() > end) throw new Error(`outbox row to ${to} never settled: ${JSON.stringify(row)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const healthOf = async (app: TestApp, route: '/api/health' | '/api/ready') => {
  const res = await app.request(route);
  return {
    status: res.status,
    body: (await res.json()) as { checks: Record<string, Record<string, unknown>> },
  };
};

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('what the log says about mail', () => {
  it('names the recipient and the kind of e-mail, never its link or token', async () => {
    const log = captureLog('trace');
    const t = await createTestApp({ overrides: { logger: log.logger } });
    try {
      const { email } = await signUp(t);
      await requestReset(t, email);
      const mail = await waitForMail(t, email, { kind: 'password-reset' });
      const token = resetToken(mail.text);
      // The whole life of the link: the page it opens and the reset it makes.
      await t.request(`/reset-password?token=${encodeURIComponent(token)}`);
      const reset = await t.request('/api/auth/reset-password', {
        method: 'POST',
        json: { token, newPassword: 'a fresh password for the log test' },
      });
      expect(reset.status).toBe(200);

      expect(log.entries()).toContainEqual(
        expect.objectContaining({ msg: 'mail: written to outbox', to: email, kind: 'password-reset' }),
      );
      const everything = log.text();
      expect(everything).not.toContain(token);
      expect(everything).not.toContain(encodeURIComponent(token));
      expect(everything).not.toContain('reset-password?token=');
      expect(everything).not.toContain('Choose a new password');
    } finally {
      await t.close();
    }
  });
});

describe('SMTP security', () => {
  it('requires TLS to a mail server on another machine unless the URL says otherwise', () => {
    expect(smtpTransportOptions('smtp://u:p@smtp.example.com:587')).toMatchObject({ requireTLS: true });
    expect(smtpTransportOptions('smtp://u:p@10.0.0.5:25')).toMatchObject({ requireTLS: true });
    // Implicit TLS already, this machine, or the operator's explicit word.
    expect(smtpTransportOptions('smtps://u:p@smtp.example.com:465')).not.toHaveProperty('requireTLS');
    expect(smtpTransportOptions('smtp://127.0.0.1:1025')).not.toHaveProperty('requireTLS');
    expect(smtpTransportOptions('smtp://localhost:1025')).not.toHaveProperty('requireTLS');
    expect(smtpTransportOptions('smtp://u:p@mailpit:1025?requireTLS=false')).not.toHaveProperty('requireTLS');
  });

  const lanAddress = Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

  describe.skipIf(!lanAddress)('to a server reached over the network', () => {
    let plain: FakeSmtp;
    let tls: FakeSmtp;
    beforeAll(async () => {
      plain = await startFakeSmtp(undefined, { listen: '0.0.0.0' });
      tls = await startFakeSmtp(undefined, { listen: '0.0.0.0', starttls: true });
    });
    afterAll(async () => {
      await plain?.close();
      await tls?.close();
    });

    it('never sends in clear text to a server without STARTTLS, and upgrades when it offers it', {
      timeout: 60_000,
    }, async () => {
      const viaLan = (smtp: FakeSmtp, query = '') =>
        `smtp://mailer:mail-secret@${lanAddress}:${smtp.port}${query}`;
      const refused = await createTestApp({ env: { SMTP_URL: viaLan(plain) } });
      // The fake's certificate is self-signed; a real server's is checked.
      const upgraded = await createTestApp({
        env: { SMTP_URL: viaLan(tls, '?tls.rejectUnauthorized=false') },
      });
      try {
        const a = await signUp(refused);
        await requestReset(refused, a.email);
        const row = await untilRow(refused, a.email, (r) => r.attempts > 0);
        expect(row.sent_at).toBeNull();
        expect(row.error).toMatch(/STARTTLS/i);
        expect(plain.received.filter((m) => m.to.includes(a.email))).toEqual([]);

        const b = await signUp(upgraded);
        await requestReset(upgraded, b.email);
        const mail = await tls.waitFor(b.email, { subject: 'Reset your Clipsmith password' });
        expect(mail.headers.subject).toBe('Reset your Clipsmith password');
      } finally {
        await refused.close();
        await upgraded.close();
      }
    });
  });
});

describe('a mail server that refuses', () => {
  let smtp: FakeSmtp;
  let t: TestApp;
  let log: ReturnType<typeof captureLog>;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    log = captureLog('info');
    // Background timers off: the test moves the clock by asking for due retries itself.
    t = await createTestApp({
      env: { SMTP_URL: smtp.url },
      overrides: { logger: log.logger, background: false },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  afterEach(() => smtp.refuse(null));
  // The sign-up's confirmation e-mail is on its way as signUp returns: let it arrive before refusing.
  const confirmationDelivered = (email: string) =>
    smtp.waitFor(email, { subject: 'Confirm your e-mail to finish signing up to Clipsmith' });

  it('keeps a temporarily refused e-mail, tries it again after a back-off, and reports it meanwhile', async () => {
    const { email } = await signUp(t);
    await confirmationDelivered(email);
    smtp.refuse({ code: 451, message: 'Requested action aborted: try again later', at: 'data' });
    expect((await requestReset(t, email)).status).toBe(200);
    const first = await untilRow(t, email, (r) => r.attempts === 1);
    expect(first.sent_at).toBeNull();
    expect(first.failed_at).toBeNull();
    expect(first.error).toContain('451');
    // About a minute later, not at once.
    const wait = new Date(first.next_attempt_at!).getTime() - Date.now();
    expect(wait).toBeGreaterThan(30_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    expect(log.entries()).toContainEqual(
      expect.objectContaining({
        msg: 'mail: SMTP send failed; will retry',
        to: email,
        kind: 'password-reset',
      }),
    );

    const during = await healthOf(t, '/api/health');
    expect(during.status).toBe(200);
    expect(during.body.checks.mail).toMatchObject({ status: 'warn', transport: 'smtp', waiting: 1 });

    // Not due yet: nothing is tried.
    expect(await t.deps.mailer.retryDue(new Date())).toBe(0);
    smtp.refuse(null);
    expect(await t.deps.mailer.retryDue(inMinutes(2))).toBe(1);
    const mail = await smtp.waitFor(email, { subject: 'Reset your Clipsmith password' });
    expect(mail.headers.subject).toBe('Reset your Clipsmith password');
    const done = await outboxRow(t, email);
    expect(done).toMatchObject({ attempts: 2, failed_at: null });
    expect(done.sent_at).not.toBeNull();
    expect((await healthOf(t, '/api/health')).body.checks.mail).toMatchObject({ status: 'ok', waiting: 0 });
  });

  it(`gives up after ${MAIL_MAX_ATTEMPTS} attempts and says so in the log and the health status`, async () => {
    const { email } = await signUp(t);
    await confirmationDelivered(email);
    smtp.refuse({ code: 421, message: 'Service not available, closing transmission channel', at: 'connect' });
    await requestReset(t, email);
    await untilRow(t, email, (r) => r.attempts === 1);
    // Each retry waits longer than the last: 1 min, 5 min, 30 min, 2 h, 8 h.
    const waits: number[] = [];
    for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      const before = await outboxRow(t, email);
      expect(await t.deps.mailer.retryDue(new Date(new Date(before.next_attempt_at!).getTime() + 1))).toBe(1);
      const after = await outboxRow(t, email);
      expect(after.attempts).toBe(attempt);
      if (after.next_attempt_at) waits.push(new Date(after.next_attempt_at).getTime() - Date.now());
    }
    expect(waits).toEqual([...waits].sort((a, b) => a - b));
    const last = await outboxRow(t, email);
    expect(last.failed_at).not.toBeNull();
    expect(last.next_attempt_at).toBeNull();
    expect(await t.deps.mailer.retryDue(inMinutes(48 * 60))).toBe(0);
    expect(
      smtp.received.filter(
        (m) => m.to.includes(email) && m.headers.subject === 'Reset your Clipsmith password',
      ),
    ).toEqual([]);

    expect(log.entries()).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'mail: given up after every retry', to: email }),
    );
    const health = await healthOf(t, '/api/health');
    expect(health.body.checks.mail).toMatchObject({ status: 'error', failed: 1 });
    expect(String(health.body.checks.mail.message)).toMatch(/1 e-mail could not be delivered/);
    // Mail trouble is the operator's to fix; the site itself still serves.
    expect((await healthOf(t, '/api/ready')).status).toBe(200);
  });

  it('does not retry an e-mail the server refuses for good (5xx)', async () => {
    const { email } = await signUp(t);
    await confirmationDelivered(email);
    smtp.refuse({ code: 550, message: 'Mailbox unavailable', at: 'data' });
    await requestReset(t, email);
    const row = await untilRow(t, email, (r) => r.attempts === 1);
    expect(row.failed_at).not.toBeNull();
    expect(row.error).toContain('550');
    expect(await t.deps.mailer.retryDue(inMinutes(60))).toBe(0);
    expect(log.entries()).toContainEqual(
      expect.objectContaining({ msg: 'mail: refused by the SMTP server; not retrying', to: email }),
    );
  });
});

describe('a mail server that refuses our login (535)', () => {
  it('keeps every e-mail until the credentials are fixed, and says so in health and readiness', async () => {
    const smtp = await startFakeSmtp({ user: 'mailer', pass: 'rotated-password' });
    const log = captureLog('info');
    // SMTP_URL still carries the old password.
    const t = await createTestApp({
      env: { SMTP_URL: smtp.url.replace('rotated-password', 'old-password') },
      overrides: { logger: log.logger, background: false },
    });
    try {
      const email = 'locked-out@example.com';
      const signUpRes = await t.request('/api/auth/sign-up/email', {
        method: 'POST',
        json: { email, password: 'correct horse battery' },
      });
      expect(signUpRes.status).toBe(200);
      const confirmation = await untilConfirmation(t, email);
      expect(confirmation.failed_at).toBeNull();
      expect(confirmation.attempts).toBe(0);
      expect(confirmation.error).toMatch(/535/);
      expect(log.entries()).toContainEqual(
        expect.objectContaining({
          level: 50,
          msg: 'mail: the SMTP server refused the login in SMTP_URL; every e-mail waits until it is fixed',
          to: email,
        }),
      );

      await t.deps.mailer.refreshStatus();
      const message =
        'the SMTP server refused the login in SMTP_URL (Invalid login: 535 5.7.8 Authentication credentials invalid): 1 e-mail wait, tried again every 5 minutes until the credentials are fixed';
      const health = await healthOf(t, '/api/health');
      expect(health.body.checks.smtp).toEqual({ status: 'error', message, waiting: 1 });
      const ready = await t.request('/api/ready');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ failed: ['smtp'], message: `smtp: ${message}` });

      // Still refused: tried again, never given up, whatever the number of tries.
      for (let i = 1; i <= MAIL_MAX_ATTEMPTS + 1; i++) {
        expect(await t.deps.mailer.retryDue(inMinutes(6 * i))).toBe(1);
      }
      expect(await untilConfirmation(t, email)).toMatchObject({ attempts: 0, failed_at: null });

      // The operator fixes the login: the waiting e-mail leaves on the next try, readiness recovers.
      smtp.setCredentials({ user: 'mailer', pass: 'old-password' });
      expect(await t.deps.mailer.retryDue(inMinutes(60))).toBe(1);
      const mail = await smtp.waitFor(email);
      expect(mail.text).toContain('/verify-email?token=');
      expect((await t.request('/api/ready')).status).toBe(200);
      expect((await healthOf(t, '/api/health')).body.checks.smtp).toEqual({ status: 'ok' });
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

const untilConfirmation = async (app: TestApp, to: string) => {
  const end = Date.now() + 15_000;
  for (;;) {
    const [row] = await rows<OutboxRow>(
      app,
      sql`select attempts, sent_at, failed_at, next_attempt_at, error, kind from outbox where "to" = ${to} and kind = 'email-verification'`,
    );
    if (row?.error) return row;
    if (Date.now() > end) throw new Error(`no refused confirmation to ${to}: ${JSON.stringify(row)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};
