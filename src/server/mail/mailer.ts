// The mail port: every message lands in the outbox table; with SMTP_URL set it is also sent.
import nodemailer from 'nodemailer';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import type { Logger } from '../logger';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

export type Mailer = {
  transport: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
};

export function createMailer(opts: { db: Database; logger: Logger; smtpUrl?: string; from: string }): Mailer {
  const { db, logger } = opts;
  // nodemailer waits up to 2 minutes for a silent server by default; a mail should fail sooner.
  const smtp = opts.smtpUrl
    ? nodemailer.createTransport({
        url: opts.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : undefined;
  return {
    transport: smtp ? 'smtp' : 'outbox',
    async send(message) {
      let error: string | null = null;
      if (smtp) {
        try {
          await smtp.sendMail({ from: opts.from, ...message });
        } catch (err) {
          error = (err as Error).message;
          logger.error({ err, to: message.to, subject: message.subject }, 'mail: SMTP send failed');
        }
      } else {
        // No SMTP configured: the outbox (and /dev/mail outside production) is how a person reads it.
        logger.info(
          { to: message.to, subject: message.subject, text: message.text },
          'mail: written to outbox',
        );
      }
      await db.insert(outbox).values({
        ...message,
        transport: smtp ? 'smtp' : 'outbox',
        sentAt: smtp && !error ? new Date() : null,
        error,
      });
      if (error) throw new Error(`Could not send e-mail: ${error}`);
    },
  };
}
