import type { MiddlewareHandler } from 'hono';
import { unauthorized } from '../http/errors';
import type { Auth } from './auth';

export type SessionUser = { id: string; email: string };
export type SessionVars = { user: SessionUser };

/** Resolves the cookie session; 401 with the JSON error shape when there is none. */
export function requireUser(auth: Auth): MiddlewareHandler<{ Variables: SessionVars }> {
  return async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw unauthorized();
    c.set('user', { id: session.user.id, email: session.user.email });
    await next();
  };
}

export async function optionalUser(auth: Auth, headers: Headers): Promise<SessionUser | null> {
  const session = await auth.api.getSession({ headers });
  return session ? { id: session.user.id, email: session.user.email } : null;
}
