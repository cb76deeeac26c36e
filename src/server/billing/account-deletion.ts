// A deleted account must not stay billed: everything of its Stripe customer that can still take
// money is closed at Stripe first.

import { eq } from 'drizzle-orm';
import { DomainError } from '../../core/domain-error';
import { subscriptionAccess } from '../../core/subscription';
import { memberships } from '../db/schema';
import { changePlan } from '../membership/service';
import type { BillingDeps } from './deps';
import { BILLING_MESSAGES } from './messages';
import { markCustomerDeleted } from './payment-events';
import type { Payments } from './ports';

/**
 * Closes what can still bill a customer: its open Checkout Sessions first (so none can start a
 * new subscription meanwhile), then every subscription that is not ended, whatever its status:
 * an `incomplete` one whose first payment waits for 3-D Secure is never on file, yet bills monthly
 * once the payment goes through.
 */
async function closeCustomer(payments: Payments, customerId: string): Promise<string[]> {
  for (const session of await payments.listOpenCheckouts(customerId)) {
    await payments.expireCheckout(session.id);
  }
  const cancelled: string[] = [];
  for (const sub of await payments.listSubscriptions(customerId)) {
    if (subscriptionAccess(sub.status).ended) continue;
    await payments.cancelSubscription(sub.id);
    cancelled.push(sub.id);
  }
  return cancelled;
}

/**
 * Ends a member's billing before their account is deleted, so nobody is billed for an account
 * that no longer exists. Throws (502) when Stripe cannot be reached: the caller should then stop
 * the deletion and let the member retry.
 */
export async function cancelSubscriptionForDeletedAccount(
  deps: Pick<BillingDeps, 'db' | 'payments' | 'logger'>,
  userId: string,
): Promise<void> {
  const { db, payments } = deps;
  const [m] = await db
    .select({ subscriptionId: memberships.stripeSubscriptionId, customerId: memberships.stripeCustomerId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  if (!m) return;
  if (payments.kind === 'stripe' && (m.customerId || m.subscriptionId)) {
    try {
      const cancelled = m.customerId ? await closeCustomer(payments, m.customerId) : [];
      // One on file always has this customer; cancelling it again is a no-op.
      if (m.subscriptionId && !cancelled.includes(m.subscriptionId)) {
        await payments.cancelSubscription(m.subscriptionId);
      }
      if (cancelled.length > 0) {
        deps.logger.info(
          { userId, customerId: m.customerId, cancelled },
          'subscriptions cancelled for a deleted account',
        );
      }
    } catch (error) {
      deps.logger.warn({ err: error, userId }, 'subscription cancellation failed');
      throw new DomainError('provider_failed', BILLING_MESSAGES.cancelForDeletionFailed, {
        code: 'subscription_cancel_failed',
      });
    }
    // Its later events (a cancellation, a refund) then find a deleted account, not a stranger.
    if (m.customerId) await markCustomerDeleted(db, m.customerId);
  }
  if (m.subscriptionId) {
    await changePlan(db, { userId, change: { kind: 'free', subscriptionId: m.subscriptionId } });
  }
}
