// A download in any format, size and variant: rendered once, then served from the storage cache.
import { type DownloadRequest, downloadFileName, variantCacheKey } from '../../core/download';
import type { GeneratedImageRow } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import { imageKeys, type Storage, type StoredObject } from '../storage/storage';
import { BackgroundRemovalError, InvalidDownloadError, renderDownload } from './variants';

export type DownloadFile = StoredObject & { fileName: string; cached: boolean };

export async function prepareDownload(
  storage: Storage,
  image: GeneratedImageRow,
  request: DownloadRequest,
): Promise<DownloadFile> {
  const fileName = downloadFileName({
    createdAt: image.createdAt,
    size: request.size,
    format: request.format,
  });
  const key = imageKeys.variant(image.id, variantCacheKey(request));
  const cached = await storage.get(key);
  if (cached) return { ...cached, fileName, cached: true };

  const original = await storage.get(imageKeys.original(image.id));
  if (!original) throw notFound('Image not found');
  const vector = image.hasSvg ? await storage.get(imageKeys.vector(image.id)) : null;
  try {
    const file = await renderDownload({
      png: original.bytes,
      svg: vector?.bytes.toString('utf8'),
      format: request.format,
      size: request.size,
      variant: request.variant,
    });
    await storage.put(key, file.bytes, file.contentType);
    const stored = await storage.get(key);
    return {
      ...(stored ?? { bytes: file.bytes, contentType: file.contentType, etag: '' }),
      fileName,
      cached: false,
    };
  } catch (error) {
    if (error instanceof InvalidDownloadError) throw new AppError(400, 'invalid_download', error.message);
    if (error instanceof BackgroundRemovalError)
      throw new AppError(422, 'background_not_removable', error.message);
    throw error;
  }
}
