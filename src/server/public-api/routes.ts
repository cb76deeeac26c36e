import { Hono } from 'hono';
import { generationRequestSchema } from '../../core/api';
import { apiImagesQuerySchema } from '../../core/public-api';
import { clientIp } from '../auth/client-ip';
import type { Database } from '../db/client';
import { findOwnImage } from '../gallery/find-image';
import { imageView } from '../gallery/views';
import type { GenerationEvents } from '../generation/events';
import type { Moderation } from '../generation/ports';
import { createGeneration, getGeneration } from '../generation/service';
import { notFound, parseWith, readJson } from '../http/errors';
import type { RequestVars } from '../http/request-log';
import type { Downloads } from '../image-files/download';
import { serveDownload } from '../image-files/serve-download';
import type { JobRunner } from '../jobs/runner';
import type { RateLimiter } from '../platform/rate-limit';
import type { Deletions } from '../storage/deletions';
import { imageKeys, type Storage } from '../storage/storage';
import { type ApiVars, requireApiKey } from './auth';
import { apiGeneration, apiImage, listOwnImages } from './service';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export function publicApiRoutes(deps: {
  db: Database;
  moderation: Moderation;
  events: GenerationEvents;
  jobs: JobRunner;
  storage: Storage;
  deletions: Deletions;
  downloads: Downloads;
  trustedProxyHops: number;
  rateLimiter: RateLimiter;
  /** Requests per minute per member, all their keys together. */
  rateLimitPerMinute: number;
  /** The server's public URL, for absolute image URLs. */
  origin: string;
}) {
  const { db, origin } = deps;
  const rule = { name: 'api-key', limit: deps.rateLimitPerMinute, windowMs: 60_000 };

  const ownImage = async (id: string, userId: string) => {
    const image = await findOwnImage(db, { id, userId });
    if (!image) throw notFound('Image not found');
    return image;
  };

  return new Hono<{ Variables: ApiVars & RequestVars }>()
    .use(requireApiKey({ db, rateLimiter: deps.rateLimiter, rule }))
    .post('/generations', async (c) => {
      const request = await readJson(c, generationRequestSchema);
      return c.json(await createGeneration(deps, { userId: c.get('caller').userId, request }), 202, NO_STORE);
    })
    .get('/generations/:id', async (c) => {
      const status = await getGeneration(db, { id: c.req.param('id'), userId: c.get('caller').userId });
      return c.json(apiGeneration(status, origin), 200, NO_STORE);
    })
    .get('/images', async (c) => {
      const query = parseWith(apiImagesQuerySchema, c.req.query());
      return c.json(
        await listOwnImages(db, { userId: c.get('caller').userId, query, origin }),
        200,
        NO_STORE,
      );
    })
    .get('/images/:id', async (c) => {
      const image = await ownImage(c.req.param('id'), c.get('caller').userId);
      return c.json(apiImage(imageView(image), origin), 200, NO_STORE);
    })
    .get('/images/:id/original.png', async (c) => {
      const image = await ownImage(c.req.param('id'), c.get('caller').userId);
      const object = await deps.storage.get(imageKeys.original(image.id));
      if (!object) throw notFound('Image not found');
      return c.body(new Uint8Array(object.bytes), 200, {
        ...NO_STORE,
        'Content-Type': object.contentType,
        ETag: object.etag,
      });
    })
    .get('/images/:id/download', (c) => {
      const userId = c.get('caller').userId;
      return serveDownload(c, deps, {
        imageId: c.req.param('id'),
        find: async () => {
          const image = await findOwnImage(db, { id: c.req.param('id'), userId });
          const address = clientIp(c.req.raw, deps.trustedProxyHops, c.env);
          return image && { image, client: { address, memberId: userId } };
        },
        cacheControl: () => NO_STORE['Cache-Control'],
      });
    });
}
