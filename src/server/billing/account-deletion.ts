// A deleted account must not stay billed: its subscription is cancelled at Stripe first.
import { eq } from 'drizzle-orm';
import { memberships } from '../db/schema';
import { AppError } from '../http/errors';
import { changePlan } from '../membership/service';
import type { BillingDeps } from './deps';
import { BILLING_MESSAGES } from './messages';

/**
 * Ends a member's subscription before their account is deleted, so nobody is billed for an
 * account that no longer exists. Throws (502) when Stripe cannot be reached: the caller should
 * then stop the deletion and let the member retry.
 */
export async function cancelSubscriptionForDeletedAccount(
  deps: Pick<BillingDeps, 'db' | 'payments' | 'logger'>,
  userId: string,
): Promise<void> {
  const { db, payments } = deps;
  const [m] = await db
    .select({ subscriptionId: memberships.stripeSubscriptionId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  if (!m?.subscriptionId) return;
  if (payments.kind === 'stripe') {
    try {
      await payments.cancelSubscription(m.subscriptionId);
    } catch (error) {
      deps.logger.warn({ err: error, userId }, 'subscription cancellation failed');
      throw new AppError(502, 'subscription_cancel_failed', BILLING_MESSAGES.cancelForDeletionFailed);
    }
  }
  await changePlan(db, { userId, change: { kind: 'free', subscriptionId: m.subscriptionId } });
}
