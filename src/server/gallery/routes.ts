// The images API, HTTP only: parse, call one use case, answer. Rules live in the use-case files
// and core/image-access.
import { gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import type { GalleryPage } from '../../core/api';
import { galleryQuerySchema, historyQuerySchema, imagePatchSchema } from '../../core/api';
import { isVisibleToEveryone } from '../../core/image-access';
import type { Privacy } from '../../core/options';
import type { Auth } from '../auth/auth';
import { optionalUser, requireTrustedOrigin, requireUser, type SessionVars } from '../auth/session';
import type { Database } from '../db/client';
import { notFound, parseWith, readJson } from '../http/errors';
import type { RequestVars } from '../http/request-log';
import { chooseEncoding, type Spa } from '../http/spa';
import type { Deletions } from '../storage/deletions';
import { changePrivacy } from './change-privacy';
import { deleteImage } from './delete-image';
import { findSharedImage } from './find-image';
import type { GalleryCache } from './first-page-cache';
import { listGallery, listHistory, recentImages } from './list-images';
import { sharePageHtml } from './share-page';

type Vars = { Variables: SessionVars & RequestVars };
// Member data changes with every generation: never cache it.
const NO_STORE = { 'Cache-Control': 'private, no-store' };

/**
 * A gallery page as JSON and gzipped. The shared first page is one object while it is cached, so
 * every request in that time sends the same bytes, encoded once instead of once per request.
 */
const encodedPages = new WeakMap<GalleryPage, { json: string; gzip: Uint8Array<ArrayBuffer> }>();
function encodedPage(page: GalleryPage) {
  let encoded = encodedPages.get(page);
  if (!encoded) {
    const json = JSON.stringify(page);
    encoded = { json, gzip: new Uint8Array(gzipSync(json)) };
    encodedPages.set(page, encoded);
  }
  return encoded;
}

/** GET /api/gallery: public images, signed-in members only. */
export function galleryRoutes(deps: { db: Database; auth: Auth; galleryCache: GalleryCache }) {
  return new Hono<Vars>().get('/', requireUser(deps.auth), async (c) => {
    const query = parseWith(galleryQuerySchema, c.req.query());
    const page = await deps.galleryCache.read(query, () => listGallery({ db: deps.db, query }));
    const { json, gzip } = encodedPage(page);
    // Already encoded here, so the app's compression leaves it alone.
    const headers = { ...NO_STORE, 'Content-Type': 'application/json', Vary: 'Accept-Encoding' };
    if (chooseEncoding(c.req.header('Accept-Encoding'), ['gzip']))
      return c.body(gzip, 200, { ...headers, 'Content-Encoding': 'gzip' });
    return c.body(json, 200, headers);
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
      return c.json(await changePrivacy({ ...deps, userId, imageId: c.req.param('id'), privacy }));
    })
    .delete('/:id', origin, user, async (c) => {
      await deleteImage({ ...deps, userId: c.get('user').id, imageId: c.req.param('id') });
      return c.body(null, 204);
    });
}

/** The signed-in viewer's id, or null: the share page answers owners and strangers differently. */
async function viewerId(auth: Auth, headers: Headers): Promise<string | null> {
  return (await optionalUser(auth, headers))?.id ?? null;
}

/**
 * GET /api/share/:id: an image's card data, no sign-in needed for a public one; a private one
 * only for its owner (never stored by a shared cache), 404 for everyone else.
 */
export function shareRoutes(deps: { db: Database; auth: Auth }) {
  return new Hono().get('/:id', async (c) => {
    const viewer = await viewerId(deps.auth, c.req.raw.headers);
    const image = await findSharedImage({ db: deps.db, id: c.req.param('id'), viewerId: viewer });
    if (!image) throw notFound('Image not found');
    return c.json(image, 200, { 'Cache-Control': cacheControl(image) });
  });
}

const cacheControl = (image: { privacy: Privacy }) =>
  isVisibleToEveryone(image) ? 'no-cache' : 'private, no-store';

/**
 * GET /i/:id: index.html with Open Graph tags for a public image; for its owner, a private image's
 * page without them (a link preview must never show a private picture). Everyone else, and unknown
 * ids, get the plain index.html with 404, so the SPA shows its not-found page and nothing is revealed.
 */
export function sharePageRoutes(deps: { db: Database; auth: Auth; spa: Spa; publicUrl: string }) {
  return new Hono().get('/:id', async (c) => {
    const viewer = await viewerId(deps.auth, c.req.raw.headers);
    const image = await findSharedImage({ db: deps.db, id: c.req.param('id'), viewerId: viewer });
    if (!image) return c.html(deps.spa.indexHtml(), 404, { 'Cache-Control': 'no-cache' });
    const headers = { 'Cache-Control': cacheControl(image) };
    if (!isVisibleToEveryone(image)) return c.html(deps.spa.indexHtml(), 200, headers);
    return c.html(sharePageHtml(deps.spa.indexHtml(), image, deps.publicUrl), 200, headers);
  });
}
