// Reading one image as a viewer may see it: core/image-access decides, these only load the row.
import { and, eq } from 'drizzle-orm';
import type { SharedImage } from '../../core/api';
import { isUuid } from '../../core/ids';
import { canViewImage, imageVisibility } from '../../core/image-access';
import type { Database } from '../db/client';
import { type GeneratedImageRow, generatedImages, profiles } from '../db/schema';
import { galleryItem, galleryItemColumns } from './views';

/**
 * The image if this viewer may see it (core/image-access: public to anyone, private to its owner).
 * Everyone else gets null, which the routes answer with 404 (never 403), so ids reveal nothing.
 */
export async function findVisibleImage(
  db: Database,
  opts: { id: string; viewerId: string | null },
): Promise<GeneratedImageRow | null> {
  if (!isUuid(opts.id)) return null;
  const [image] = await db.select().from(generatedImages).where(eq(generatedImages.id, opts.id));
  if (!image) return null;
  return canViewImage({ image: { ownerId: image.userId, privacy: image.privacy }, viewerId: opts.viewerId })
    ? image
    : null;
}

/**
 * An image for the share page and its API, as this viewer may see it (core/image-access): a
 * public one for anyone, a private one for its owner only; null (answered 404) for everyone else
 * and for unknown ids.
 */
export async function findSharedImage(opts: {
  db: Database;
  id: string;
  viewerId: string | null;
}): Promise<SharedImage | null> {
  if (!isUuid(opts.id)) return null;
  const [row] = await opts.db
    .select({ ...galleryItemColumns, userId: generatedImages.userId, privacy: generatedImages.privacy })
    .from(generatedImages)
    .leftJoin(profiles, eq(profiles.userId, generatedImages.userId))
    .where(eq(generatedImages.id, opts.id));
  if (!row) return null;
  const visibility = imageVisibility({
    image: { ownerId: row.userId, privacy: row.privacy },
    viewerId: opts.viewerId,
  });
  if (visibility === 'hidden') return null;
  return { ...galleryItem(row), privacy: row.privacy };
}

/** The owner's own image, or null (another member's image is as missing as an unknown id). */
export async function findOwnImage(
  db: Database,
  opts: { id: string; userId: string },
): Promise<GeneratedImageRow | null> {
  if (!isUuid(opts.id)) return null;
  const [row] = await db
    .select()
    .from(generatedImages)
    .where(and(eq(generatedImages.id, opts.id), eq(generatedImages.userId, opts.userId)));
  return row ?? null;
}
