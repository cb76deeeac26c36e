// The 512 px WebP thumbnail that grids show. Making one takes ~30 ms of a core (PNG decode, resize,
// WebP encode), so the thumbnails of finished jobs are background work: made one at a time per
// process, outside the job's slot, and only while the process is quiet (or once they have waited
// long enough). A burst of eight at once would take both cores from the people still waiting on
// their pictures. A grid that asks before it exists gets it made on the spot (storeThumbnail).
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { THUMB_SIZE } from '../../core/constants';
import type { Database } from '../db/client';
import { generatedImages } from '../db/schema';
import type { Logger } from '../logger';
import type { Deletions } from '../storage/deletions';
import { imageKeys, type Storage } from '../storage/storage';

/** Makes and stores the thumbnail now (someone is waiting for it). */
export async function storeThumbnail(storage: Storage, imageId: string, png: Buffer): Promise<Buffer> {
  const thumb = await sharp(png)
    .resize(THUMB_SIZE, THUMB_SIZE)
    .webp({ quality: 86, alphaQuality: 90, effort: 2 })
    .toBuffer();
  await storage.put(imageKeys.thumb(imageId), thumb, 'image/webp');
  return thumb;
}

/** Quiet: the event loop was busy less than this share of the last sample. */
const QUIET_UTILISATION = 0.3;
const SAMPLE_MS = 20;
/** Background work waits for a quiet moment at most this long. */
const MAX_DEFER_MS = 2000;

/** A sample older than this says little about now and is started afresh. */
const STALE_SAMPLE_MS = 100;

/**
 * Waits until the event loop has been quiet over a recent sample of SAMPLE_MS or more. A sample
 * runs from the previous check, so a queue that keeps finding the process quiet goes on without
 * sleeping (a fixed pause per thumbnail capped a worker at about 16 thumbnails a second).
 */
function createQuietGate(): () => Promise<void> {
  let since = performance.eventLoopUtilization();
  let sinceAt = performance.now();
  return async () => {
    const deadline = performance.now() + MAX_DEFER_MS;
    for (;;) {
      const now = performance.now();
      if (now >= deadline) return;
      const age = now - sinceAt;
      if (age > STALE_SAMPLE_MS) {
        // Long idle, or a sleep that overran because the loop was busy: sample afresh.
        since = performance.eventLoopUtilization();
        sinceAt = now;
      } else if (age >= SAMPLE_MS) {
        const current = performance.eventLoopUtilization();
        const { utilization } = performance.eventLoopUtilization(current, since);
        since = current;
        sinceAt = now;
        if (utilization < QUIET_UTILISATION) return;
      }
      await sleep(SAMPLE_MS, undefined, { ref: false });
    }
  };
}

export type ThumbnailQueue = {
  /** Queues a thumbnail; failures are logged (the route makes it on demand later). */
  add(imageId: string, png: Buffer): void;
  /** Resolves when every queued thumbnail is stored (or has failed). */
  drain(): Promise<void>;
};

export function createThumbnailQueue(deps: {
  db: Database;
  storage: Storage;
  deletions: Deletions;
  logger: Logger;
}): ThumbnailQueue {
  let tail: Promise<void> = Promise.resolve();
  const quietMoment = createQuietGate();
  const make = async (imageId: string, png: Buffer) => {
    await quietMoment();
    await storeThumbnail(deps.storage, imageId, png);
    // Deleted while it waited: its files are gone, so this one must go too.
    const [row] = await deps.db
      .select({ id: generatedImages.id })
      .from(generatedImages)
      .where(eq(generatedImages.id, imageId));
    if (!row) await deps.deletions.discard(imageKeys.prefix(imageId), 'written after deletion');
  };
  return {
    add(imageId, png) {
      tail = tail
        .then(() => make(imageId, png))
        .catch((err) => deps.logger.warn({ err, imageId }, 'thumbnail deferred to first request'));
    },
    drain() {
      return tail;
    },
  };
}
