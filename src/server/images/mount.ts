// Registers the images feature on the app: its files (/images), its API (/api/gallery,
// /api/history, /api/images, /api/share) and the share page (/i). Call before the /api/* 404 and
// the SPA fallback.
import type { Env, Hono } from 'hono';
import type { Auth } from '../auth/auth';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Spa } from '../http/spa';
import type { Deletions } from '../storage/deletions';
import type { Storage } from '../storage/storage';
import { imageFileRoutes } from './file-routes';
import type { GalleryCache } from './first-page-cache';
import { galleryRoutes, historyRoutes, imageApiRoutes, sharePageRoutes, shareRoutes } from './routes';

export type ImagesDeps = {
  db: Database;
  auth: Auth;
  storage: Storage;
  deletions: Deletions;
  galleryCache: GalleryCache;
  /** Without it the share page /i/:id is left to the SPA fallback (no preview tags). */
  spa?: Spa;
  config: Pick<Config, 'publicUrl' | 'publicImageBaseUrl'>;
};

export function mountImages<E extends Env>(app: Hono<E>, deps: ImagesDeps): void {
  app.route(
    '/images',
    imageFileRoutes({
      db: deps.db,
      auth: deps.auth,
      storage: deps.storage,
      deletions: deps.deletions,
      publicImageBaseUrl: deps.config.publicImageBaseUrl,
    }),
  );
  app.route('/api/gallery', galleryRoutes(deps));
  app.route('/api/history', historyRoutes(deps));
  app.route('/api/images', imageApiRoutes(deps));
  app.route('/api/share', shareRoutes(deps));
  if (deps.spa)
    app.route(
      '/i',
      sharePageRoutes({ db: deps.db, auth: deps.auth, spa: deps.spa, publicUrl: deps.config.publicUrl }),
    );
}
