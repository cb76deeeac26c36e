// Registers the gallery feature on the app: call before the /api/* 404 and the SPA fallback.
import type { Env, Hono } from 'hono';
import type { Auth } from '../auth/auth';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Spa } from '../http/spa';
import type { Deletions } from '../storage/deletions';
import type { GalleryCache } from './first-page-cache';
import { galleryRoutes, historyRoutes, imageApiRoutes, sharePageRoutes, shareRoutes } from './routes';

export type GalleryDeps = {
  db: Database;
  auth: Auth;
  deletions: Deletions;
  galleryCache: GalleryCache;
  /** Without it the share page /i/:id is left to the SPA fallback (no preview tags). */
  spa?: Spa;
  config: Pick<Config, 'publicUrl'>;
};

export function mountGallery<E extends Env>(app: Hono<E>, deps: GalleryDeps): void {
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
