// Files under the image prefix that nothing owns: no image row and no pending deletion. Stores
// cleaned before pending deletions existed (or by hand) can hold such files; the operator lists
// them with `npm run admin -- storage:orphans` and removes them with --delete.
import { inArray } from 'drizzle-orm';
import { isUuid } from '../../core/ids';
import type { Database } from '../db/client';
import { generatedImages, pendingDeletions } from '../db/schema';
import type { Logger } from '../logger';
import { discardFiles } from './deletions';
import { IMAGES_PREFIX, imageIdOfKey, imageKeys, type Storage } from './storage';

/** A generation uploads its files a moment before its row exists: younger files are left alone. */
export const ORPHAN_MIN_AGE_MS = 60 * 60_000;

export type Orphan = { prefix: string; files: number; newest: Date };

/** Pages through every file under the image prefix; returns the prefixes nothing owns. */
export async function findOrphans(
  deps: { db: Database; storage: Storage },
  opts: { now?: Date; minAgeMs?: number } = {},
): Promise<{ orphans: Orphan[]; scanned: number; tooYoung: number }> {
  const now = opts.now ?? new Date();
  const minAgeMs = opts.minAgeMs ?? ORPHAN_MIN_AGE_MS;
  const candidates = new Map<string, Orphan>();
  let scanned = 0;
  let next: string | null = null;
  do {
    const page = await deps.storage.list(IMAGES_PREFIX, next);
    scanned += page.objects.length;
    const byPrefix = new Map<string, { id: string | null; files: number; newest: Date }>();
    for (const object of page.objects) {
      const id = imageIdOfKey(object.key);
      // A stray file outside any image folder is its own prefix.
      const prefix = id ? imageKeys.prefix(id) : object.key;
      const entry = byPrefix.get(prefix) ?? { id, files: 0, newest: object.lastModified };
      entry.files += 1;
      if (object.lastModified > entry.newest) entry.newest = object.lastModified;
      byPrefix.set(prefix, entry);
    }
    const owned = await ownedPrefixes(deps.db, byPrefix);
    for (const [prefix, entry] of byPrefix) {
      if (owned.has(prefix)) continue;
      const known = candidates.get(prefix);
      candidates.set(prefix, {
        prefix,
        files: (known?.files ?? 0) + entry.files,
        newest: known && known.newest > entry.newest ? known.newest : entry.newest,
      });
    }
    next = page.next;
  } while (next);
  const all = [...candidates.values()];
  const orphans = all.filter((o) => now.getTime() - o.newest.getTime() >= minAgeMs);
  return { orphans, scanned, tooYoung: all.length - orphans.length };
}

async function ownedPrefixes(db: Database, byPrefix: Map<string, { id: string | null }>) {
  const prefixes = [...byPrefix.keys()];
  const ids = [...byPrefix.values()].map((e) => e.id).filter((id): id is string => !!id && isUuid(id));
  const owned = new Set<string>();
  if (ids.length > 0) {
    const rows = await db
      .select({ id: generatedImages.id })
      .from(generatedImages)
      .where(inArray(generatedImages.id, ids));
    for (const row of rows) owned.add(imageKeys.prefix(row.id));
  }
  if (prefixes.length > 0) {
    // A pending deletion is already on its way out: the retry sweep owns it.
    const rows = await db
      .select({ prefix: pendingDeletions.prefix })
      .from(pendingDeletions)
      .where(inArray(pendingDeletions.prefix, prefixes));
    for (const row of rows) owned.add(row.prefix);
  }
  return owned;
}

/** Removes orphans through the pending-deletion path; returns the prefixes the store refused. */
export async function removeOrphans(
  deps: { db: Database; storage: Storage; logger: Logger },
  orphans: Orphan[],
): Promise<string[]> {
  const refused: string[] = [];
  for (const orphan of orphans) {
    await discardFiles(deps, orphan.prefix, 'orphaned file');
    const left = await deps.storage.list(orphan.prefix);
    if (left.objects.length > 0) refused.push(orphan.prefix);
  }
  return refused;
}
