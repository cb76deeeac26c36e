// The gallery and history queries must stay index-driven: a Seq Scan on generated_images would
// make every page cost a pass over all images (the bench seeds 100,000).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GalleryQuery } from '../../src/core/api';
import { queryRows } from '../../src/server/db/client';
import {
  encodeCursor,
  galleryQuery,
  historyQuery,
  historyTotalQuery,
} from '../../src/server/gallery/list-images';
import { createTestApp, type TestApp } from '../helpers/app';

const USERS = 40;
const IMAGES = 4000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { background: false } });
  const db = t.deps.database.db;
  await db.execute(sql`
    insert into "user" (id, email)
    select 'plan-user-' || g, 'plan' || g || '@example.com' from generate_series(1, ${USERS}) g`);
  // One image in five is private; prompts share common words and carry one rare word each.
  await db.execute(sql`
    insert into generated_images
      (user_id, prompt, final_prompt, theme, quality, privacy, provider, model, width, height, created_at)
    select 'plan-user-' || (1 + g % ${USERS}),
           (array['cute', 'happy', 'tiny', 'brave'])[1 + g % 4] || ' ' ||
             (array['cat', 'robot', 'dragon', 'tree', 'house', 'rocket', 'fish'])[1 + g % 7] || ' w' || g,
           'clipart', 'default', 'low',
           case when g % 5 = 0 then 'private' else 'public' end,
           'test', 'test', 1024, 1024,
           now() - g * interval '1 second'
    from generate_series(1, ${IMAGES}) g`);
  await db.execute(sql`analyze generated_images`);
  await db.execute(sql`analyze "user"`);
});
afterAll(async () => {
  await t?.close();
});

async function plan(query: { getSQL(): ReturnType<typeof sql> }): Promise<string> {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(t.deps.database.db, sql`explain ${query}`);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

const deepCursor = async () => {
  const [row] = await queryRows<{ at: string; id: string }>(
    t.deps.database.db,
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id::text as id
        from generated_images where privacy = 'public' order by created_at desc, id desc offset 3000 limit 1`,
  );
  return encodeCursor({ createdAt: row.at, id: row.id });
};

describe('query plans', () => {
  it.each<[string, () => Promise<Partial<GalleryQuery>>, string]>([
    ['gallery first page, newest', async () => ({}), 'generated_images_public_idx'],
    ['gallery first page, oldest', async () => ({ sort: 'oldest' }), 'generated_images_public_idx'],
    [
      'gallery deep page, newest',
      async () => ({ cursor: await deepCursor() }),
      'generated_images_public_idx',
    ],
    [
      'gallery deep page, oldest',
      async () => ({ cursor: await deepCursor(), sort: 'oldest' }),
      'generated_images_public_idx',
    ],
    ['gallery search, rare word', async () => ({ q: 'w123' }), 'generated_images_search_idx'],
    ['gallery search, common word', async () => ({ q: 'dragon' }), 'generated_images_'],
    [
      'gallery search, deep page',
      async () => ({ q: 'w12', cursor: await deepCursor() }),
      'generated_images_',
    ],
  ])('%s uses an index', async (_name, params, index) => {
    const query: GalleryQuery = { limit: 24, sort: 'newest', q: undefined, ...(await params()) };
    const text = await plan(galleryQuery(t.deps.database.db, query));
    expect(text).not.toMatch(/Seq Scan on generated_images/);
    expect(text).toContain(index);
  });

  it('history pages and their total use the owner index', async () => {
    const db = t.deps.database.db;
    for (const offset of [0, 60]) {
      const text = await plan(historyQuery(db, { userId: 'plan-user-7', limit: 15, offset }));
      expect(text).not.toMatch(/Seq Scan on generated_images/);
      expect(text).toContain('generated_images_user_idx');
    }
    const total = await plan(historyTotalQuery(db, 'plan-user-7'));
    expect(total).not.toMatch(/Seq Scan on generated_images/);
    expect(total).toContain('generated_images_user_idx');
  });
});
