// The 512 px WebP thumbnail that grids show. Making one takes ~40 ms of a core (PNG decode, resize,
// WebP encode), so the thumbnails of finished jobs are background work: made one at a time per
// process, outside the job's slot, only while the process is quiet (or once they have waited long
// enough), and in a child process at the lowest CPU priority (low-priority.ts), so on a busy machine
// they never take a core from the people still waiting on their pictures or from the database.
// A grid that asks before it exists gets it made on the spot (storeThumbnail).
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { generatedImages } from '../db/schema';
import type { Logger } from '../logger';
import type { Deletions } from '../storage/deletions';
import { imageKeys, type Storage } from '../storage/storage';
import { type LowPriorityEncoder, lowPriorityEncoder } from './low-priority';
import { encodeThumbnail } from './thumbnail-image';

/** Makes and stores the thumbnail now (someone is waiting for it). */
export async function storeThumbnail(storage: Storage, imageId: string, png: Buffer): Promise<Buffer> {
  const thumb = await encodeThumbnail(png);
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
  /**
   * Shutdown: the thumbnail being made is finished, the waiting ones are left to their first
   * request (at the lowest priority on a busy machine, waiting for all of them could take long).
   */
  stop(): Promise<void>;
};

/**
 * Thumbnails waiting beyond this are left to their first request: at the lowest priority a
 * saturated machine makes few, and each waiting one holds its 1 MB original in memory.
 */
export const MAX_WAITING_THUMBNAILS = 100;

export function createThumbnailQueue(deps: {
  db: Database;
  storage: Storage;
  deletions: Deletions;
  logger: Logger;
  /** Where thumbnails are encoded (this process's low-priority child process unless given). */
  encoder?: LowPriorityEncoder;
}): ThumbnailQueue {
  let tail: Promise<void> = Promise.resolve();
  const quietMoment = createQuietGate();
  const encoder = deps.encoder ?? lowPriorityEncoder();
  const encode = (imageId: string, png: Buffer) =>
    encoder.thumbnail(png).catch((err) => {
      // The picture still gets its thumbnail, made here at normal priority.
      deps.logger.warn({ err, imageId }, 'the low-priority image process failed; thumbnail made in process');
      return encodeThumbnail(png);
    });
  const make = async (imageId: string, png: Buffer) => {
    await quietMoment();
    if (stopped) return;
    await deps.storage.put(imageKeys.thumb(imageId), await encode(imageId, png), 'image/webp');
    // Deleted while it waited: its files are gone, so this one must go too.
    const [row] = await deps.db
      .select({ id: generatedImages.id })
      .from(generatedImages)
      .where(eq(generatedImages.id, imageId));
    if (!row) await deps.deletions.discard(imageKeys.prefix(imageId), 'written after deletion');
  };
  let waiting = 0;
  let stopped = false;
  return {
    add(imageId, png) {
      if (stopped) return;
      if (waiting >= MAX_WAITING_THUMBNAILS) {
        deps.logger.info({ imageId, waiting }, 'thumbnail queue full; deferred to first request');
        return;
      }
      waiting++;
      tail = tail
        .then(() => (stopped ? undefined : make(imageId, png)))
        .catch((err) => deps.logger.warn({ err, imageId }, 'thumbnail deferred to first request'))
        .finally(() => {
          waiting--;
        });
    },
    drain() {
      return tail;
    },
    async stop() {
      stopped = true;
      await tail;
    },
  };
}
