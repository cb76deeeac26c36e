// Throttles an action of a signed-in member by client address and by address and member, as the
// sign-in form is: a stolen session cannot guess its way through a confirmation step.
import type { Context } from 'hono';
import { addressKey, type RateLimiter, type RateLimitRule } from '../platform/rate-limit';
import { clientIp } from './client-ip';

export type MemberActionThrottle = (c: Context, userId: string) => Promise<void>;

export function throttleMemberAction(
  deps: { rateLimiter: RateLimiter; trustedProxyHops: number },
  rules: { address: RateLimitRule; account: RateLimitRule },
): MemberActionThrottle {
  return async (c, userId) => {
    const address = addressKey(clientIp(c.req.raw, deps.trustedProxyHops, c.env));
    await deps.rateLimiter.hit(rules.address, [address]);
    await deps.rateLimiter.hit(rules.account, [`${address}:user:${userId}`]);
  };
}
