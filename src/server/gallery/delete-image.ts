// Deleting an image: the row at once, its files through the pending-deletion record.

import { and, eq } from 'drizzle-orm';
import { notFound } from '../../core/domain-error';
import { isUuid } from '../../core/ids';
import type { Database } from '../db/client';
import { generatedImages } from '../db/schema';
import type { Deletions } from '../storage/deletions';
import { imageKeys } from '../storage/storage';
import type { GalleryCache } from './first-page-cache';

/**
 * Deletes the row and records its files as a pending deletion in one transaction (the image
 * disappears at once, and the promise to remove the files survives a crash), then removes the
 * files. A store that refuses does not fail the member's request: the deletion stays pending.
 * Explore's cached first page is dropped once the row is gone.
 */
export async function deleteImage(opts: {
  db: Database;
  deletions: Deletions;
  galleryCache: GalleryCache;
  userId: string;
  imageId: string;
}): Promise<void> {
  if (!isUuid(opts.imageId)) throw notFound('Image not found');
  const prefix = imageKeys.prefix(opts.imageId);
  await opts.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(generatedImages)
      .where(and(eq(generatedImages.id, opts.imageId), eq(generatedImages.userId, opts.userId)))
      .returning({ id: generatedImages.id });
    if (deleted.length === 0) throw notFound('Image not found');
    await opts.deletions.record(tx, [prefix], 'image deleted');
  });
  await opts.galleryCache.invalidate();
  await opts.deletions.remove([prefix]);
}

/**
 * A file written for a picture deleted meanwhile (its folder may already be empty) must not
 * outlive it: it goes through the deletion path. True when that happened.
 */
export async function discardIfDeleted(
  deps: { db: Database; deletions: Deletions },
  imageId: string,
): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: generatedImages.id })
    .from(generatedImages)
    .where(eq(generatedImages.id, imageId));
  if (row) return false;
  await deps.deletions.discard(imageKeys.prefix(imageId), 'written after deletion');
  return true;
}
