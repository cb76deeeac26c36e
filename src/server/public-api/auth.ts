// /api/v1's door: a bearer API key (never the cookie session), then the member's rate limit.
import type { MiddlewareHandler } from 'hono';
import { API_MESSAGES } from '../../core/public-api';
import { type ApiCaller, authenticateApiKey } from '../api-keys/service';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import type { RateLimiter, RateLimitRule, RateLimitState } from '../platform/rate-limit';

export type ApiVars = { caller: ApiCaller };

function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(state.limit),
    'X-RateLimit-Remaining': String(state.remaining),
    // Seconds until the window resets (as in the IETF RateLimit draft), not a timestamp.
    'X-RateLimit-Reset': String(state.resetSeconds),
  };
}

export function requireApiKey(deps: {
  db: Database;
  rateLimiter: RateLimiter;
  rule: RateLimitRule;
}): MiddlewareHandler<{ Variables: ApiVars }> {
  return async (c, next) => {
    const caller = await authenticateApiKey(deps.db, c.req.header('authorization'));
    // Counted per member, not per key: creating and revoking keys must not buy more requests.
    const state = await deps.rateLimiter.take(deps.rule, `user:${caller.userId}`);
    const headers = rateLimitHeaders(state);
    if (state.exceeded) {
      throw new AppError(429, 'rate_limited', API_MESSAGES.rateLimited(state.resetSeconds), {
        ...headers,
        'Retry-After': String(state.resetSeconds),
      });
    }
    c.set('caller', caller);
    await next();
    // After next(): the response may be the error handler's, made after the handler threw.
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}
