// What the REST API reads: the key owner's generations and images, with absolute URLs that take
// the same bearer key (the app's own URLs take the cookie session instead).
import { and, count, desc, eq } from 'drizzle-orm';
import type { GeneratedImageView, GenerationStatus } from '../../core/api';
import type { ApiGeneration, ApiImage, ApiImagesPage, ApiImagesQuery } from '../../core/public-api';
import type { Database } from '../db/client';
import { type GeneratedImageRow, generatedImages } from '../db/schema';
import { isUuid } from '../generation/service';
import { imageView } from '../generation/views';

/** The API's view of an image; `origin` is the server's public URL. */
export function apiImage(view: GeneratedImageView, origin: string): ApiImage {
  const { thumbUrl: _thumb, shareUrl, ...rest } = view;
  const base = `${origin}/api/v1/images/${view.id}`;
  return {
    ...rest,
    url: `${base}/original.png`,
    downloadUrl: `${base}/download`,
    ...(shareUrl ? { shareUrl: `${origin}${shareUrl}` } : {}),
  };
}

export function apiGeneration(status: GenerationStatus, origin: string): ApiGeneration {
  const { image, ...rest } = status;
  return image ? { ...rest, image: apiImage(image, origin) } : rest;
}

/** The owner's image, or null (another member's image is as missing as an unknown id). */
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

/** The owner's images, newest first, by numbered page. */
export async function listOwnImages(
  db: Database,
  opts: { userId: string; query: ApiImagesQuery; origin: string },
): Promise<ApiImagesPage> {
  const { page, pageSize } = opts.query;
  const mine = eq(generatedImages.userId, opts.userId);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(generatedImages).where(mine),
    db
      .select()
      .from(generatedImages)
      .where(mine)
      .orderBy(desc(generatedImages.createdAt), desc(generatedImages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return {
    images: rows.map((row) => apiImage(imageView(row), opts.origin)),
    page,
    pageSize,
    total,
    totalPages: Math.max(1, Math.ceil(total / pageSize)),
  };
}
