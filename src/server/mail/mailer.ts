// The mail port: every message lands in the outbox table; with SMTP_URL set it is also sent, and a
// failed send is tried again from the outbox with back-off. The log says to whom and which kind of
// message, never its text: reset and confirmation links in a log would open every account.
import { and, count, eq, gt, inArray, isNotNull, isNull, like, lte, max } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import type { HealthCheck } from '../health/checks';
import type { Logger } from '../logger';

export type MailKind = 'password-reset' | 'email-verification' | 'sign-up-attempt' | 'team-invitation';

export type MailMessage = { kind: MailKind; to: string; subject: string; text: string; html?: string };

export type Mailer = {
  transport: 'outbox' | 'smtp';
  /**
   * Records the message and, with SMTP, sends it once. A failed send stays in the outbox for
   * `retryDue`; only a database failure throws.
   */
  send(message: MailMessage): Promise<void>;
  /** Sends the outbox messages whose next attempt is due; returns how many it tried. */
  retryDue(now?: Date): Promise<number>;
  /** Counts what is waiting and what was given up, for the health status. */
  refreshStatus(): Promise<void>;
  /** Cheap status for /api/health and /api/ready (counts from the last refresh). */
  healthCheck: HealthCheck;
  /** With SMTP: fails readiness while the server refuses our login (no e-mail can leave). */
  loginCheck?: HealthCheck;
};

/** Waits before the 2nd, 3rd… attempt; after the last one the message is given up. */
export const MAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 8 * 3600_000];
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_DELAYS_MS.length + 1;
/** How long a process may hold a message it is sending before another process may try it. */
const SEND_LEASE_MS = 5 * 60_000;
/** Messages given up within this window keep the health status in error. */
const FAILED_WINDOW_MS = 7 * 24 * 3600_000;
const RETRY_BATCH = 20;

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[?::1\]?)$/i;

/**
 * nodemailer options for SMTP_URL. Plain `smtp://` to a host other than this machine must upgrade
 * to TLS (STARTTLS), so passwords and reset links never cross a network in clear text, unless the
 * URL itself says otherwise (`?requireTLS=false`, `?ignoreTLS=true`).
 */
export function smtpTransportOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const saysItself = ['requireTLS', 'ignoreTLS'].some((key) => url.searchParams.has(key));
  const requireTLS = url.protocol === 'smtp:' && !LOOPBACK.test(url.hostname) && !saysItself;
  return {
    url: smtpUrl,
    ...(requireTLS ? { requireTLS: true } : {}),
    // nodemailer waits up to 2 minutes for a silent server by default; a mail should fail sooner.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

/**
 * The server refused our login (535, RFC 4954; nodemailer's EAUTH). It says nothing about the
 * message: every e-mail waits, unspent, until the operator fixes the credentials in SMTP_URL.
 */
function isLoginRefused(err: unknown): boolean {
  const e = err as { code?: string; responseCode?: number } | undefined;
  return e?.code === 'EAUTH' || e?.responseCode === 535;
}

/** A 5xx reply is the server saying "never" (RFC 5321 §4.2.1): trying again cannot help. */
function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: number })?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600 && !isLoginRefused(err);
}

/** How an outbox row's error marks a refused login, so every process's health can count them. */
const LOGIN_REFUSED = 'SMTP login refused: ';
/** How soon an e-mail held back by a refused login is tried again. */
export const LOGIN_RETRY_MS = 5 * 60_000;

function describe(err: unknown): string {
  return (err as Error)?.message ?? String(err);
}

type Status = {
  waiting: number;
  failed: number;
  loginRefused: number;
  loginError?: string;
  checkedAt?: Date;
};

export function createMailer(opts: {
  db: Database;
  logger: Logger;
  smtpUrl?: string;
  from: string;
  now?: () => Date;
}): Mailer {
  const { db, logger } = opts;
  const now = opts.now ?? (() => new Date());
  // Built from an SMTPTransport: createTransport({ url, … }) keeps only what the URL says and
  // silently drops every other option (TLS, timeouts).
  const smtp = opts.smtpUrl
    ? nodemailer.createTransport(new SMTPTransport(smtpTransportOptions(opts.smtpUrl)))
    : undefined;
  const transport = smtp ? 'smtp' : 'outbox';
  const status: Status = { waiting: 0, failed: 0, loginRefused: 0 };

  type Row = typeof outbox.$inferSelect;

  /** One SMTP attempt of a row this process holds; records the outcome. */
  const attempt = async (
    row: Pick<Row, 'id' | 'to' | 'kind' | 'subject' | 'text' | 'html' | 'attempts'>,
  ): Promise<'sent' | 'retry' | 'failed'> => {
    const attempts = row.attempts + 1;
    const log = { mailId: row.id, to: row.to, kind: row.kind, attempt: attempts };
    try {
      await smtp!.sendMail({
        from: opts.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
      });
      await db
        .update(outbox)
        .set({ sentAt: now(), attempts, nextAttemptAt: null })
        .where(eq(outbox.id, row.id));
      logger.info(log, 'mail: sent');
      return 'sent';
    } catch (err) {
      if (isLoginRefused(err)) {
        // Not this message's fault: the attempt is not counted and the e-mail is never given up.
        await db
          .update(outbox)
          .set({
            error: `${LOGIN_REFUSED}${describe(err)}`,
            nextAttemptAt: new Date(now().getTime() + LOGIN_RETRY_MS),
          })
          .where(eq(outbox.id, row.id));
        status.loginError = describe(err);
        logger.error(
          { ...log, attempt: row.attempts, err: { message: describe(err), responseCode: 535 } },
          'mail: the SMTP server refused the login in SMTP_URL; every e-mail waits until it is fixed',
        );
        return 'retry';
      }
      const error = describe(err);
      const giveUp = isPermanent(err) || attempts >= MAIL_MAX_ATTEMPTS;
      const delay = MAIL_RETRY_DELAYS_MS[attempts - 1];
      await db
        .update(outbox)
        .set({
          attempts,
          error,
          nextAttemptAt: giveUp ? null : new Date(now().getTime() + delay),
          failedAt: giveUp ? now() : null,
        })
        .where(eq(outbox.id, row.id));
      if (giveUp) {
        logger.error(
          { ...log, err: { message: error, responseCode: (err as { responseCode?: number }).responseCode } },
          isPermanent(err)
            ? 'mail: refused by the SMTP server; not retrying'
            : 'mail: given up after every retry',
        );
      } else {
        logger.warn({ ...log, error, retryInMs: delay }, 'mail: SMTP send failed; will retry');
      }
      return giveUp ? 'failed' : 'retry';
    }
  };

  const refreshStatus = async () => {
    const t = now();
    const waitingRows = and(eq(outbox.transport, 'smtp'), isNull(outbox.sentAt), isNull(outbox.failedAt));
    const [[waiting], [failed], [login]] = await Promise.all([
      db.select({ n: count() }).from(outbox).where(waitingRows),
      db
        .select({ n: count() })
        .from(outbox)
        .where(
          and(isNotNull(outbox.failedAt), gt(outbox.failedAt, new Date(t.getTime() - FAILED_WINDOW_MS))),
        ),
      // Seen by every process, not only the one whose send was refused.
      db
        .select({ n: count(), error: max(outbox.error) })
        .from(outbox)
        .where(and(waitingRows, like(outbox.error, `${LOGIN_REFUSED}%`))),
    ]);
    status.waiting = waiting.n;
    status.failed = failed.n;
    status.loginRefused = login.n;
    if (login.error) status.loginError = login.error.slice(LOGIN_REFUSED.length);
    status.checkedAt = t;
  };

  return {
    transport,
    async send(message) {
      const [row] = await db
        .insert(outbox)
        .values({
          ...message,
          transport,
          // Held by this send while it runs; a process that dies mid-send leaves it to a retry.
          nextAttemptAt: smtp ? new Date(now().getTime() + SEND_LEASE_MS) : null,
        })
        .returning();
      if (!smtp) {
        // No SMTP configured: the outbox (and /dev/mail outside production) is how a person reads it.
        logger.info({ mailId: row.id, to: message.to, kind: message.kind }, 'mail: written to outbox');
        return;
      }
      const outcome = await attempt(row);
      if (outcome === 'sent') status.loginError = undefined;
      if (outcome === 'retry') status.waiting++;
      if (outcome === 'retry' && status.loginError) status.loginRefused++;
      if (outcome === 'failed') status.failed++;
    },
    async retryDue(at = now()) {
      if (!smtp) return 0;
      // Claim due rows with a lease so two processes never send the same message at once.
      const due = db
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            eq(outbox.transport, 'smtp'),
            isNull(outbox.sentAt),
            isNull(outbox.failedAt),
            lte(outbox.nextAttemptAt, at),
          ),
        )
        .orderBy(outbox.nextAttemptAt)
        .limit(RETRY_BATCH)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(outbox)
        .set({ nextAttemptAt: new Date(at.getTime() + SEND_LEASE_MS) })
        .where(inArray(outbox.id, due))
        .returning();
      for (const row of claimed) {
        // A refused login refuses them all: the rest keep their lease and come back with it.
        if ((await attempt(row)) === 'retry' && status.loginError) break;
      }
      if (claimed.length > 0) await refreshStatus();
      return claimed.length;
    },
    refreshStatus,
    loginCheck: smtp
      ? {
          name: 'smtp',
          kind: 'status',
          // No one can sign up or reset a password while it lasts: take the process out of rotation.
          critical: true,
          run() {
            if (status.loginRefused === 0) return { status: 'ok' };
            return {
              status: 'error',
              message: `the SMTP server refused the login in SMTP_URL (${status.loginError ?? '535'}): ${status.loginRefused} e-mail${status.loginRefused === 1 ? '' : 's'} wait, tried again every ${LOGIN_RETRY_MS / 60_000} minutes until the credentials are fixed`,
              waiting: status.loginRefused,
            };
          },
        }
      : undefined,
    healthCheck: {
      name: 'mail',
      kind: 'status',
      run() {
        const counts = { transport, waiting: status.waiting, failed: status.failed };
        if (status.failed > 0)
          return {
            status: 'error',
            message: `${status.failed} e-mail${status.failed === 1 ? '' : 's'} could not be delivered in the last 7 days (see the outbox table)`,
            ...counts,
          };
        if (status.waiting > 0)
          return { status: 'warn', message: `${status.waiting} e-mail(s) waiting to be retried`, ...counts };
        return { status: 'ok', ...counts };
      },
    },
  };
}
