// Fixed-window counters in the database, so every web process shares them.
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from '../http/errors';

export type RateLimitRule = { name: string; limit: number; windowMs: number };

export type RateLimiter = {
  enabled: boolean;
  /** Counts one hit for each key; throws a 429 AppError when any key is over its limit. */
  hit(rule: RateLimitRule, keys: string[]): Promise<void>;
};

// Rows of windows this old can no longer limit anything (every rule's window is shorter).
const STALE_AFTER_MS = 24 * 60 * 60_000;
const SWEEP_EVERY_MS = 10 * 60_000;

export function createRateLimiter(opts: { db: Database; enabled: boolean; now?: () => number }): RateLimiter {
  const now = opts.now ?? Date.now;
  let lastSweep = 0;
  return {
    enabled: opts.enabled,
    async hit(rule, keys) {
      if (!opts.enabled) return;
      const t = now();
      if (t - lastSweep > SWEEP_EVERY_MS) {
        // One key per address and e-mail ever seen: without a sweep the table only grows.
        lastSweep = t;
        await opts.db.delete(rateLimits).where(lt(rateLimits.windowStart, t - STALE_AFTER_MS));
      }
      const windowStart = t - (t % rule.windowMs);
      for (const key of keys) {
        const id = `${rule.name}:${key}`;
        // One statement: a new window resets the count, the same window adds one.
        const rows = await opts.db
          .insert(rateLimits)
          .values({ key: id, count: 1, windowStart })
          .onConflictDoUpdate({
            target: rateLimits.key,
            set: {
              count: sql`case when ${rateLimits.windowStart} = ${windowStart} then ${rateLimits.count} + 1 else 1 end`,
              windowStart,
            },
          })
          .returning({ count: rateLimits.count });
        if ((rows[0]?.count ?? 0) > rule.limit) {
          const retryAfter = Math.max(1, Math.ceil((windowStart + rule.windowMs - t) / 1000));
          throw new AppError(
            429,
            'rate_limited',
            `Too many attempts. Please wait ${retryAfter} second${retryAfter === 1 ? '' : 's'} and try again.`,
            { 'Retry-After': String(retryAfter) },
          );
        }
      }
    },
  };
}

// One rule per action, so signing up and then signing in does not eat into the same allowance.
export const SIGN_IN_RATE_LIMIT: RateLimitRule = { name: 'sign-in', limit: 5, windowMs: 60_000 };
export const SIGN_UP_RATE_LIMIT: RateLimitRule = { name: 'sign-up', limit: 5, windowMs: 60_000 };
export const RESET_REQUEST_RATE_LIMIT: RateLimitRule = { name: 'reset-request', limit: 5, windowMs: 60_000 };
export const RESET_PASSWORD_RATE_LIMIT: RateLimitRule = {
  name: 'reset-password',
  limit: 5,
  windowMs: 60_000,
};
export const CONTACT_RATE_LIMIT: RateLimitRule = { name: 'contact', limit: 5, windowMs: 10 * 60_000 };
