// HTTP only: parse, call one service function, answer. Rules live in ./service.ts.
import { Hono } from 'hono';
import { galleryQuerySchema, historyQuerySchema, imagePatchSchema } from '../../core/api';
import type { Auth } from '../auth/auth';
import { requireTrustedOrigin, requireUser, type SessionVars } from '../auth/session';
import type { Database } from '../db/client';
import { notFound, parseWith, readJson } from '../http/errors';
import type { RequestVars } from '../http/request-log';
import type { Spa } from '../http/spa';
import type { Deletions } from '../storage/deletions';
import type { GalleryCache } from './first-page-cache';
import {
  changePrivacy,
  deleteImage,
  findSharedImage,
  listGallery,
  listHistory,
  recentImages,
} from './service';
import { sharePageHtml } from './share-page';

type Vars = { Variables: SessionVars & RequestVars };
// Member data changes with every generation: never cache it.
const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** GET /api/gallery: public images, signed-in members only. */
export function galleryRoutes(deps: { db: Database; auth: Auth; galleryCache: GalleryCache }) {
  return new Hono<Vars>().get('/', requireUser(deps.auth), async (c) => {
    const query = parseWith(galleryQuerySchema, c.req.query());
    const page = await deps.galleryCache.read(query, () => listGallery({ db: deps.db, query }));
    return c.json(page, 200, NO_STORE);
  });
}

/** GET /api/history: the member's own images by numbered page. */
export function historyRoutes(deps: { db: Database; auth: Auth }) {
  return new Hono<Vars>().get('/', requireUser(deps.auth), async (c) => {
    const { page } = parseWith(historyQuerySchema, c.req.query());
    return c.json(await listHistory({ db: deps.db, userId: c.get('user').id, page }), 200, NO_STORE);
  });
}

/**
 * /api/images: the dashboard strip and owner actions. Middleware is attached per route, not with
 * use(), so it never reaches other /api/images/* routes mounted by other modules.
 */
export function imageApiRoutes(deps: {
  db: Database;
  auth: Auth;
  deletions: Deletions;
  galleryCache: GalleryCache;
}) {
  const user = requireUser(deps.auth);
  const origin = requireTrustedOrigin(deps.auth);
  return new Hono<Vars>()
    .get('/recent', user, async (c) =>
      c.json(await recentImages({ db: deps.db, userId: c.get('user').id }), 200, NO_STORE),
    )
    .patch('/:id', origin, user, async (c) => {
      const { privacy } = await readJson(c, imagePatchSchema);
      const userId = c.get('user').id;
      const change = await changePrivacy({ db: deps.db, userId, imageId: c.req.param('id'), privacy });
      await deps.galleryCache.invalidate();
      return c.json(change);
    })
    .delete('/:id', origin, user, async (c) => {
      await deleteImage({
        db: deps.db,
        deletions: deps.deletions,
        userId: c.get('user').id,
        imageId: c.req.param('id'),
      });
      await deps.galleryCache.invalidate();
      return c.body(null, 204);
    });
}

/** GET /api/share/:id: a public image's card data, no sign-in needed. */
export function shareRoutes(deps: { db: Database }) {
  return new Hono().get('/:id', async (c) => {
    const image = await findSharedImage({ db: deps.db, id: c.req.param('id') });
    if (!image) throw notFound('Image not found');
    return c.json(image, 200, { 'Cache-Control': 'no-cache' });
  });
}

/**
 * GET /i/:id: index.html with Open Graph tags for a public image. Private and unknown ids get the
 * plain index.html with 404, so the SPA shows its not-found page and nothing is revealed.
 */
export function sharePageRoutes(deps: { db: Database; spa: Spa; publicUrl: string }) {
  return new Hono().get('/:id', async (c) => {
    const image = await findSharedImage({ db: deps.db, id: c.req.param('id') });
    const headers = { 'Cache-Control': 'no-cache' };
    if (!image) return c.html(deps.spa.indexHtml(), 404, headers);
    return c.html(sharePageHtml(deps.spa.indexHtml(), image, deps.publicUrl), 200, headers);
  });
}
