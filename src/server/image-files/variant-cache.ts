// The stored download variants are a cache held under a size cap (VARIANT_CACHE_MB): each one is
// listed in image_variants with its size and when it was last served, and once the listed bytes pass
// the cap the least recently served go, row first, then file. An evicted variant is rendered again
// on its next request. Originals, thumbnails and vectors are never listed, so never evicted.
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';
import type { Logger } from '../logger';
import type { Storage } from '../storage/storage';

// A hit refreshes its row at most this often: serving a cached file should rarely write.
const TOUCH_AFTER_SECONDS = 3600;

/**
 * Lists a variant just stored, or marks one just served as used. Nothing is written for a picture
 * deleted meanwhile (its files go with it), and a served one is refreshed only when its mark is an
 * hour old. A file stored before the list existed joins it on its first hit.
 */
export async function recordVariant(
  db: Database,
  input: { imageId: string; key: string; bytes: number; rendered: boolean },
): Promise<void> {
  const refresh = input.rendered
    ? sql`true`
    : sql`image_variants.used_at < now() - make_interval(secs => ${TOUCH_AFTER_SECONDS})`;
  await db.execute(sql`
    insert into image_variants (key, image_id, bytes, used_at)
    select ${input.key}, id, ${input.bytes}, now() from generated_images where id = ${input.imageId}
    on conflict (key) do update set bytes = excluded.bytes, used_at = excluded.used_at where ${refresh}`);
}

/**
 * Deletes the least recently served variants beyond `capBytes` (the newest that fit stay). One
 * statement picks and unlists them, so two processes never both count the same file; a file the
 * store fails to delete is only logged: it is served (and listed again) or goes with its picture.
 */
export async function evictVariants(opts: {
  db: Database;
  storage: Storage;
  capBytes: number;
  logger?: Logger;
}): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(
    opts.db,
    sql`
      delete from image_variants where key in (
        select key from (
          select key, sum(bytes) over (order by used_at desc, key desc) as kept from image_variants
        ) ranked where kept > ${opts.capBytes}
      ) returning key`,
  );
  for (const { key } of rows) {
    // A variant's key is a whole file name, never the start of another key.
    await opts.storage
      .deletePrefix(key)
      .catch((err) => opts.logger?.warn({ err, key }, 'storage: evicting a download variant failed'));
  }
  return rows.map((row) => row.key);
}
