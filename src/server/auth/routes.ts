// Better Auth's handler behind our own front: input normalised, rate limited, and sign-up made atomic.
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { emailSchema, passwordSchema } from '../../core/api';
import { createMemberRecords } from '../account/onboarding';
import type { Database } from '../db/client';
import { runInTransactionScope } from '../db/tx-scope';
import { AppError, readJson } from '../http/errors';
import type { RequestVars } from '../http/request-log';
import { AUTH_RATE_LIMIT, type RateLimiter } from '../platform/rate-limit';
import type { Auth } from './auth';
import { clientIp } from './client-ip';

// Only these Better Auth endpoints are reachable; account deletion and profile edits are ours.
const OPEN_ENDPOINTS = new Set([
  '/sign-in/email',
  '/sign-out',
  '/get-session',
  '/request-password-reset',
  '/reset-password',
  '/change-password',
  '/list-sessions',
  '/revoke-session',
  '/revoke-other-sessions',
  '/ok',
  '/error',
]);

const signUpBody = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: z.string().max(100).optional(),
  rememberMe: z.boolean().optional(),
});

const emailOnlyBody = z.looseObject({ email: z.string().optional() });

class SignUpRefused extends Error {
  constructor(readonly response: Response) {
    super('sign-up refused');
  }
}

export function authRoutes(deps: {
  auth: Auth;
  db: Database;
  rateLimiter: RateLimiter;
  trustProxy: boolean;
}) {
  const { auth, db, rateLimiter } = deps;
  const app = new Hono<{ Variables: RequestVars }>();

  const limit = async (c: Context, email?: string) => {
    const keys = [`ip:${clientIp(c.req.raw, deps.trustProxy, c.env)}`];
    if (email) keys.push(`email:${email.trim().toLowerCase()}`);
    await rateLimiter.hit(AUTH_RATE_LIMIT, keys);
  };

  app.post('/sign-up/email', async (c) => {
    const body = await readJson(c, signUpBody);
    await limit(c, body.email);
    const request = withJsonBody(c.req.raw, { ...body, name: body.name ?? '' });
    try {
      return await db.transaction(async (tx) => {
        const response = await runInTransactionScope(tx, () => auth.handler(request));
        if (!response.ok) throw new SignUpRefused(response);
        const { user } = (await response.clone().json()) as { user: { id: string } };
        await createMemberRecords(tx, user.id, body.email);
        return response;
      });
    } catch (error) {
      if (error instanceof SignUpRefused) return error.response;
      c.get('log').error({ err: error }, 'sign-up failed; nothing was created');
      throw new AppError(500, 'sign_up_failed', 'Failed to create an account. Please try again.');
    }
  });

  app.post('/sign-in/email', async (c) => {
    const body = await readJson(c, emailOnlyBody);
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : undefined;
    await limit(c, email);
    return auth.handler(withJsonBody(c.req.raw, { ...body, email }));
  });

  app.post('/request-password-reset', async (c) => {
    const body = await readJson(c, emailOnlyBody);
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : undefined;
    await limit(c, email);
    return auth.handler(withJsonBody(c.req.raw, { ...body, email }));
  });

  app.post('/reset-password', async (c) => {
    await limit(c);
    return auth.handler(c.req.raw);
  });

  app.all('/*', (c) => {
    const endpoint = c.req.path.replace(/^\/api\/auth/, '');
    if (!OPEN_ENDPOINTS.has(endpoint)) throw new AppError(404, 'not_found', 'Not found');
    return auth.handler(c.req.raw);
  });

  return app;
}

function withJsonBody(original: Request, body: unknown): Request {
  const headers = new Headers(original.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Request(original.url, { method: original.method, headers, body: JSON.stringify(body) });
}
