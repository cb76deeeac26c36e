// Keeping a member's plan in step with their Stripe subscription. The subscription is re-fetched
// on every event instead of trusting each event's payload, so order does not matter: whichever
// event arrives last, the membership shows what Stripe shows now. What each status grants is
// src/core/subscription.ts's table.
import { and, eq } from 'drizzle-orm';
import { findPlan, PLANS } from '../../core/catalog';
import { subscriptionAccess } from '../../core/subscription';
import { isPaidTier, type Tier } from '../../core/tiers';
import type { Tx } from '../db/client';
import { checkoutSessions, memberships, paymentLedger } from '../db/schema';
import { memberOfCustomer } from '../membership/plan';
import { changePlan, lockMembership } from '../membership/service';
import type { BillingDeps, EventOutcome } from './deps';
import { userExists } from './membership';
import { claimEvent, customerDeleted, markSubscriptionEnded, subscriptionEnded } from './payment-events';
import type { PaidInvoice, RefundCause, SubscriptionState } from './ports';
import { type Purchase, planPurchase, queueReceipt, sendQueuedReceipts } from './receipts';

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
 * A subscription whose member deleted their account is still live at Stripe (one whose 3-D
 * Secure completed after the deletion, or one made in the Dashboard afterwards). Thrown inside the
 * transaction; the caller cancels it and refunds its payment.
 */
export class OrphanedSubscription extends Error {
  override name = 'OrphanedSubscription';
  constructor(readonly subscription: SubscriptionState) {
    super(`subscription ${subscription.id} belongs to a deleted account`);
  }
}

/**
 * The plan a subscription bills now. Its current price decides, so an upgrade or downgrade in
 * the Customer Portal changes the tier. A price no STRIPE_PRICE_* names grants nothing (null):
 * guessing a plan would sell one nobody priced.
 */
export function tierOfSubscription(
  deps: Pick<BillingDeps, 'config' | 'logger'>,
  sub: SubscriptionState,
): Tier | null {
  const prices = deps.config.stripePrices.plans;
  for (const plan of PLANS) {
    if (!isPaidTier(plan.tier)) continue;
    const priceId = prices[plan.id as keyof typeof prices];
    if (priceId && sub.priceIds.includes(priceId)) return plan.tier;
  }
  deps.logger.error(
    { subscriptionId: sub.id, customerId: sub.customerId, priceIds: sub.priceIds },
    'subscription price matches no STRIPE_PRICE_BASIC/PREMIUM/ENTERPRISE: it grants nothing until the price is configured',
  );
  return null;
}

type Owner = { kind: 'member'; userId: string } | { kind: 'gone' } | { kind: 'unknown' };

/**
 * Whose subscription this is: a member's; a deleted account's (our checkout's metadata names a
 * user who is gone, or the customer was a deleted member's); or nobody's we know (a customer made
 * outside the app, which an operator links with `billing:link`).
 */
async function ownerOf(tx: Tx, sub: SubscriptionState, knownUserId?: string): Promise<Owner> {
  const named = knownUserId ?? sub.userId;
  if (named) return (await userExists(tx, named)) ? { kind: 'member', userId: named } : { kind: 'gone' };
  if (!sub.customerId) return { kind: 'unknown' };
  const userId = await memberOfCustomer(tx, sub.customerId);
  if (userId) return { kind: 'member', userId };
  return (await customerDeleted(tx, sub.customerId)) ? { kind: 'gone' } : { kind: 'unknown' };
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
  const owner = await ownerOf(tx, sub, knownUserId);
  const ids = { subscriptionId: sub.id, customerId: sub.customerId, status: sub.status };
  if (owner.kind === 'unknown') {
    deps.logger.warn(
      ids,
      'subscription on a Stripe customer this app did not create: skipped (link it with `npm run admin -- billing:link <email> <customer-id>`)',
    );
    return false;
  }
  const access = subscriptionAccess(sub.status);

  if (access.ended) {
    await markSubscriptionEnded(tx, sub.id);
    if (owner.kind === 'gone') {
      deps.logger.info(ids, 'subscription of a deleted account has ended');
      return false;
    }
    return (await changePlan(tx, { userId: owner.userId, change: { kind: 'free', subscriptionId: sub.id } }))
      .changed;
  }
  if (await subscriptionEnded(tx, sub.id)) return false;
  // Still able to bill someone who is gone: end it (the caller cancels and refunds it).
  if (owner.kind === 'gone') throw new OrphanedSubscription(sub);
  const { userId } = owner;
  const tier = tierOfSubscription(deps, sub);
  if (!tier) return false;

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
      tier,
      // What the status grants is decided where it is read (core's tierAt asks the same table).
      status: sub.status,
      // The period end moves forward with each paid invoice; the plan lapses to Free after it
      // (and core's renewal grace).
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
 * Ends a subscription the app must not keep: cancelled and its latest payment refunded at Stripe
 * (network first, both idempotent), then marked ended with one ledger entry, and a warning for
 * the operator once.
 */
async function cancelAndRefund(
  deps: BillingDeps,
  opts: {
    sub: SubscriptionState;
    cause: RefundCause;
    entry: { userId: string | null; kind: 'duplicate_refund' | 'refund'; why: string };
    log: { message: string; fields: Record<string, unknown> };
  },
): Promise<void> {
  const { sub } = opts;
  await deps.payments.cancelSubscription(sub.id);
  const refund = await deps.payments.refundLatestPayment(sub.id, opts.cause);
  const recorded = await deps.db.transaction(async (tx) => {
    await markSubscriptionEnded(tx, sub.id);
    const rows = await tx
      .insert(paymentLedger)
      .values({
        userId: opts.entry.userId,
        kind: opts.entry.kind,
        referenceId: sub.id,
        itemId: findPlan(sub.itemId)?.id ?? sub.itemId,
        amountCents: refund?.amountCents ?? 0,
        reason: `${opts.entry.why}${refund ? `, payment refunded (${refund.refundId})` : ', nothing had been paid'}`,
      })
      .onConflictDoNothing()
      .returning({ id: paymentLedger.id });
    return rows.length > 0;
  });
  if (recorded) {
    deps.logger.warn(
      {
        ...opts.log.fields,
        subscriptionId: sub.id,
        refundId: refund?.refundId ?? null,
        amountCents: refund?.amountCents ?? 0,
      },
      opts.log.message,
    );
  }
}

/** A second live plan of one member: the one on file stays. */
function endDuplicate(deps: BillingDeps, duplicate: DuplicateSubscription): Promise<void> {
  const { subscription: sub, userId, keptSubscriptionId } = duplicate;
  return cancelAndRefund(deps, {
    sub,
    cause: 'duplicate',
    entry: {
      userId,
      kind: 'duplicate_refund',
      why: `Second live plan subscription while ${keptSubscriptionId} is live: cancelled at once`,
    },
    log: {
      message: 'duplicate plan subscription cancelled and refunded',
      fields: { userId, keptSubscriptionId },
    },
  });
}

/**
 * A deleted account's subscription: its latest payment (for one that started after the deletion,
 * its first) refunded, with a `refund` ledger entry that names no member.
 */
function endOrphan(deps: BillingDeps, orphan: OrphanedSubscription): Promise<void> {
  const { subscription: sub } = orphan;
  return cancelAndRefund(deps, {
    sub,
    cause: 'account_deleted',
    entry: {
      userId: null,
      kind: 'refund',
      why: `Subscription of a deleted account (${sub.status}): cancelled`,
    },
    log: {
      message: 'subscription of a deleted account cancelled and its payment refunded',
      fields: { customerId: sub.customerId, status: sub.status },
    },
  });
}

/**
 * Runs a transaction that applies a subscription; a duplicate or a deleted account's subscription
 * is ended at Stripe and the run repeated.
 */
export async function withDuplicateGuard<T>(deps: BillingDeps, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DuplicateSubscription) await endDuplicate(deps, error);
    else if (error instanceof OrphanedSubscription) await endOrphan(deps, error);
    else throw error;
    // Now marked ended, it is refused like any ended subscription.
    return run();
  }
}

const INVOICE_PURCHASE: Record<string, Purchase['kind']> = {
  subscription_create: 'plan',
  subscription_cycle: 'renewal',
  subscription_update: 'plan-change',
};

/**
 * The receipt of a paid subscription invoice, for the member whose plan it now pays for: a
 * duplicate subscription (refunded) or one of a deleted account gets none, nor does an invoice
 * of nothing.
 */
async function receiptForInvoice(tx: Tx, deps: BillingDeps, sub: SubscriptionState, invoice: PaidInvoice) {
  if (invoice.amountPaid <= 0 || !subscriptionAccess(sub.status).grantsPlan) return;
  const [m] = await tx
    .select({ userId: memberships.userId, tier: memberships.tier })
    .from(memberships)
    .where(eq(memberships.stripeSubscriptionId, sub.id));
  if (!m) return;
  const kind = INVOICE_PURCHASE[invoice.billingReason ?? ''] ?? 'renewal';
  await queueReceipt(tx, deps, {
    id: invoice.id,
    userId: m.userId,
    kind,
    what: planPurchase(m.tier, kind),
    amountCents: invoice.amountPaid,
    currency: invoice.currency,
    paidAt: invoice.paidAt,
    provider: 'stripe',
  });
}

/** Applies a subscription state just fetched from the provider, with its event id if any. */
export async function applyFetchedSubscription(
  deps: BillingDeps,
  sub: SubscriptionState,
  event?: { id: string; type: string },
  paidInvoice?: PaidInvoice,
): Promise<EventOutcome> {
  const outcome = await withDuplicateGuard(deps, () =>
    deps.db.transaction(async (tx): Promise<EventOutcome> => {
      if (event && !(await claimEvent(tx, event))) return 'duplicate';
      const applied = await applySubscription(tx, deps, sub);
      if (paidInvoice) await receiptForInvoice(tx, deps, sub, paidInvoice);
      return applied ? 'applied' : 'skipped';
    }),
  );
  if (paidInvoice && outcome !== 'duplicate') sendQueuedReceipts(deps);
  return outcome;
}

/** A `customer.subscription.*` or `invoice.*` event: re-fetch the subscription and apply it. */
export async function syncSubscription(
  deps: BillingDeps,
  opts: { subscriptionId: string; event: { id: string; type: string }; paidInvoice?: PaidInvoice },
): Promise<EventOutcome> {
  const sub = await deps.payments.retrieveSubscription(opts.subscriptionId);
  return applyFetchedSubscription(deps, sub, opts.event, opts.paidInvoice);
}

/**
 * After an operator linked a customer to a member (`billing:link`): applies each of the
 * customer's subscriptions that is not ended, as its next event would.
 */
export async function applyCustomerSubscriptions(
  deps: BillingDeps,
  customerId: string,
): Promise<Array<{ subscriptionId: string; status: string; outcome: EventOutcome }>> {
  const results = [];
  for (const sub of await deps.payments.listSubscriptions(customerId)) {
    if (subscriptionAccess(sub.status).ended) continue;
    results.push({
      subscriptionId: sub.id,
      status: sub.status,
      outcome: await applyFetchedSubscription(deps, sub),
    });
  }
  return results;
}
