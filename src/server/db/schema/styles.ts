// Premium members' saved custom styles: a named theme + palette + extra style words. A generation
// copies what it applied onto its own row, so editing or deleting a style never changes it.
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

export const customStyles = pgTable(
  'custom_styles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    theme: text('theme').notNull(),
    palette: text('palette').notNull(),
    /** Extra words for the image model's style line; '' for none. */
    words: text('words').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('custom_styles_user_idx').on(t.userId),
    // One name per member, whatever its case ("Ocean" and "ocean" are the same style).
    uniqueIndex('custom_styles_user_name_idx').on(t.userId, sql`lower(${t.name})`),
  ],
);

export type CustomStyleRow = typeof customStyles.$inferSelect;
