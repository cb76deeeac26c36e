// The local test checkout's use cases (no Stripe key, outside production or PAYMENTS=test). Pay
// runs the same fulfilment as a real payment.

import { and, eq } from 'drizzle-orm';
import { findPlan } from '../../core/catalog';
import { DomainError, notFound } from '../../core/domain-error';
import { MESSAGES } from '../../core/messages';
import { checkoutSessions } from '../db/schema';
import { effectiveTier } from '../membership/plan';
import { changePlan } from '../membership/service';
import type { BillingDeps } from './deps';
import { fulfilCheckout, ownCheckout } from './fulfil-checkout';
import { BILLING_MESSAGES } from './messages';
import { assertNotSubscribed } from './start-checkout';

/** The session for the pay page, owner checked. */
export async function testCheckoutForOwner(deps: Pick<BillingDeps, 'db'>, sessionId: string, userId: string) {
  const row = await ownCheckout(deps.db, sessionId, userId);
  if (row.provider !== 'test') throw notFound(BILLING_MESSAGES.checkoutNotFound);
  return row;
}

/** The Pay button. */
export async function payTestCheckout(
  deps: BillingDeps,
  opts: { userId: string; sessionId: string },
): Promise<void> {
  const row = await testCheckoutForOwner(deps, opts.sessionId, opts.userId);
  if (row.status === 'completed') return;
  if (row.status !== 'open')
    throw new DomainError('conflict', BILLING_MESSAGES.checkoutClosed, { code: 'checkout_closed' });
  if (row.kind === 'plan') await assertNotSubscribed(deps.db, opts.userId);
  await fulfilCheckout(deps, {
    provider: 'test',
    checkout: {
      id: row.id,
      status: 'complete',
      paid: true,
      kind: row.kind,
      itemId: row.itemId,
      userId: opts.userId,
      customerId: null,
      subscriptionId: null,
      paymentIntentId: null,
      amountTotal: row.amountCents,
      url: null,
    },
  });
}

/** The Cancel button. */
export async function cancelTestCheckout(
  deps: Pick<BillingDeps, 'db'>,
  opts: { userId: string; sessionId: string },
): Promise<void> {
  await testCheckoutForOwner(deps, opts.sessionId, opts.userId);
  await deps.db
    .update(checkoutSessions)
    .set({ status: 'cancelled' })
    .where(and(eq(checkoutSessions.id, opts.sessionId), eq(checkoutSessions.status, 'open')));
}

/** The test "portal" switches a subscriber to another paid plan at once, keeping the period. */
export async function switchTestPlan(
  deps: Pick<BillingDeps, 'db'>,
  opts: { userId: string; planId: string },
): Promise<void> {
  const plan = findPlan(opts.planId);
  if (!plan || plan.price === 0)
    throw new DomainError('invalid', MESSAGES.unknownPlan, { code: 'invalid_request' });
  if ((await effectiveTier(deps.db, opts.userId)) === 'free') {
    throw new DomainError('conflict', BILLING_MESSAGES.noSubscription, { code: 'no_subscription' });
  }
  await changePlan(deps.db, { userId: opts.userId, change: { kind: 'switch', tier: plan.tier } });
}

/** The test "portal" cancels the plan at once. */
export async function cancelTestPlan(deps: Pick<BillingDeps, 'db'>, userId: string): Promise<void> {
  await changePlan(deps.db, { userId, change: { kind: 'free' } });
}
