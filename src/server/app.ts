// The Hono app: our JSON API, Better Auth, stored images and the SPA, with one error shape.

import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { createMemberRecords } from './account/onboarding';
import { accountRoutes } from './account/routes';
import { apiKeyRoutes } from './api-keys/routes';
import { SESSION_DAYS } from './auth/auth';
import { authRoutes } from './auth/routes';
import { sessionHint } from './auth/session-hint';
import { throttleMemberAction } from './auth/throttle';
import { cancelSubscriptionForDeletedAccount } from './billing/account-deletion';
import { billingRoutes } from './billing/routes';
import { testCheckoutRoutes } from './billing/test-checkout-page';
import { contactRoutes } from './contact/routes';
import { dataExportRoutes } from './data-export/routes';
import type { Deps } from './deps';
import { devRoutes } from './dev/routes';
import { galleryRoutes, historyRoutes, imageApiRoutes, sharePageRoutes, shareRoutes } from './gallery/routes';
import { generationRoutes } from './generation/routes';
import { healthRoutes } from './health/routes';
import { AppError, errorBody, toErrorResponse } from './http/errors';
import { type RequestVars, requestLog } from './http/request-log';
import { refuseMalformedPaths, securityHeaders } from './http/security';
import { createSpa } from './http/spa';
import { imageFileRoutes } from './image-files/file-routes';
import { appMeta, metaRoutes } from './meta/routes';
import { DELETE_ACCOUNT_ACCOUNT_RATE_LIMIT, DELETE_ACCOUNT_RATE_LIMIT } from './platform/rate-limit';
import { OPENAPI_PATH, openApiRoutes } from './public-api/openapi-routes';
import { publicApiRoutes } from './public-api/routes';
import { styleRoutes } from './styles/routes';
import { teamRoutes } from './team/routes';

export const MAX_BODY_BYTES = 1024 * 1024;
const COMPRESSIBLE =
  /^(?:application\/(?:json|problem\+json|javascript)|text\/(?:html|plain|css|javascript|csv))(?:;|$)/i;

export function createApp(deps: Deps) {
  const { config, logger } = deps;
  const spa = createSpa(deps.webDir, {
    meta: appMeta({ config, imageProvider: deps.imageProvider, version: deps.version }),
    // The prerendered pricing page can take payments; without them it renders in the browser,
    // notice included from its first render (no shift when the notice appears).
    notPrerendered: config.payments.mode === 'off' ? ['/pricing'] : [],
    // Built for error reports, never handed to the public: they are the whole source, comments included.
    serveSourceMaps: !config.isProduction,
  });
  const app = new Hono<{ Variables: RequestVars }>();

  app.use(requestLog(logger));
  // JSON and HTML gzipped on the fly; built assets come precompressed (http/spa.ts) and pictures
  // are compressed already. The event stream is left alone: a compressor would hold its events back.
  app.use(compress({ contentTypeFilter: COMPRESSIBLE }));
  app.use(sessionHint({ secure: config.secureCookies, sessionSeconds: SESSION_DAYS * 24 * 60 * 60 }));
  app.use(
    securityHeaders({
      imageOrigins: config.publicImageBaseUrl ? [config.publicImageBaseUrl] : [],
      https: config.secureCookies,
    }),
  );
  app.use(refuseMalformedPaths());
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json(errorBody('payload_too_large', 'The request body is larger than 1 MB'), 413),
    }),
  );

  // Every feature's routes, each under the paths it owns (a feature may own several), before the
  // /api/* 404 and the SPA fallback.
  const db = deps.database.db;

  // health: /api/health (liveness) and /api/ready (readiness)
  app.route(
    '/api',
    healthRoutes({ database: deps.database, version: deps.version, checks: deps.healthChecks }),
  );

  // auth: Better Auth (sign-up, sign-in, sessions, password reset)
  app.route(
    '/api/auth',
    authRoutes({
      auth: deps.auth,
      db,
      rateLimiter: deps.rateLimiter,
      trustedProxyHops: config.trustedProxyHops,
      onMemberCreated: createMemberRecords,
    }),
  );

  // meta: what the web app may know about this deployment (image model, payments)
  app.route('/api/meta', metaRoutes({ config, imageProvider: deps.imageProvider, version: deps.version }));

  // account: the member's profile, settings and account deletion
  app.route(
    '/api/me',
    accountRoutes({
      auth: deps.auth,
      db,
      deletions: deps.deletions,
      galleryCache: deps.galleryCache,
      throttleDeletion: throttleMemberAction(
        { rateLimiter: deps.rateLimiter, trustedProxyHops: config.trustedProxyHops },
        { address: DELETE_ACCOUNT_RATE_LIMIT, account: DELETE_ACCOUNT_ACCOUNT_RATE_LIMIT },
      ),
      // A paid subscription is cancelled first; if that fails the account stays, and the member can retry.
      onAccountDeleting: (userId) =>
        cancelSubscriptionForDeletedAccount({ db, payments: deps.payments, logger }, userId),
    }),
  );

  // data-export: the member's data and images as one download
  app.route(
    '/api/data-export',
    dataExportRoutes({ db, auth: deps.auth, storage: deps.storage, rateLimiter: deps.rateLimiter }),
  );

  // contact: the contact form
  app.route(
    '/api/contact',
    contactRoutes({
      db,
      auth: deps.auth,
      rateLimiter: deps.rateLimiter,
      trustedProxyHops: config.trustedProxyHops,
    }),
  );

  // generation: start a generation, its status and its progress stream
  app.route(
    '/api/generations',
    generationRoutes({
      auth: deps.auth,
      db,
      moderation: deps.moderation,
      events: deps.events,
      jobs: deps.jobs,
      rateLimiter: deps.rateLimiter,
    }),
  );

  // gallery (lists, owner actions, the share page) and image-files (the files and their variants)
  const images = {
    db,
    auth: deps.auth,
    storage: deps.storage,
    deletions: deps.deletions,
    galleryCache: deps.galleryCache,
  };
  app.route(
    '/images',
    imageFileRoutes({
      ...images,
      downloads: deps.downloads,
      trustedProxyHops: config.trustedProxyHops,
      publicImageBaseUrl: config.publicImageBaseUrl,
    }),
  );
  app.route('/api/gallery', galleryRoutes(images));
  app.route('/api/history', historyRoutes(images));
  app.route('/api/images', imageApiRoutes(images));
  app.route('/api/share', shareRoutes(images));
  app.route('/i', sharePageRoutes({ ...images, spa, publicUrl: config.publicUrl }));

  // billing: checkout, its confirmation, the portal and webhooks; and the embedded test checkout
  const billing = { config, db, auth: deps.auth, payments: deps.payments, logger };
  app.route('/api/billing', billingRoutes(billing));
  app.route('/checkout/test', testCheckoutRoutes(billing));

  // styles: Premium members' saved custom styles
  app.route('/api/styles', styleRoutes({ db, auth: deps.auth }));

  // team: an Enterprise owner's team (invitations, joining, leaving), decision 019
  app.route('/api/team', teamRoutes({ db, auth: deps.auth }));

  // api-keys: Enterprise members' keys; public-api: the REST API they open, and its document
  app.route('/api/keys', apiKeyRoutes({ db, auth: deps.auth }));
  app.route(
    '/api/v1',
    publicApiRoutes({
      db,
      moderation: deps.moderation,
      events: deps.events,
      jobs: deps.jobs,
      storage: deps.storage,
      deletions: deps.deletions,
      downloads: deps.downloads,
      trustedProxyHops: config.trustedProxyHops,
      rateLimiter: deps.rateLimiter,
      rateLimitPerMinute: config.apiRateLimitPerMinute,
      origin: config.publicUrl,
    }),
  );
  app.route(OPENAPI_PATH, openApiRoutes({ origin: config.publicUrl, version: deps.version }));

  // dev: the mail outbox as a page, never in production, and not once real mail leaves by SMTP
  if (config.mail.devOutbox) {
    app.route('/dev', devRoutes({ db }));
    logger.info(
      `mail: every e-mail is readable at ${config.publicUrl}/dev/mail (development only; off in production or with SMTP_URL set)`,
    );
  }

  app.all('/api/*', () => {
    throw new AppError(404, 'not_found', 'No such API endpoint');
  });
  app.get('*', (c) => spa.serve(c));

  app.onError((error, c) => toErrorResponse(c, error, c.get('log') ?? logger));
  app.notFound((c) => c.json(errorBody('not_found', 'Not found'), 404));
  return app;
}

export type App = ReturnType<typeof createApp>;
