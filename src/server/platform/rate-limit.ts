// Fixed-window counters in the database, so every web process shares them.

import { and, eq, lt, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import { DomainError } from '../../core/domain-error';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';

export type RateLimitRule = { name: string; limit: number; windowMs: number };

export type RateLimiter = {
  enabled: boolean;
  /** Counts one hit for each key; throws a rate_limited DomainError (429) when any key is over its limit. */
  hit(rule: RateLimitRule, keys: string[]): Promise<void>;
  /** The count of a key in the rule's current window, without counting (0 when disabled). */
  peek(rule: RateLimitRule, key: string): Promise<number>;
  /** Counts one for a key without ever refusing. */
  add(rule: RateLimitRule, key: string): Promise<void>;
  /** Forgets a key's count (a success ends a run of failures). */
  reset(rule: RateLimitRule, key: string): Promise<void>;
  /**
   * Counts one hit and says where the key stands, for callers that show it (X-RateLimit-*
   * headers) and refuse themselves. Counts even when `enabled` is false: the caller decides.
   */
  take(rule: RateLimitRule, key: string): Promise<RateLimitState>;
};

export type RateLimitState = {
  limit: number;
  /** Hits left in this window (0 once over). */
  remaining: number;
  /** Seconds until the window ends and the count starts again. */
  resetSeconds: number;
  exceeded: boolean;
};

/**
 * The rate-limit key of a client address. An IPv6 user usually holds a whole /64 (2^64 addresses),
 * so counting per address would let one person rotate past any limit: IPv6 counts per /64.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return `ip:${ip}`;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return `ip:${parsed.toString()}`;
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `ip:${parts.join(':')}::/64`;
}

// Rows of windows this old can no longer limit anything (every rule's window is shorter).
const STALE_AFTER_MS = 24 * 60 * 60_000;
const SWEEP_EVERY_MS = 10 * 60_000;

export function createRateLimiter(opts: { db: Database; enabled: boolean; now?: () => number }): RateLimiter {
  const now = opts.now ?? Date.now;
  let lastSweep = 0;
  const sweep = async (t: number) => {
    if (t - lastSweep <= SWEEP_EVERY_MS) return;
    // One key per address and e-mail ever seen: without a sweep the table only grows.
    lastSweep = t;
    await opts.db.delete(rateLimits).where(lt(rateLimits.windowStart, t - STALE_AFTER_MS));
  };
  /** One statement: a new window resets the count, the same window adds one. */
  const count = async (rule: RateLimitRule, key: string, windowStart: number) => {
    const rows = await opts.db
      .insert(rateLimits)
      .values({ key: `${rule.name}:${key}`, count: 1, windowStart })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowStart} = ${windowStart} then ${rateLimits.count} + 1 else 1 end`,
          windowStart,
        },
      })
      .returning({ count: rateLimits.count });
    return rows[0]?.count ?? 0;
  };
  const windowOf = (rule: RateLimitRule, t: number) => t - (t % rule.windowMs);

  return {
    enabled: opts.enabled,
    async peek(rule, key) {
      if (!opts.enabled) return 0;
      const [row] = await opts.db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(
          and(eq(rateLimits.key, `${rule.name}:${key}`), eq(rateLimits.windowStart, windowOf(rule, now()))),
        );
      return row?.count ?? 0;
    },
    async add(rule, key) {
      if (!opts.enabled) return;
      await count(rule, key, windowOf(rule, now()));
    },
    async reset(rule, key) {
      if (!opts.enabled) return;
      await opts.db.delete(rateLimits).where(eq(rateLimits.key, `${rule.name}:${key}`));
    },
    async take(rule, key) {
      const t = now();
      await sweep(t);
      const windowStart = windowOf(rule, t);
      const used = await count(rule, key, windowStart);
      return {
        limit: rule.limit,
        remaining: Math.max(0, rule.limit - used),
        resetSeconds: Math.max(1, Math.ceil((windowStart + rule.windowMs - t) / 1000)),
        exceeded: used > rule.limit,
      };
    },
    async hit(rule, keys) {
      if (!opts.enabled) return;
      const t = now();
      await sweep(t);
      const windowStart = windowOf(rule, t);
      for (const key of keys) {
        if ((await count(rule, key, windowStart)) > rule.limit) {
          const retryAfter = Math.max(1, Math.ceil((windowStart + rule.windowMs - t) / 1000));
          throw new DomainError(
            'rate_limited',
            `Too many attempts. Please wait ${retryAfter} second${retryAfter === 1 ? '' : 's'} and try again.`,
            { retryAfterSeconds: retryAfter },
          );
        }
      }
    },
  };
}

/** `limit` requests per `windowMs` (a minute unless said). */
const rule = (name: string, limit: number, windowMs = 60_000): RateLimitRule => ({ name, limit, windowMs });

// One rule per action, so signing up and then signing in does not eat into the same allowance.
// Sign-in is never limited by the e-mail alone: anyone could then lock a member out by failing on
// purpose. An address is limited, an address trying one account more tightly, and an account that
// keeps failing from everywhere is slowed down (signInSlowdownMs), never refused.
export const SIGN_IN_RATE_LIMIT = rule('sign-in', 20);
export const SIGN_IN_ACCOUNT_RATE_LIMIT = rule('sign-in-account', 5);
/** Wrong passwords for one account from any address (sign-in and change-password). */
export const PASSWORD_FAILURES = rule('password-failures', 5, 15 * 60_000);
// Actions that take the current password or e-mail of a signed-in member: a stolen session must
// not be able to guess its way further than a sign-in form would let it.
export const CHANGE_PASSWORD_RATE_LIMIT = rule('change-password', 20);
export const CHANGE_PASSWORD_ACCOUNT_RATE_LIMIT = rule('change-password-account', 5);
export const DELETE_ACCOUNT_RATE_LIMIT = rule('delete-account', 20);
export const DELETE_ACCOUNT_ACCOUNT_RATE_LIMIT = rule('delete-account-account', 5);

/** Extra wait before checking a password, after PASSWORD_FAILURES.limit wrong ones: 1 s, 2 s, 4 s, then 5 s. */
export const SLOWDOWN_MAX_MS = 5000;
export function signInSlowdownMs(failures: number): number {
  const over = failures - PASSWORD_FAILURES.limit;
  return over <= 0 ? 0 : Math.min(SLOWDOWN_MAX_MS, 1000 * 2 ** (over - 1));
}
export const SIGN_UP_RATE_LIMIT = rule('sign-up', 5);
export const RESET_REQUEST_RATE_LIMIT = rule('reset-request', 5);
export const RESET_PASSWORD_RATE_LIMIT = rule('reset-password', 5);
export const CONTACT_RATE_LIMIT = rule('contact', 5, 10 * 60_000);
/**
 * Generation requests per member, counted alike from the app and from /api/v1 with any of the
 * member's keys. Beside it, the open-job limit (core/queue.ts) bounds what one member has queued.
 */
export const GENERATION_RATE_LIMIT = rule('generation', 30);
/** Suggest per member: free of credits, and with OpenAI each one is a paid model call. */
export const PROMPT_SUGGEST_RATE_LIMIT = rule('prompt-suggest', 20);

// Download variants made on demand (a stored one is never limited): anyone may ask for a public
// picture's, so per address, and per member as well when signed in or calling with a key.
export const VARIANT_RENDER_ADDRESS_RATE_LIMIT = rule('variant-render', 30);
export const VARIANT_RENDER_MEMBER_RATE_LIMIT = rule('variant-render-member', 30);
