// Fulfilling a paid checkout exactly once, whoever calls: the webhook (with its event id), the
// success page's confirm (no event) or the test checkout's Pay button. The open → completed flip
// of the checkout_sessions row is the once-only gate, in the same transaction as the effect.
import { and, eq } from 'drizzle-orm';
import type { CheckoutConfirmation } from '../../core/api';
import { findPack, findPlan, totalCredits } from '../../core/catalog';
import { addCredits, effectiveTier, getBalance } from '../credits/service';
import type { DbExecutor, Tx } from '../db/client';
import { checkoutSessions, memberships } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import type { BillingDeps, EventOutcome } from './deps';
import { userExists } from './membership';
import { BILLING_MESSAGES } from './messages';
import { claimEvent } from './payment-events';
import { type CheckoutState, PaymentProviderError, type SubscriptionState } from './ports';
import { cents } from './start-checkout';
import { applySubscription } from './sync-subscription';

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
    .set({ status: 'completed', completedAt: new Date(), paymentIntentId: checkout.paymentIntentId })
    .where(and(eq(checkoutSessions.id, checkout.id), eq(checkoutSessions.status, 'open')))
    .returning({ id: checkoutSessions.id });
  if (flipped.length === 0) return false;

  if (pack) {
    await addCredits(tx, {
      userId,
      amount: totalCredits(pack),
      type: 'purchase',
      description: `Purchased ${pack.name}`,
      referenceId: checkout.id,
    });
    return true;
  }
  if (subscription) return applySubscription(tx, subscription, userId);
  if (opts.provider === 'test') {
    // The test checkout has no subscription behind it: one month of the plan, no renewal.
    const live = { tier: plan!.tier, status: 'active', currentPeriodEnd: oneMonthFrom(new Date()) };
    await tx
      .insert(memberships)
      .values({ userId, ...live })
      .onConflictDoUpdate({ target: memberships.userId, set: { ...live, updatedAt: new Date() } });
    return true;
  }
  log.warn({ session: checkout.id }, 'subscription checkout without a subscription; membership unchanged');
  return true;
}

/**
 * Fulfils a checkout once. Unpaid sessions (an async payment still pending) change nothing;
 * their event id is still recorded.
 */
export async function fulfilCheckout(
  deps: BillingDeps,
  opts: { checkout: CheckoutState; provider: 'stripe' | 'test'; event?: { id: string; type: string } },
): Promise<EventOutcome> {
  const { checkout } = opts;
  const ready = checkout.status === 'complete' && checkout.paid;
  const subscription =
    ready && checkout.kind === 'plan' && checkout.subscriptionId && opts.provider === 'stripe'
      ? await deps.payments.retrieveSubscription(checkout.subscriptionId)
      : null;
  return deps.db.transaction(async (tx) => {
    if (opts.event && !(await claimEvent(tx, opts.event))) return 'duplicate';
    if (!ready) return 'skipped';
    return (await applyPaidCheckout(tx, deps, { ...opts, subscription })) ? 'applied' : 'duplicate';
  });
}

/** The member's own checkout session; anyone else's is "not found". */
export async function ownCheckout(db: DbExecutor, sessionId: string, userId: string) {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  if (!row || row.userId !== userId) throw notFound(BILLING_MESSAGES.checkoutNotFound);
  return row;
}

/**
 * The success page's call: fulfils the session now if the provider says it is paid (the
 * webhook may not have arrived yet), then reports where the purchase stands.
 */
export async function confirmCheckout(
  deps: BillingDeps,
  opts: { userId: string; sessionId: string },
): Promise<CheckoutConfirmation> {
  const { db, payments } = deps;
  let row = await ownCheckout(db, opts.sessionId, opts.userId);
  if (row.status === 'open' && row.provider === 'stripe' && payments.kind === 'stripe') {
    let checkout: CheckoutState;
    try {
      checkout = await payments.retrieveCheckout(row.id);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      deps.logger.warn({ err: error }, 'could not retrieve checkout session');
      throw new AppError(502, 'payment_provider_error', error.message);
    }
    await fulfilCheckout(deps, { checkout, provider: 'stripe' });
    row = await ownCheckout(db, opts.sessionId, opts.userId);
  }
  return {
    status: row.status === 'completed' ? 'completed' : 'pending',
    kind: row.kind,
    itemId: row.itemId,
    credits: await getBalance(db, opts.userId),
    tier: await effectiveTier(db, opts.userId),
    returnTo: row.returnTo,
  };
}
