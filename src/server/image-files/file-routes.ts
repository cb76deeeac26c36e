// Stored images under our own URLs, with the privacy rule. Public ones are cached briefly and
// revalidated by ETag: a picture its owner makes private (or deletes) must leave browser and CDN
// caches within minutes, which a year-long `immutable` copy never would (a new URL does not help,
// the old one stays cached).

import { type Context, Hono } from 'hono';
import type { DownloadRequest } from '../../core/download';
import { isVisibleToEveryone } from '../../core/image-access';
import { downloadSizeRefusal } from '../../core/tiers';
import type { Auth } from '../auth/auth';
import { clientIp } from '../auth/client-ip';
import { optionalUser } from '../auth/session';
import type { Database } from '../db/client';
import type { GeneratedImageRow } from '../db/schema';
import { discardIfDeleted as discardDeleted } from '../gallery/delete-image';
import { findVisibleImage } from '../gallery/find-image';
import { notFound } from '../http/errors';
import type { Deletions } from '../storage/deletions';
import { imageKeys, type Storage } from '../storage/storage';
import type { Downloads } from './download';
import { matchesEtag, serveDownload } from './serve-download';
import { storeThumbnail } from './thumbnails';

/** How long a cache may show a public picture without asking again (a made-private one lingers at most this long). */
export const PUBLIC_IMAGE_MAX_AGE_SECONDS = 600;

function imageCacheControl(image: GeneratedImageRow) {
  return isVisibleToEveryone(image) ? `public, max-age=${PUBLIC_IMAGE_MAX_AGE_SECONDS}` : 'private, no-store';
}

/** A size beyond Free's is the asker's by plan: no shared cache may hand it to a visitor. */
function downloadCacheControl(image: GeneratedImageRow, request: DownloadRequest) {
  if (downloadSizeRefusal('free', request) && isVisibleToEveryone(image))
    return `private, max-age=${PUBLIC_IMAGE_MAX_AGE_SECONDS}`;
  return imageCacheControl(image);
}

export function imageFileRoutes(deps: {
  db: Database;
  auth: Auth;
  storage: Storage;
  deletions: Deletions;
  downloads: Downloads;
  trustedProxyHops: number;
  publicImageBaseUrl?: string;
}) {
  const discardIfDeleted = (imageId: string) => discardDeleted(deps, imageId);

  const visible = async (c: Context, id: string) => {
    const viewer = await optionalUser(deps.auth, c.req.raw.headers);
    const image = await findVisibleImage(deps.db, { id, viewerId: viewer?.id ?? null });
    if (!image) throw notFound('Image not found');
    return image;
  };

  const send = async (c: Context, image: GeneratedImageRow, key: string) => {
    const object = await deps.storage.get(key);
    if (!object) throw notFound('Image not found');
    const headers = {
      'Cache-Control': imageCacheControl(image),
      ETag: object.etag,
      'Content-Type': object.contentType,
    };
    if (matchesEtag(c, object.etag)) return c.body(null, 304, headers);
    return c.body(new Uint8Array(object.bytes), 200, headers);
  };

  return new Hono()
    .get('/:name', async (c) => {
      const match = /^(.+)\.png$/.exec(c.req.param('name'));
      if (!match) throw notFound('Image not found');
      const image = await visible(c, match[1]);
      if (isVisibleToEveryone(image) && deps.publicImageBaseUrl) {
        return c.redirect(`${deps.publicImageBaseUrl}/${imageKeys.original(image.id)}`, 302);
      }
      return send(c, image, imageKeys.original(image.id));
    })
    .get('/:id/thumb.webp', async (c) => {
      const image = await visible(c, c.req.param('id'));
      // Made right after a generation settles; a grid that asks sooner gets it made now.
      if (!(await deps.storage.get(imageKeys.thumb(image.id)))) {
        const original = await deps.storage.get(imageKeys.original(image.id));
        if (!original) throw notFound('Image not found');
        await storeThumbnail(deps.storage, image.id, original.bytes);
        if (await discardIfDeleted(image.id)) throw notFound('Image not found');
      }
      return send(c, image, imageKeys.thumb(image.id));
    })
    .get('/:id/download', (c) =>
      serveDownload(c, deps, {
        imageId: c.req.param('id'),
        find: async () => {
          const viewer = await optionalUser(deps.auth, c.req.raw.headers);
          const image = await findVisibleImage(deps.db, {
            id: c.req.param('id'),
            viewerId: viewer?.id ?? null,
          });
          const address = clientIp(c.req.raw, deps.trustedProxyHops, c.env);
          return image && { image, client: { address, memberId: viewer?.id ?? null } };
        },
        cacheControl: downloadCacheControl,
      }),
    );
}
