import { eq } from 'drizzle-orm';
import { canViewImage } from '../../core/image-access';
import type { Database } from '../db/client';
import { type GeneratedImageRow, generatedImages } from '../db/schema';
import { isUuid } from '../generation/service';

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
