// Files that must leave storage. A row is written in the same transaction that removes what owned
// the files (an image, an account), so the promise to delete them survives a crash or a refusing
// store; the row goes only when the store confirmed. See docs/decisions/008-deleted-means-deleted.md.
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { generatedImages } from './generation';

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

// Stored download variants (rendered on demand, images/download.ts), so the store can be held under
// VARIANT_CACHE_MB: the least recently used go first. The original and thumbnail are never listed.
export const imageVariants = pgTable(
  'image_variants',
  {
    /** The storage key, e.g. 'images/<id>/variants/sticker-512.webp'. */
    key: text('key').primaryKey(),
    imageId: uuid('image_id')
      .notNull()
      .references(() => generatedImages.id, { onDelete: 'cascade' }),
    bytes: integer('bytes').notNull(),
    /** Last served (refreshed at most hourly, so a hit rarely writes). */
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('image_variants_used_idx').on(t.usedAt), index('image_variants_image_idx').on(t.imageId)],
);

export type ImageVariantRow = typeof imageVariants.$inferSelect;
