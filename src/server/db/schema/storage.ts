// Files that must leave storage. A row is written in the same transaction that removes what owned
// the files (an image, an account), so the promise to delete them survives a crash or a refusing
// store; the row goes only when the store confirmed. See docs/decisions/008-deleted-means-deleted.md.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const pendingDeletions = pgTable(
  'pending_deletions',
  {
    /** A storage prefix, e.g. 'images/<id>/': everything under it goes. */
    prefix: text('prefix').primaryKey(),
    /** Why, for the operator: 'image deleted', 'account deleted', 'upload failed', … */
    reason: text('reason').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pending_deletions_due_idx').on(t.nextAttemptAt)],
);

export type PendingDeletionRow = typeof pendingDeletions.$inferSelect;
