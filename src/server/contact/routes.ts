import { Hono } from 'hono';
import { contactMessageSchema } from '../../core/api';
import type { Auth } from '../auth/auth';
import { clientIp } from '../auth/client-ip';
import { optionalUser, requireTrustedOrigin } from '../auth/session';
import type { Database } from '../db/client';
import { readJson } from '../http/errors';
import type { RateLimiter } from '../platform/rate-limit';
import { saveContactMessage } from './service';

export function contactRoutes(deps: {
  db: Database;
  auth: Auth;
  rateLimiter: RateLimiter;
  trustedProxyHops: number;
}) {
  return new Hono().use(requireTrustedOrigin(deps.auth)).post('/', async (c) => {
    const message = await readJson(c, contactMessageSchema);
    const user = await optionalUser(deps.auth, c.req.raw.headers);
    await saveContactMessage({
      db: deps.db,
      rateLimiter: deps.rateLimiter,
      message,
      userId: user?.id ?? null,
      ip: clientIp(c.req.raw, deps.trustedProxyHops, c.env),
    });
    return c.json({ ok: true }, 201);
  });
}
