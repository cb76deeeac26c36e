// The gallery's first page (no cursor, no search) is what nearly every visit of Explore asks for:
// it is kept for a couple of seconds and shared by every request of this process, and requests
// that arrive while it loads wait for that one query instead of running their own. A new public
// picture shows up within GALLERY_CACHE_MS; a picture made private or deleted, an account deleted
// or an author renamed drops the cached page at once, here and (PostgreSQL) in every other process
// through a NOTIFY, so nothing that stopped being public is served from it.
import pg from 'pg';
import type { GalleryPage, GalleryQuery } from '../../core/api';
import type { Logger } from '../logger';

export const GALLERY_CACHE_MS = 2_000;
const CHANNEL = 'clipsmith_gallery_changed';

export type GalleryCache = {
  /** The page from the cache when it is the shared first page; `load` runs otherwise. */
  read(query: GalleryQuery, load: () => Promise<GalleryPage>): Promise<GalleryPage>;
  /** Call after a change that removes or renames something public has committed. */
  invalidate(): Promise<void>;
  stop(): Promise<void>;
};

type Entry = { page: Promise<GalleryPage>; at: number };

export async function createGalleryCache(opts: {
  ttlMs?: number;
  /** PostgreSQL: other processes hear of invalidations through LISTEN/NOTIFY. */
  postgresUrl?: string;
  logger: Logger;
  now?: () => number;
}): Promise<GalleryCache> {
  const ttlMs = opts.ttlMs ?? GALLERY_CACHE_MS;
  const now = opts.now ?? Date.now;
  // The promise goes in as its query starts: an invalidation clears a load still under way too,
  // so an answer read before a change never outlives the change.
  const entries = new Map<string, Entry>();
  const forget = () => entries.clear();

  let channel: pg.Client | undefined;
  let sending: Promise<unknown> = Promise.resolve();
  if (opts.postgresUrl) {
    channel = new pg.Client({ connectionString: opts.postgresUrl });
    channel.on('error', (err) =>
      opts.logger.warn({ err }, 'gallery cache: invalidation channel lost; caching stays off'),
    );
    channel.on('end', () => {
      // Without the channel another process's change could go unheard: stop caching.
      channel = undefined;
      forget();
    });
    channel.on('notification', forget);
    await channel.connect();
    await channel.query(`listen ${CHANNEL}`);
  }
  const shared = () => !opts.postgresUrl || channel !== undefined;

  return {
    read(query, load) {
      if (query.cursor || query.q || !shared()) return load();
      const key = `${query.sort}:${query.limit}`;
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.page;
      const page = load();
      entries.set(key, { page, at: now() });
      // A failed query is not kept for the next request.
      page.catch(() => {
        if (entries.get(key)?.page === page) entries.delete(key);
      });
      return page;
    },
    async invalidate() {
      forget();
      const client = channel;
      if (!client) return;
      // One query at a time on this connection; a lost NOTIFY is logged, the local cache is gone anyway.
      sending = sending
        .then(() => client.query(`notify ${CHANNEL}`))
        .catch((err) => opts.logger.warn({ err }, 'gallery cache: could not tell other processes'));
      await sending;
    },
    async stop() {
      const client = channel;
      channel = undefined;
      forget();
      await sending;
      await client?.end().catch(() => {});
    },
  };
}
