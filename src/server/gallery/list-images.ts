// Listing images: the public Explore gallery (keyset pages, search), a member's own history
// (numbered pages) and the dashboard's recent strip. Only public images are listed publicly: the
// SQL filter below is the policy's isVisibleToEveryone (core/image-access) in index-friendly form.

import { and, count, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { GalleryPage, GalleryQuery, HistoryPage, RecentImages } from '../../core/api';
import { DASHBOARD_RECENT_IMAGES, HISTORY_PAGE_SIZE } from '../../core/constants';
import { DomainError } from '../../core/domain-error';
import { isUuid } from '../../core/ids';
import { type Database, type DbExecutor, preparedOnce } from '../db/client';
import { generatedImages, profiles } from '../db/schema';
import { galleryItem, galleryItemColumns, historyItem } from './views';

const MAX_SEARCH_WORDS = 8;
const publicOnly = eq(generatedImages.privacy, 'public');

// ---------------------------------------------------------------------------------------------
// Cursors: opaque base64url of "<created_at with microseconds>|<id>". PostgreSQL keeps
// microseconds and a JS Date only milliseconds, so a cursor built from a Date would compare
// below its own row and skip the rows sharing that millisecond; the text comes from SQL instead.

type Cursor = { createdAt: string; id: string };

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, 'utf8').toString('base64url');
}

/** The shape we write, and a real date (2025-02-30 would pass the pattern, then fail in SQL). */
function isCursorTime(value: string | undefined): value is string {
  if (!value || !CURSOR_TIME.test(value)) return false;
  const parsed = new Date(value);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 19) === value.slice(0, 19);
}

export function decodeCursor(value: string): Cursor {
  const [createdAt, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !isCursorTime(createdAt) || !isUuid(id ?? '')) {
    throw new DomainError('invalid', 'The page cursor is not valid. Reload the gallery.', {
      code: 'invalid_cursor',
    });
  }
  return { createdAt, id };
}

// The indexes are declared "desc nulls last" (drizzle-kit's rendering); a plain "desc" means
// "desc nulls first", which the planner cannot serve from them even on NOT NULL columns and
// would answer with a sort over every row. So the order is spelled out to match the index.
const newestFirst = [
  sql`${generatedImages.createdAt} desc nulls last`,
  sql`${generatedImages.id} desc nulls last`,
];
const oldestFirst = [
  sql`${generatedImages.createdAt} asc nulls first`,
  sql`${generatedImages.id} asc nulls first`,
];

const cursorText = sql<string>`to_char(${generatedImages.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

// ---------------------------------------------------------------------------------------------
// Search: every word of the query as a prefix ('cat rob' finds 'cute cat robot'), all required.
// Only letters and digits reach to_tsquery, so its operators cannot be injected; the 'simple'
// config and this expression match the GIN index generated_images_search_idx.

export function searchQuery(q: string | undefined): string | null {
  const words = q?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
  return unique.length > 0 ? unique.map((w) => `${w}:*`).join(' & ') : null;
}

const matchesSearch = (tsquery: string | Placeholder) =>
  sql`to_tsvector('simple', ${generatedImages.prompt}) @@ to_tsquery('simple', ${tsquery})`;

type Param<T> = T | Placeholder;
type GalleryShape = {
  newest: boolean;
  cursor?: { createdAt: Param<string>; id: Param<string> };
  tsquery?: Param<string>;
  limit: Param<number>;
};

function gallerySelect(db: DbExecutor, shape: GalleryShape) {
  const conditions: SQL[] = [publicOnly];
  if (shape.cursor) {
    const after = sql`(${shape.cursor.createdAt}::timestamptz, ${shape.cursor.id}::uuid)`;
    const row = sql`(${generatedImages.createdAt}, ${generatedImages.id})`;
    conditions.push(shape.newest ? sql`${row} < ${after}` : sql`${row} > ${after}`);
  }
  if (shape.tsquery !== undefined) conditions.push(matchesSearch(shape.tsquery));
  return db
    .select({ ...galleryItemColumns, cursorAt: cursorText })
    .from(generatedImages)
    .leftJoin(profiles, eq(profiles.userId, generatedImages.userId))
    .where(and(...conditions))
    .orderBy(...(shape.newest ? newestFirst : oldestFirst))
    .limit(shape.limit);
}

/**
 * The gallery page query, exported so a test can EXPLAIN it. Keyset on (created_at, id): the
 * row comparison is an index condition on generated_images_public_idx, walked forwards for
 * newest and backwards for oldest, so page 1000 costs what page 1 costs.
 */
export function galleryQuery(db: DbExecutor, query: GalleryQuery) {
  const tsquery = searchQuery(query.q);
  return gallerySelect(db, {
    newest: query.sort === 'newest',
    cursor: query.cursor ? decodeCursor(query.cursor) : undefined,
    tsquery: tsquery ?? undefined,
    limit: query.limit + 1,
  });
}

// The gallery is the busiest read: each of its eight shapes (sort × cursor × search) is
// prepared once, so a request only binds values.
function runGalleryQuery(db: DbExecutor, query: GalleryQuery) {
  const newest = query.sort === 'newest';
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const tsquery = searchQuery(query.q);
  const name = `gallery_${newest ? 'newest' : 'oldest'}${cursor ? '_after' : ''}${tsquery ? '_search' : ''}`;
  const statement = preparedOnce(db, name, () =>
    gallerySelect(db, {
      newest,
      cursor: cursor
        ? { createdAt: sql.placeholder('cursorAt'), id: sql.placeholder('cursorId') }
        : undefined,
      tsquery: tsquery ? sql.placeholder('tsquery') : undefined,
      limit: sql.placeholder('limit'),
    }).prepare(name),
  );
  return statement.execute({
    cursorAt: cursor?.createdAt,
    cursorId: cursor?.id,
    tsquery,
    limit: query.limit + 1,
  });
}

/** Public images only, one page after the cursor; nextCursor is null on the last page. */
export async function listGallery(opts: { db: Database; query: GalleryQuery }): Promise<GalleryPage> {
  const rows = await runGalleryQuery(opts.db, opts.query);
  const page = rows.slice(0, opts.query.limit);
  const last = page.at(-1);
  const more = rows.length > opts.query.limit && last;
  return {
    items: page.map(galleryItem),
    nextCursor: more ? encodeCursor({ createdAt: last.cursorAt, id: last.id }) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// History: numbered pages (the page shows "Page X of Y"), newest first, own images only.

/** The history page query, exported so a test can EXPLAIN it; walks generated_images_user_idx. */
export function historyQuery(db: DbExecutor, opts: { userId: string; limit: number; offset: number }) {
  return db
    .select()
    .from(generatedImages)
    .where(eq(generatedImages.userId, opts.userId))
    .orderBy(...newestFirst)
    .limit(opts.limit)
    .offset(opts.offset);
}

export function historyTotalQuery(db: DbExecutor, userId: string) {
  return db.select({ total: count() }).from(generatedImages).where(eq(generatedImages.userId, userId));
}

export async function listHistory(opts: {
  db: Database;
  userId: string;
  page: number;
}): Promise<HistoryPage> {
  const pageSize = HISTORY_PAGE_SIZE;
  const [{ total }] = await historyTotalQuery(opts.db, opts.userId);
  const rows = await historyQuery(opts.db, {
    userId: opts.userId,
    limit: pageSize,
    offset: (opts.page - 1) * pageSize,
  });
  return {
    items: rows.map(historyItem),
    page: opts.page,
    pageSize,
    total,
    totalPages: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/** The dashboard strip: the member's newest images. */
export async function recentImages(opts: { db: Database; userId: string }): Promise<RecentImages> {
  const rows = await historyQuery(opts.db, {
    userId: opts.userId,
    limit: DASHBOARD_RECENT_IMAGES,
    offset: 0,
  });
  return { items: rows.map(historyItem) };
}
