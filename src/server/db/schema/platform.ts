// Cross-cutting tables: mail outbox, contact messages, rate-limit counters.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    /** Which message it is (password-reset, email-verification…): what the log says instead of the body. */
    kind: text('kind').notNull().default('other'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    transport: text('transport').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last send failure, kept after a later success for the operator. */
    error: text('error'),
    /** SMTP attempts made so far. */
    attempts: integer('attempts').notNull().default(0),
    /** When an unsent SMTP message is tried next (also a lease while one process is sending it). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Set when retrying stopped: the server refused for good or every attempt failed. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_created_idx').on(t.createdAt),
    index('outbox_retry_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  userId: text('user_id'),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Fixed-window counters shared by every web process.
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
});
