// What the REST API reads: the key owner's generations and images, with absolute URLs that take
// the same bearer key (the app's own URLs take the cookie session instead).
import type { GeneratedImageView, GenerationStatus } from '../../core/api';
import type { ApiGeneration, ApiImage, ApiImagesPage, ApiImagesQuery } from '../../core/public-api';
import type { Database } from '../db/client';
import { historyQuery, historyTotalQuery } from '../gallery/list-images';
import { imageView } from '../gallery/views';

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

/** The owner's images, newest first, by numbered page (the history's own query). */
export async function listOwnImages(
  db: Database,
  opts: { userId: string; query: ApiImagesQuery; origin: string },
): Promise<ApiImagesPage> {
  const { page, pageSize } = opts.query;
  const [[{ total }], rows] = await Promise.all([
    historyTotalQuery(db, opts.userId),
    historyQuery(db, { userId: opts.userId, limit: pageSize, offset: (page - 1) * pageSize }),
  ]);
  return {
    images: rows.map((row) => apiImage(imageView(row), opts.origin)),
    page,
    pageSize,
    total,
    totalPages: Math.max(1, Math.ceil(total / pageSize)),
  };
}
