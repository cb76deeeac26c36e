// Enterprise members' API keys. Only a SHA-256 digest of each key is kept: the key itself is shown
// once, when it is made, and cannot be read back from the database.
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first characters: shown in the list and used to find the row to compare with. */
    prefix: text('prefix').notNull(),
    /** Hex SHA-256 of the whole key. */
    hash: text('hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /**
     * When the key stopped working: revoked by the member, or by leaving Enterprise. A revoked key
     * never works again (a later Enterprise plan does not revive it); the row stays for the data export.
     */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId), index('api_keys_prefix_idx').on(t.prefix)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
