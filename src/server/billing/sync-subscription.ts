// Keeping a member's plan in step with their Stripe subscription. The subscription is re-fetched
// on every event instead of trusting each event's payload, so order does not matter: whichever
// event arrives last, the membership shows what Stripe shows now. What each status grants is
// src/core/subscription.ts's table.
import { and, eq } from 'drizzle-orm';
import { findPlan, PLANS } from '../../core/catalog';
import { subscriptionAccess } from '../../core/subscription';
import { isPaidTier, type Tier } from '../../core/tiers';
import type { Tx } from '../db/client';
import { checkoutSessions, paymentLedger } from '../db/schema';
import { changePlan, lockMembership, memberOfCustomer } from '../membership/service';
import type { BillingDeps, EventOutcome } from './deps';
import { userExists } from './membership';
import { claimEvent, markSubscriptionEnded, subscriptionEnded } from './payment-events';
import type { SubscriptionState } from './ports';

/**
 * A second subscription became live while the member already has a live one on file. Thrown
 * inside the transaction (which rolls back); the caller ends it at Stripe and tries again.
 */
export class DuplicateSubscription extends Error {
  override name = 'DuplicateSubscription';
  constructor(
    readonly subscription: SubscriptionState,
    readonly userId: string,
    readonly keptSubscriptionId: string,
  ) {
    super(`subscription ${subscription.id} duplicates ${keptSubscriptionId}`);
  }
}

/**
 * The plan a subscription bills now. Its current price decides, so an upgrade or downgrade in
 * the Customer Portal changes the tier; the checkout metadata is only a fallback for a price no
 * STRIPE_PRICE_* names (logged, so the operator can add it).
 */
export function tierOfSubscription(
  deps: Pick<BillingDeps, 'config' | 'logger'>,
  sub: SubscriptionState,
): Tier {
  const prices = deps.config.stripePrices.plans;
  for (const plan of PLANS) {
    if (!isPaidTier(plan.tier)) continue;
    const priceId = prices[plan.id as keyof typeof prices];
    if (priceId && sub.priceIds.includes(priceId)) return plan.tier;
  }
  const fallback = findPlan(sub.itemId);
  const tier = fallback && isPaidTier(fallback.tier) ? fallback.tier : 'basic';
  deps.logger.error(
    { subscriptionId: sub.id, priceIds: sub.priceIds, tier },
    'subscription price matches no STRIPE_PRICE_BASIC/PREMIUM/ENTERPRISE; using the plan it was bought as',
  );
  return tier;
}

/**
 * Applies a subscription's current state to its member, inside the caller's transaction.
 * Returns whether the membership changed.
 */
export async function applySubscription(
  tx: Tx,
  deps: Pick<BillingDeps, 'config' | 'logger'>,
  sub: SubscriptionState,
  knownUserId?: string,
): Promise<boolean> {
  let userId = knownUserId ?? sub.userId;
  if (!userId && sub.customerId) userId = await memberOfCustomer(tx, sub.customerId);
  if (!userId || !(await userExists(tx, userId))) return false;
  const access = subscriptionAccess(sub.status);

  if (access.ended) {
    await markSubscriptionEnded(tx, sub.id);
    return (await changePlan(tx, { userId, change: { kind: 'free', subscriptionId: sub.id } })).changed;
  }
  if (await subscriptionEnded(tx, sub.id)) return false;

  // The row lock makes two subscriptions of one member apply one after the other.
  const m = await lockMembership(tx, userId);
  const onFile = m?.subscriptionId ?? null;
  if (onFile !== sub.id) {
    // Not the member's subscription (yet). One that grants nothing changes nothing: a first
    // payment still pending, or a second subscription that is not paid.
    if (!access.grantsPlan) return false;
    if (onFile && subscriptionAccess(m!.status).grantsPlan) {
      throw new DuplicateSubscription(sub, userId, onFile);
    }
    // Nothing on file, or one on hold (unpaid, paused): the paid one takes its place.
  }

  await changePlan(tx, {
    userId,
    change: {
      kind: 'subscription',
      tier: tierOfSubscription(deps, sub),
      // What the status grants is decided where it is read (core's tierAt asks the same table).
      status: sub.status,
      // The period end moves forward with each paid invoice; the plan lapses to Free after it.
      periodEnd: sub.periodEnd,
      subscriptionId: sub.id,
      customerId: sub.customerId,
    },
  });
  if (access.grantsPlan) {
    // A checkout whose first payment was pending is complete once its subscription is paid.
    await tx
      .update(checkoutSessions)
      .set({ status: 'completed', completedAt: new Date() })
      .where(and(eq(checkoutSessions.subscriptionId, sub.id), eq(checkoutSessions.status, 'open')));
  }
  return true;
}

/**
 * Ends a duplicate subscription: cancelled and its payment refunded at Stripe (network first,
 * both idempotent), then marked ended with a ledger entry, and a log line for the operator.
 */
async function endDuplicate(deps: BillingDeps, duplicate: DuplicateSubscription): Promise<void> {
  const { subscription: sub, userId, keptSubscriptionId } = duplicate;
  await deps.payments.cancelSubscription(sub.id);
  const refund = await deps.payments.refundLatestPayment(sub.id);
  const plan = findPlan(sub.itemId);
  const recorded = await deps.db.transaction(async (tx) => {
    await markSubscriptionEnded(tx, sub.id);
    const rows = await tx
      .insert(paymentLedger)
      .values({
        userId,
        kind: 'duplicate_refund',
        referenceId: sub.id,
        itemId: plan?.id ?? sub.itemId,
        amountCents: refund?.amountCents ?? 0,
        reason: `Second live plan subscription while ${keptSubscriptionId} is live: cancelled at once${
          refund ? `, payment refunded (${refund.refundId})` : ', nothing had been paid'
        }`,
      })
      .onConflictDoNothing()
      .returning({ id: paymentLedger.id });
    return rows.length > 0;
  });
  if (recorded) {
    deps.logger.warn(
      {
        userId,
        subscriptionId: sub.id,
        keptSubscriptionId,
        refundId: refund?.refundId ?? null,
        amountCents: refund?.amountCents ?? 0,
      },
      'duplicate plan subscription cancelled and refunded',
    );
  }
}

/** Runs a transaction that applies a subscription; a duplicate is ended and the run repeated. */
export async function withDuplicateGuard<T>(deps: BillingDeps, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof DuplicateSubscription)) throw error;
    await endDuplicate(deps, error);
    // Now marked ended, the duplicate is refused like any ended subscription.
    return run();
  }
}

/** Applies a subscription state just fetched from the provider, with its event id if any. */
export function applyFetchedSubscription(
  deps: BillingDeps,
  sub: SubscriptionState,
  event?: { id: string; type: string },
): Promise<EventOutcome> {
  return withDuplicateGuard(deps, () =>
    deps.db.transaction(async (tx) => {
      if (event && !(await claimEvent(tx, event))) return 'duplicate';
      return (await applySubscription(tx, deps, sub)) ? 'applied' : 'skipped';
    }),
  );
}

/** A `customer.subscription.*` or `invoice.*` event: re-fetch the subscription and apply it. */
export async function syncSubscription(
  deps: BillingDeps,
  opts: { subscriptionId: string; event: { id: string; type: string } },
): Promise<EventOutcome> {
  const sub = await deps.payments.retrieveSubscription(opts.subscriptionId);
  return applyFetchedSubscription(deps, sub, opts.event);
}
