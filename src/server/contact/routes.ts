import { type Context, Hono } from 'hono';
import { contactMessageSchema } from '../../core/api';
import type { Auth } from '../auth/auth';
import { clientIp } from '../auth/client-ip';
import { optionalUser } from '../auth/session';
import type { Database } from '../db/client';
import { contactMessages } from '../db/schema';
import { readJson } from '../http/errors';
import type { RateLimiter } from '../platform/rate-limit';

const CONTACT_RATE_LIMIT = { name: 'contact', limit: 5, windowMs: 10 * 60_000 };

export function contactRoutes(deps: {
  db: Database;
  auth: Auth;
  rateLimiter: RateLimiter;
  trustProxy: boolean;
}) {
  return new Hono().post('/', async (c: Context) => {
    const body = await readJson(c, contactMessageSchema);
    const ip = clientIp(c.req.raw, deps.trustProxy, c.env);
    await deps.rateLimiter.hit(CONTACT_RATE_LIMIT, [`ip:${ip}`]);
    const user = await optionalUser(deps.auth, c.req.raw.headers);
    await deps.db.insert(contactMessages).values({ ...body, userId: user?.id ?? null, ip });
    return c.json({ ok: true }, 201);
  });
}
