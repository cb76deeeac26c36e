// Seeds bench data: 1,000 members and 100,000 public images, in two INSERT … SELECT statements.
// Run: npm run seed:bench (uses DATABASE_URL or the PGlite folder under DATA_DIR, like the server).
// Re-running replaces the earlier bench data. The rows have no image files: they exist to measure
// queries, so their pictures show as broken in the gallery.
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { type DbExecutor, openDatabase, queryRows, runMigrations } from '../src/server/db/client';

export const BENCH_USER_PREFIX = 'bench-user-';

const ADJECTIVES = [
  'cute',
  'happy',
  'tiny',
  'brave',
  'sleepy',
  'grumpy',
  'shiny',
  'fluffy',
  'retro',
  'cosmic',
];
const SUBJECTS = [
  'cat',
  'robot',
  'dragon',
  'tree',
  'house',
  'rocket',
  'fish',
  'owl',
  'cactus',
  'taco',
  'unicorn',
  'penguin',
  'castle',
  'mushroom',
  'astronaut',
  'fox',
  'whale',
  'bicycle',
  'cupcake',
  'volcano',
];
const SCENES = [
  '',
  ' in space',
  ' under the sea',
  ' in a forest',
  ' at the beach',
  ' on a mountain',
  ' with a hat',
];

const textArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(', ')}]`);

/**
 * Replaces earlier bench rows (deleting the bench users cascades to their images), then inserts
 * `users` members and `images` public images spread evenly over them, one every ~7 s back from now
 * with microsecond jitter, so timestamps look like real traffic and keyset ties get exercised.
 */
export async function seedGalleryBench(
  db: DbExecutor,
  opts: { users?: number; images?: number } = {},
): Promise<{ users: number; images: number }> {
  const users = opts.users ?? 1000;
  const images = opts.images ?? 100_000;
  await db.execute(sql`delete from "user" where id like ${`${BENCH_USER_PREFIX}%`}`);
  await db.execute(sql`
    insert into "user" (id, name, email)
    select ${BENCH_USER_PREFIX} || g, '', 'bench.user.' || g || '@example.com'
    from generate_series(1, ${users}) g`);
  await db.execute(sql`
    insert into generated_images
      (user_id, prompt, final_prompt, theme, quality, privacy, provider, model, width, height, created_at)
    select ${BENCH_USER_PREFIX} || (1 + g % ${users}),
           p.prompt, 'clipart of ' || p.prompt, 'default',
           case when g % 4 = 0 then 'high' else 'low' end,
           'public', 'bench', 'bench', 1024, 1024,
           now() - (g::bigint * 7000000 + (g::bigint * 7919) % 1000000) * interval '1 microsecond'
    from generate_series(1, ${images}) g,
         lateral (select (${textArray(ADJECTIVES)})[1 + g % ${ADJECTIVES.length}] || ' ' ||
                         (${textArray(SUBJECTS)})[1 + (g / 3) % ${SUBJECTS.length}] ||
                         (${textArray(SCENES)})[1 + (g / 7) % ${SCENES.length}] as prompt) p`);
  await db.execute(sql`analyze generated_images`);
  await db.execute(sql`analyze "user"`);
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from generated_images where user_id like ${`${BENCH_USER_PREFIX}%`}`,
  );
  return { users, images: count.n };
}

async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.database.kind === 'postgres'
      ? { kind: 'postgres', url: config.database.url }
      : { kind: 'pglite', dir: config.database.dir },
  );
  try {
    await runMigrations(database);
    const started = performance.now();
    const seeded = await seedGalleryBench(database.db);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(`Seeded ${seeded.images} public images for ${seeded.users} bench users in ${seconds} s.`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
