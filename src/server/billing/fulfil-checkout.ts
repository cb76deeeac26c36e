// Fulfilling a paid checkout exactly once, whoever calls: the webhook (with its event id), the
// success page's confirm (no event) or the test checkout's Pay button. The open → completed flip
// of the checkout_sessions row is the once-only gate, in the same transaction as the effect.

import { and, eq, isNull } from 'drizzle-orm';
import type { CheckoutConfirmation } from '../../core/api';
import { findPack, findPlan, totalCredits } from '../../core/catalog';
import { DomainError, notFound } from '../../core/domain-error';
import { subscriptionAccess } from '../../core/subscription';
import { addCredits, getBalance } from '../credits/service';
import type { DbExecutor, Tx } from '../db/client';
import { type CheckoutSessionRow, checkoutSessions, memberships, paymentLedger } from '../db/schema';
import { effectiveTier } from '../membership/plan';
import { changePlan, lockMembership } from '../membership/service';
import { type BillingDeps, cents, type EventOutcome } from './deps';
import { userExists } from './membership';
import { BILLING_MESSAGES } from './messages';
import { claimEvent } from './payment-events';
import { type CheckoutState, PaymentProviderError, type SubscriptionState } from './ports';
import { planPurchase, queueReceipt, sendQueuedReceipts } from './receipts';
import { applyFetchedSubscription, applySubscription, withDuplicateGuard } from './sync-subscription';

function oneMonthFrom(now: Date): Date {
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** The effect of a paid checkout, inside the caller's transaction. */
export async function applyPaidCheckout(
  tx: Tx,
  deps: BillingDeps,
  opts: { checkout: CheckoutState; subscription: SubscriptionState | null; provider: 'stripe' | 'test' },
): Promise<boolean> {
  const { checkout, subscription } = opts;
  const log = deps.logger;
  const [row] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, checkout.id));
  if (row && checkout.userId && row.userId !== checkout.userId) {
    log.warn({ session: checkout.id }, 'checkout session belongs to another user; not fulfilled');
    return false;
  }
  const userId = row?.userId ?? checkout.userId;
  const kind = row?.kind ?? checkout.kind;
  const itemId = row?.itemId ?? checkout.itemId;
  const pack = kind === 'pack' ? findPack(itemId) : undefined;
  const plan = kind === 'plan' ? findPlan(itemId) : undefined;
  if (!userId || !(pack || plan) || !(await userExists(tx, userId))) {
    log.warn({ session: checkout.id }, 'paid checkout without a known user or item; not fulfilled');
    return false;
  }
  if (plan) {
    // Membership first, then the session: the order applySubscription's callers lock in too, so a
    // checkout event and a subscription event of one member never wait on each other (deadlock).
    await lockMembership(tx, userId);
  }
  if (!row) {
    // A session created outside this app (or whose row insert was lost): keep the record anyway.
    await tx
      .insert(checkoutSessions)
      .values({
        id: checkout.id,
        userId,
        kind: pack ? 'pack' : 'plan',
        itemId: itemId!,
        provider: opts.provider,
        amountCents: checkout.amountTotal ?? cents(pack?.price ?? plan!.price),
      })
      .onConflictDoNothing();
  }
  const flipped = await tx
    .update(checkoutSessions)
    .set({
      status: 'completed',
      completedAt: new Date(),
      paymentIntentId: checkout.paymentIntentId,
      subscriptionId: checkout.subscriptionId,
    })
    .where(and(eq(checkoutSessions.id, checkout.id), eq(checkoutSessions.status, 'open')))
    .returning({ id: checkoutSessions.id });
  if (flipped.length === 0) return false;

  // The receipt of a pack or of a test plan is this checkout's; a Stripe plan's first month is
  // its first paid invoice's (invoice.paid), like every renewal.
  const receipt = {
    id: checkout.id,
    userId,
    amountCents: row?.amountCents ?? checkout.amountTotal ?? cents(pack?.price ?? plan!.price),
    currency: checkout.currency ?? 'usd',
    paidAt: new Date(),
    provider: opts.provider,
  };
  if (pack) {
    await addCredits(tx, {
      userId,
      amount: totalCredits(pack),
      type: 'purchase',
      description: `Purchased ${pack.name}`,
      referenceId: checkout.id,
    });
    await queueReceipt(tx, deps, {
      ...receipt,
      kind: 'pack',
      what: `${pack.name} (${totalCredits(pack)} credits)`,
    });
    return true;
  }
  if (subscription) {
    await applySubscription(tx, deps, subscription, userId);
    return true;
  }
  if (opts.provider === 'test') {
    // The test checkout has no subscription behind it: one month of the plan, no renewal.
    await changePlan(tx, {
      userId,
      change: { kind: 'test-month', tier: plan!.tier, periodEnd: oneMonthFrom(new Date()) },
    });
    await queueReceipt(tx, deps, { ...receipt, kind: 'plan', what: planPurchase(plan!.id, 'plan') });
    return true;
  }
  log.warn({ session: checkout.id }, 'subscription checkout without a subscription; membership unchanged');
  return true;
}

/**
 * Fulfils a checkout once. A completed session is ready when its money arrived, or, for a plan,
 * when its subscription grants the plan (a first payment that needed 3-D Secure or a bank debit
 * completes after the session). Until then nothing changes; the event id is still recorded, and
 * so is the subscription the session created.
 */
export async function fulfilCheckout(
  deps: BillingDeps,
  opts: { checkout: CheckoutState; provider: 'stripe' | 'test'; event?: { id: string; type: string } },
): Promise<EventOutcome> {
  const { checkout } = opts;
  const subscription =
    checkout.status === 'complete' &&
    checkout.kind === 'plan' &&
    checkout.subscriptionId &&
    opts.provider === 'stripe'
      ? await deps.payments.retrieveSubscription(checkout.subscriptionId)
      : null;
  const ready =
    checkout.status === 'complete' &&
    (checkout.paid || (subscription !== null && subscriptionAccess(subscription.status).grantsPlan));
  const outcome = await withDuplicateGuard(deps, () =>
    deps.db.transaction(async (tx): Promise<EventOutcome> => {
      if (opts.event && !(await claimEvent(tx, opts.event))) return 'duplicate';
      if (checkout.subscriptionId) {
        await tx
          .update(checkoutSessions)
          .set({ subscriptionId: checkout.subscriptionId })
          .where(and(eq(checkoutSessions.id, checkout.id), isNull(checkoutSessions.subscriptionId)));
      }
      if (!ready) {
        // Still worth applying: an expired first payment marks the subscription ended.
        if (subscription) await applySubscription(tx, deps, subscription);
        return 'skipped';
      }
      return (await applyPaidCheckout(tx, deps, { ...opts, subscription })) ? 'applied' : 'duplicate';
    }),
  );
  if (outcome === 'applied') sendQueuedReceipts(deps);
  return outcome;
}

/** A session that can no longer be paid (expired, or its bank debit failed): closed, once. */
export async function closeUnpaidCheckout(
  deps: BillingDeps,
  opts: { checkoutId: string; event: { id: string; type: string } },
): Promise<EventOutcome> {
  return deps.db.transaction(async (tx) => {
    if (!(await claimEvent(tx, opts.event))) return 'duplicate';
    const closed = await tx
      .update(checkoutSessions)
      .set({ status: 'cancelled' })
      .where(and(eq(checkoutSessions.id, opts.checkoutId), eq(checkoutSessions.status, 'open')))
      .returning({ id: checkoutSessions.id });
    return closed.length > 0 ? 'applied' : 'skipped';
  });
}

/** The member's own checkout session; anyone else's is "not found". */
export async function ownCheckout(db: DbExecutor, sessionId: string, userId: string) {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  if (!row || row.userId !== userId) throw notFound(BILLING_MESSAGES.checkoutNotFound);
  return row;
}

async function providerCall<T>(deps: BillingDeps, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    deps.logger.warn({ err: error }, `could not ${what}`);
    throw new DomainError('provider_failed', error.message, { code: 'payment_provider_error' });
  }
}

type PlanStanding = Pick<CheckoutConfirmation, 'status' | 'note'>;

function packStanding(row: CheckoutSessionRow): PlanStanding {
  if (row.status === 'completed') return { status: 'completed', note: null };
  if (row.status === 'cancelled') return { status: 'failed', note: BILLING_MESSAGES.paymentNotCompleted };
  return { status: 'pending', note: null };
}

/**
 * Where a plan checkout stands for its member now: the plan only counts as bought while this
 * checkout's subscription is the member's and grants the plan.
 */
async function planStanding(
  deps: BillingDeps,
  row: CheckoutSessionRow,
  subscription: SubscriptionState | null,
): Promise<PlanStanding> {
  if (row.provider === 'test' || row.status === 'cancelled') return packStanding(row);
  if (!row.subscriptionId || !subscription) return { status: 'pending', note: null };
  const [refunded] = await deps.db
    .select({ id: paymentLedger.id })
    .from(paymentLedger)
    .where(
      and(eq(paymentLedger.kind, 'duplicate_refund'), eq(paymentLedger.referenceId, row.subscriptionId)),
    );
  if (refunded) return { status: 'failed', note: BILLING_MESSAGES.duplicateRefunded };
  const access = subscriptionAccess(subscription.status);
  if (access.ended) return { status: 'failed', note: access.note ?? BILLING_MESSAGES.subscriptionEnded };
  if (!access.grantsPlan) return { status: 'pending', note: access.note };
  const [m] = await deps.db
    .select({ subscriptionId: memberships.stripeSubscriptionId })
    .from(memberships)
    .where(eq(memberships.userId, row.userId!));
  return m?.subscriptionId === row.subscriptionId
    ? { status: 'completed', note: access.note }
    : { status: 'pending', note: null };
}

/**
 * The success page's call: fulfils the session now if the provider says it is paid (the
 * webhook may not have arrived yet), re-reads a plan's subscription, and reports what the member
 * actually has.
 */
export async function confirmCheckout(
  deps: BillingDeps,
  opts: { userId: string; sessionId: string },
): Promise<CheckoutConfirmation> {
  const { db, payments } = deps;
  let row = await ownCheckout(db, opts.sessionId, opts.userId);
  const live = row.provider === 'stripe' && payments.kind === 'stripe';
  if (live && row.status === 'open') {
    const checkout = await providerCall(deps, 'retrieve checkout session', () =>
      payments.retrieveCheckout(row.id),
    );
    await fulfilCheckout(deps, { checkout, provider: 'stripe' });
    row = await ownCheckout(db, opts.sessionId, opts.userId);
  }
  let subscription: SubscriptionState | null = null;
  if (live && row.kind === 'plan' && row.subscriptionId) {
    const id = row.subscriptionId;
    subscription = await providerCall(deps, 'retrieve subscription', () => payments.retrieveSubscription(id));
    await applyFetchedSubscription(deps, subscription);
  }
  const standing: PlanStanding =
    row.kind === 'plan' ? await planStanding(deps, row, subscription) : packStanding(row);
  return {
    ...standing,
    kind: row.kind,
    itemId: row.itemId,
    credits: await getBalance(db, opts.userId),
    tier: await effectiveTier(db, opts.userId),
    returnTo: row.returnTo,
  };
}
