// Generation jobs and the images they produce.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DrawnSubject } from '../../../core/api';
import type { ArtDirection } from '../../../core/art-direction';
import { GENERATION_PHASES, GENERATION_STATES } from '../../../core/generation-states';
import { users } from './auth';

export const generations = pgTable(
  'generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: GENERATION_STATES }).notNull().default('queued'),
    /** What the person typed, as they typed it: shown in history, on Explore and the share page. */
    prompt: text('prompt').notNull(),
    /** The prompt without its background talk (cleanPrompt): what the provider and the image check get. */
    cleanedPrompt: text('cleaned_prompt').notNull(),
    /** The cleaned prompt wrapped in the clipart instruction and theme style, for models that draw it whole. */
    finalPrompt: text('final_prompt').notNull(),
    theme: text('theme').notNull(),
    /** The chosen palette (from a custom style), copied here so later edits of the style change nothing; null: the composer picks. */
    palette: text('palette'),
    /** A custom style's extra words as applied (they are in finalPrompt too); null without a style. */
    styleWords: text('style_words'),
    /** The art direction controls set (only those; core/art-direction.ts); null when none was. */
    artDirection: jsonb('art_direction').$type<ArtDirection>(),
    quality: text('quality').notNull(),
    privacy: text('privacy').notNull(),
    seed: integer('seed').notNull(),
    /**
     * The request this picture came from: one request may ask for several variations (Premium),
     * each its own row, seed, job and cost. Null on rows made before variations existed.
     */
    batchId: uuid('batch_id'),
    cost: integer('cost').notNull().default(0),
    // The usage month reserved for this job, so a failure releases the right row.
    usageMonth: text('usage_month').notNull(),
    attempts: integer('attempts').notNull().default(0),
    phase: text('phase', { enum: GENERATION_PHASES }),
    error: text('error'),
    imageId: uuid('image_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('generations_user_idx').on(t.userId, t.createdAt),
    index('generations_open_idx').on(t.status, t.updatedAt).where(sql`${t.status} in ('queued', 'running')`),
    check('generations_status_check', sql`${t.status} in ('queued', 'running', 'succeeded', 'failed')`),
  ],
);

export const generatedImages = pgTable(
  'generated_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    generationId: uuid('generation_id'),
    prompt: text('prompt').notNull(),
    finalPrompt: text('final_prompt').notNull(),
    theme: text('theme').notNull(),
    quality: text('quality').notNull(),
    privacy: text('privacy', { enum: ['public', 'private'] }).notNull(),
    /**
     * Its privacy has been paid for (generated private, or made private on a paid plan or for a
     * credit): from then on it switches between public and private for free (core/image-access).
     */
    privacyPaid: boolean('privacy_paid').notNull().default(false),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    hasSvg: integer('has_svg').notNull().default(0),
    /**
     * The stored picture has a transparent background: drawn without one, or cut out. False when a
     * provider's background could not be removed, so the download menu offers no transparent version.
     * Pictures stored before this was recorded count as transparent, as the menu assumed then.
     */
    transparentBackground: boolean('transparent_background').notNull().default(true),
    /** What the built-in composer drew ([{ word, label, art }]); null for providers that draw the whole prompt. */
    subjects: jsonb('subjects').$type<DrawnSubject[]>(),
    /** The art direction controls the picture was made with (copied from its generation); null when none. */
    artDirection: jsonb('art_direction').$type<ArtDirection>(),
    /** The open art sets the composer drew with (`game-icons`), for the credit CC BY art asks for. */
    artSets: jsonb('art_sets').$type<string[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('generated_images_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // Keyset pagination of the public gallery walks this index in either direction.
    index('generated_images_public_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.privacy} = 'public'`),
    // Gallery search: full-text on the prompt with the 'simple' config (no stemming or stop words,
    // so prefix queries match as people type). GIN and to_tsvector work on PGlite too; pg_trgm does not.
    index('generated_images_search_idx')
      .using('gin', sql`to_tsvector('simple', ${t.prompt})`)
      .where(sql`${t.privacy} = 'public'`),
    check('generated_images_privacy_check', sql`${t.privacy} in ('public', 'private')`),
  ],
);

export type GenerationRow = typeof generations.$inferSelect;
export type GeneratedImageRow = typeof generatedImages.$inferSelect;
