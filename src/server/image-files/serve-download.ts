// The one answer to a download request, for the app's /images/:id/download and the REST API's
// /api/v1/images/:id/download: the routes differ only in who may download the picture and how
// long a cache may keep the file.

import type { Context } from 'hono';
import { DomainError, notFound } from '../../core/domain-error';
import { type DownloadRequest, validateDownload } from '../../core/download';
import type { Database } from '../db/client';
import type { GeneratedImageRow } from '../db/schema';
import { discardIfDeleted } from '../gallery/delete-image';
import type { Deletions } from '../storage/deletions';
import type { DownloadClient, Downloads } from './download';

/** If-None-Match names the stored file's ETag (one of a list, or `*`): the cached copy is still right. */
export function matchesEtag(c: Context, etag: string) {
  const header = c.req.header('if-none-match');
  if (!header || !etag) return false;
  const weakless = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || weakless(tag) === weakless(etag));
}

export async function serveDownload(
  c: Context,
  deps: { db: Database; deletions: Deletions; downloads: Downloads },
  opts: {
    imageId: string;
    /** The picture if this asker may download it (null answers 404, as for an unknown id), and who asks. */
    find: () => Promise<{ image: GeneratedImageRow; client: DownloadClient } | null>;
    cacheControl: (image: GeneratedImageRow, request: DownloadRequest) => string;
  },
): Promise<Response> {
  const request = validateDownload(c.req.query());
  if (!request.ok) throw new DomainError('invalid', request.message, { code: 'invalid_download' });
  await deps.downloads.refuseWhileBusy({ imageId: opts.imageId, request: request.value });
  const found = await opts.find();
  if (!found) throw notFound('Image not found');
  const { image, client } = found;
  const file = await deps.downloads.prepare({ image, request: request.value, client });
  // A variant written for a picture deleted meanwhile must not outlive it.
  if (!file.cached && (await discardIfDeleted(deps, image.id))) throw notFound('Image not found');
  const headers = {
    'Content-Type': file.contentType,
    'Content-Disposition': `attachment; filename="${file.fileName}"`,
    'Cache-Control': opts.cacheControl(image, request.value),
    ...(file.etag ? { ETag: file.etag } : {}),
    'X-Variant-Cache': file.cached ? 'hit' : 'miss',
  };
  if (matchesEtag(c, file.etag)) return c.body(null, 304, headers);
  return c.body(new Uint8Array(file.bytes), 200, headers);
}
