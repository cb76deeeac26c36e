// The cookie session of our own API routes, and the origin check that goes with it.
import type { MiddlewareHandler } from 'hono';
import { AppError, unauthorized } from '../http/errors';
import type { Auth } from './auth';
import type { SessionUser } from './session-reader';

export type { SessionUser } from './session-reader';

export type SessionVars = { user: SessionUser };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Our own cookie-authenticated writes get the same origin check Better Auth applies to its
 * endpoints: SameSite=Lax alone still lets a sibling subdomain post with the member's cookie.
 */
async function checkOrigin(auth: Auth, req: Request): Promise<void> {
  if (SAFE_METHODS.has(req.method) || !req.headers.has('cookie')) return;
  const origin = req.headers.get('origin') || req.headers.get('referer');
  const ctx = await auth.$context;
  if (!origin || origin === 'null' || !ctx.isTrustedOrigin(origin)) {
    throw new AppError(403, 'invalid_origin', 'Invalid origin');
  }
}

/** For routes open to visitors that still read the session (contact form). */
export function requireTrustedOrigin(auth: Auth): MiddlewareHandler {
  return async (c, next) => {
    await checkOrigin(auth, c.req.raw);
    await next();
  };
}

/**
 * Resolves the cookie session; 401 with the JSON error shape when there is none. Writes (POST,
 * PATCH, DELETE…) must also come from a trusted origin, else 403.
 */
export function requireUser(auth: Auth): MiddlewareHandler<{ Variables: SessionVars }> {
  return async (c, next) => {
    await checkOrigin(auth, c.req.raw);
    const user = await auth.readSession(c.req.raw.headers);
    if (!user) throw unauthorized();
    c.set('user', user);
    await next();
  };
}

export async function optionalUser(auth: Auth, headers: Headers): Promise<SessionUser | null> {
  return auth.readSession(headers);
}
