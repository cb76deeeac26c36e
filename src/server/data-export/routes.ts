// POST /api/data-export: the signed-in member's zip (see ./service.ts). Every plan may ask.
// A POST, not a GET: a GET is sent with the member's cookie by any other site's link or pop-up, so
// strangers could spend the member's hourly allowance; a POST needs our own origin (requireUser).
import { Hono } from 'hono';
import type { Auth } from '../auth/auth';
import { requireUser, type SessionVars } from '../auth/session';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import type { RequestVars } from '../http/request-log';
import type { RateLimiter, RateLimitRule } from '../platform/rate-limit';
import type { Storage } from '../storage/storage';
import { streamDataExport } from './service';

/** Building a zip reads every picture the member has: a few a day is plenty. */
export const DATA_EXPORT_RATE_LIMIT: RateLimitRule = { name: 'data-export', limit: 5, windowMs: 60 * 60_000 };

export function dataExportRoutes(deps: {
  db: Database;
  auth: Auth;
  storage: Storage;
  rateLimiter: RateLimiter;
}) {
  const app = new Hono<{ Variables: SessionVars & RequestVars }>();
  app.get('/', () => {
    throw new AppError(405, 'method_not_allowed', 'Ask for your data with a POST request.', {
      Allow: 'POST',
    });
  });
  return app.post('/', requireUser(deps.auth), async (c) => {
    const userId = c.get('user').id;
    await deps.rateLimiter.hit(DATA_EXPORT_RATE_LIMIT, [`user:${userId}`]);
    const now = new Date();
    const body = await streamDataExport({ db: deps.db, storage: deps.storage, userId, now });
    return c.body(body, 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="clipsmith-data-${now.toISOString().slice(0, 10)}.zip"`,
      'Cache-Control': 'private, no-store',
    });
  });
}
