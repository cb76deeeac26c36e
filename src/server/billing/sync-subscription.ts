// Keeping a member's plan in step with their Stripe subscription. The subscription is re-fetched
// on every event instead of trusting each event's payload, so order does not matter: whichever
// event arrives last, the membership shows what Stripe shows now.
import { sql } from 'drizzle-orm';
import { findPlan } from '../../core/catalog';
import type { Tx } from '../db/client';
import { memberships } from '../db/schema';
import type { BillingDeps, EventOutcome } from './deps';
import { downgradeToFree, memberOfCustomer, userExists } from './membership';
import { claimEvent, markSubscriptionEnded, subscriptionEnded } from './payment-events';
import type { SubscriptionState } from './ports';

/** Stripe keeps access during these; past_due is its retry window for a failed renewal. */
const LIVE_SUBSCRIPTION_STATUSES = new Set(['active', 'trialing', 'past_due']);

/** Applies a subscription's current state (as just fetched from the provider) to its member. */
export async function applySubscription(
  tx: Tx,
  sub: SubscriptionState,
  knownUserId?: string,
): Promise<boolean> {
  let userId = knownUserId ?? sub.userId;
  if (!userId && sub.customerId) userId = await memberOfCustomer(tx, sub.customerId);
  if (!userId || !(await userExists(tx, userId))) return false;

  if (!LIVE_SUBSCRIPTION_STATUSES.has(sub.status)) {
    await markSubscriptionEnded(tx, sub.id);
    return downgradeToFree(tx, { userId, subscriptionId: sub.id });
  }

  if (await subscriptionEnded(tx, sub.id)) return false;
  const tier = findPlan(sub.itemId)?.tier ?? 'basic';
  const live = {
    tier,
    status: 'active',
    // The period end moves forward with each paid invoice; effectiveTier drops to free after it.
    currentPeriodEnd: sub.periodEnd,
    stripeSubscriptionId: sub.id,
    updatedAt: new Date(),
  };
  await tx
    .insert(memberships)
    .values({ userId, ...live, stripeCustomerId: sub.customerId })
    .onConflictDoUpdate({
      target: memberships.userId,
      set: { ...live, stripeCustomerId: sql`coalesce(${memberships.stripeCustomerId}, ${sub.customerId})` },
    });
  return true;
}

/** A `customer.subscription.*` or `invoice.paid` event: re-fetch the subscription and apply it. */
export async function syncSubscription(
  deps: BillingDeps,
  opts: { subscriptionId: string; event: { id: string; type: string } },
): Promise<EventOutcome> {
  const sub = await deps.payments.retrieveSubscription(opts.subscriptionId);
  return deps.db.transaction(async (tx) => {
    if (!(await claimEvent(tx, opts.event))) return 'duplicate';
    return (await applySubscription(tx, sub)) ? 'applied' : 'skipped';
  });
}
