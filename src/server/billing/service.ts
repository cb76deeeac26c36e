// Billing rules: starting a checkout, fulfilling a paid one exactly once, and applying Stripe's
// events. Every money or membership change commits in the same transaction as the row that makes
// it happen once: the webhook event id (payment_events), the checkout session's open → completed
// flip, and the ledger's unique (reference, type). So a duplicated, concurrent or reordered
// delivery, or the success page racing the webhook, ends in the same state. Network calls to the
// provider happen before a transaction opens, never while it holds locks.
import { and, eq, sql } from 'drizzle-orm';
import type { CheckoutRequest } from '../../core/api';
import { type CreditPack, findPack, findPlan, type Plan, totalCredits } from '../../core/catalog';
import { MESSAGES } from '../../core/messages';
import { safeRedirectPath } from '../../core/redirect';
import type { Tier } from '../../core/tiers';
import type { Config } from '../config';
import { addCredits, clawbackCredits, effectiveTier, getBalance } from '../credits/service';
import type { Database, DbExecutor, Tx } from '../db/client';
import { checkoutSessions, memberships, paymentEvents, users } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import type { Logger } from '../logger';
import { BILLING_MESSAGES } from './messages';
import { TEST_PORTAL_URL } from './payments';
import {
  type CheckoutKind,
  type CheckoutState,
  type PaymentEvent,
  PaymentProviderError,
  type Payments,
  type SubscriptionState,
} from './ports';

export type BillingDeps = {
  db: Database;
  payments: Payments;
  config: Pick<Config, 'publicUrl' | 'stripePrices'>;
  logger: Logger;
};

/** `GET /api/billing` */
export type BillingInfo = { mode: 'stripe' | 'test' };
/** `POST /api/billing/checkout` and `POST /api/billing/portal` */
export type RedirectResponse = { url: string };
/** `POST /api/billing/checkout/:sessionId/confirm` */
export type CheckoutConfirmation = {
  status: 'completed' | 'pending';
  kind: CheckoutKind;
  itemId: string;
  /** The balance now, bonus included once the purchase is completed. */
  credits: number;
  tier: Tier;
  /** Same-site path the purchase started from (e.g. the generator), or null. */
  returnTo: string | null;
};

export type EventOutcome = 'applied' | 'duplicate' | 'skipped' | 'ignored';

/** Stripe keeps access during these; past_due is its retry window for a failed renewal. */
const LIVE_SUBSCRIPTION_STATUSES = new Set(['active', 'trialing', 'past_due']);

const cents = (usd: number) => Math.round(usd * 100);

type Item = { kind: 'plan'; plan: Plan } | { kind: 'pack'; pack: CreditPack };

function purchasableItem(request: Pick<CheckoutRequest, 'kind' | 'id'>): Item {
  if (request.kind === 'pack') {
    const pack = findPack(request.id);
    if (!pack) throw new AppError(400, 'invalid_request', MESSAGES.unknownPack);
    return { kind: 'pack', pack };
  }
  const plan = findPlan(request.id);
  if (!plan) throw new AppError(400, 'invalid_request', MESSAGES.unknownPlan);
  if (plan.id === 'free') throw new AppError(400, 'free_plan', BILLING_MESSAGES.freePlanNeedsNoCheckout);
  if (!plan.purchasable) throw new AppError(400, 'plan_not_purchasable', MESSAGES.planNotPurchasable);
  return { kind: 'plan', plan };
}

function itemPrice(item: Item) {
  return item.kind === 'plan' ? item.plan.price : item.pack.price;
}

function priceIdFor(config: BillingDeps['config'], item: Item): string | undefined {
  const prices = config.stripePrices;
  if (item.kind === 'plan') return item.plan.id === 'basic' ? prices.basic : undefined;
  return prices[item.pack.id];
}

/** One subscription per member: a paid tier now, or a Stripe subscription still on file. */
async function assertNotSubscribed(db: DbExecutor, userId: string): Promise<void> {
  const [m] = await db
    .select({ subscriptionId: memberships.stripeSubscriptionId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  if (m?.subscriptionId || (await effectiveTier(db, userId)) !== 'free') {
    throw new AppError(409, 'already_subscribed', BILLING_MESSAGES.alreadySubscribed);
  }
}

/** The member's Stripe customer, created on first checkout and kept on the membership row. */
async function customerFor(deps: BillingDeps, user: { id: string; email: string }): Promise<string | null> {
  const { db } = deps;
  const [m] = await db
    .select({ customerId: memberships.stripeCustomerId })
    .from(memberships)
    .where(eq(memberships.userId, user.id));
  if (m?.customerId) return m.customerId;
  const created = await deps.payments.ensureCustomer({ userId: user.id, email: user.email });
  if (!created) return null;
  await db
    .insert(memberships)
    .values({ userId: user.id, stripeCustomerId: created })
    .onConflictDoUpdate({
      target: memberships.userId,
      set: { stripeCustomerId: created, updatedAt: new Date() },
    });
  return created;
}

export async function startCheckout(
  deps: BillingDeps,
  opts: { user: { id: string; email: string }; request: CheckoutRequest },
): Promise<RedirectResponse> {
  const { db, payments, config, logger } = deps;
  const item = purchasableItem(opts.request);
  if (item.kind === 'plan') await assertNotSubscribed(db, opts.user.id);
  const priceId = priceIdFor(config, item);
  if (payments.kind === 'stripe' && !priceId) {
    logger.warn({ kind: item.kind, item: opts.request.id }, 'Stripe price id not configured');
    const message = item.kind === 'plan' ? MESSAGES.priceIdMissingPlan : MESSAGES.priceIdMissingPack;
    throw new AppError(503, 'price_not_configured', message);
  }
  const returnTo = opts.request.returnTo ? safeRedirectPath(opts.request.returnTo) : null;
  let created: { id: string; url: string };
  try {
    created = await payments.createCheckout({
      kind: item.kind,
      itemId: opts.request.id,
      priceId,
      userId: opts.user.id,
      customerId: payments.kind === 'stripe' ? await customerFor(deps, opts.user) : null,
      successUrl: `${config.publicUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      // The pricing page shows a neutral "nothing was charged" note for this query.
      cancelUrl: `${config.publicUrl}/pricing?checkout=cancelled`,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    logger.warn({ err: error }, 'checkout session creation failed');
    throw new AppError(502, 'checkout_failed', MESSAGES.failedToCreateCheckoutSession);
  }
  await db.insert(checkoutSessions).values({
    id: created.id,
    userId: opts.user.id,
    kind: item.kind,
    itemId: opts.request.id,
    provider: payments.kind,
    returnTo,
    amountCents: cents(itemPrice(item)),
  });
  return { url: created.url };
}

/** Records an event id; false when it was already recorded (this delivery is a duplicate). */
async function claimEvent(tx: Tx, event: { id: string; type: string }): Promise<boolean> {
  const rows = await tx
    .insert(paymentEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

async function userExists(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return Boolean(row);
}

// A synthetic payment_events id: once a subscription has ended it can never become live again
// (Stripe subscriptions are not resurrected), so a stale "active" state that arrives after the
// end — an old event, or a re-fetch that raced the cancellation — is refused.
const endedMarker = (subscriptionId: string) => `subscription_ended:${subscriptionId}`;

/**
 * Applies a subscription's current state (as just fetched from the provider) to its member.
 * Re-fetching on every event instead of trusting each event's payload makes order irrelevant:
 * whichever event arrives last, the membership shows what Stripe shows now.
 */
async function applySubscription(tx: Tx, sub: SubscriptionState, knownUserId?: string): Promise<boolean> {
  let userId = knownUserId ?? sub.userId;
  if (!userId && sub.customerId) {
    const [m] = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(eq(memberships.stripeCustomerId, sub.customerId));
    userId = m?.userId ?? null;
  }
  if (!userId || !(await userExists(tx, userId))) return false;

  if (!LIVE_SUBSCRIPTION_STATUSES.has(sub.status)) {
    await tx
      .insert(paymentEvents)
      .values({ id: endedMarker(sub.id), type: 'subscription.ended' })
      .onConflictDoNothing();
    // Back to free; the membership itself stays active (a free membership is an active one).
    // Only the subscription on file is ended, never a newer one.
    const ended = await tx
      .update(memberships)
      .set({
        tier: 'free',
        status: 'active',
        currentPeriodEnd: null,
        stripeSubscriptionId: null,
        updatedAt: new Date(),
      })
      .where(and(eq(memberships.userId, userId), eq(memberships.stripeSubscriptionId, sub.id)))
      .returning({ userId: memberships.userId });
    return ended.length > 0;
  }

  const [ended] = await tx
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, endedMarker(sub.id)));
  if (ended) return false;
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

function oneMonthFrom(now: Date): Date {
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/**
 * The effect of a paid checkout, inside the caller's transaction. The open → completed flip of
 * the session row is the once-only gate (the success page and the webhook both get here).
 */
async function applyPaidCheckout(
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
 * Fulfils a checkout once, whoever calls: the webhook (with its event id), the success page
 * (no event) or the test checkout's Pay button. Unpaid sessions (an async payment still pending)
 * change nothing; their event id is still recorded.
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

async function eventSeen(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, id));
  return Boolean(row);
}

async function applyRefund(
  deps: BillingDeps,
  event: Extract<PaymentEvent, { type: 'charge.refunded' }>,
): Promise<EventOutcome> {
  const { db, payments } = deps;
  const paymentIntentId = event.paymentIntentId;
  const completedPack = async (exec: DbExecutor) => {
    if (!paymentIntentId) return undefined;
    const [row] = await exec
      .select()
      .from(checkoutSessions)
      .where(
        and(
          eq(checkoutSessions.paymentIntentId, paymentIntentId),
          eq(checkoutSessions.kind, 'pack'),
          eq(checkoutSessions.status, 'completed'),
        ),
      );
    return row;
  };
  // A refund can overtake the purchase's own events; then fulfil first (same transaction), so the
  // purchase and its clawback both happen exactly once whatever the order.
  const overtaken =
    paymentIntentId && !(await completedPack(db))
      ? await payments.findCheckoutByPaymentIntent(paymentIntentId)
      : null;

  return db.transaction(async (tx) => {
    if (!(await claimEvent(tx, { id: event.id, type: event.stripeType }))) return 'duplicate';
    if (!event.fullyRefunded) {
      // Partial refunds are a support decision (e.g. goodwill); the credits stay.
      deps.logger.info({ paymentIntentId }, 'partial refund: credits left in place');
      return 'skipped';
    }
    if (overtaken?.kind === 'pack') {
      await applyPaidCheckout(tx, deps, { checkout: overtaken, subscription: null, provider: 'stripe' });
    }
    const row = await completedPack(tx);
    const pack = findPack(row?.itemId);
    if (!row?.userId || !pack) return 'ignored';
    const taken = await clawbackCredits(tx, {
      userId: row.userId,
      amount: totalCredits(pack),
      description: `Refund of ${pack.name}`,
      referenceId: row.id,
    });
    return taken === null ? 'duplicate' : 'applied';
  });
}

/** Applies one verified webhook event; safe to call any number of times, in any order. */
export async function handlePaymentEvent(deps: BillingDeps, event: PaymentEvent): Promise<EventOutcome> {
  const { db, payments } = deps;
  // Fast path for redeliveries; the claim inside each transaction is what actually decides.
  if (await eventSeen(db, event.id)) return 'duplicate';
  const record = { id: event.id, type: event.stripeType };
  switch (event.type) {
    case 'checkout.completed':
      return fulfilCheckout(deps, { checkout: event.checkout, provider: 'stripe', event: record });
    case 'subscription.changed': {
      const sub = await payments.retrieveSubscription(event.subscriptionId);
      return db.transaction(async (tx) => {
        if (!(await claimEvent(tx, record))) return 'duplicate';
        return (await applySubscription(tx, sub)) ? 'applied' : 'skipped';
      });
    }
    case 'charge.refunded':
      return applyRefund(deps, event);
    default:
      return db.transaction(async (tx) => ((await claimEvent(tx, record)) ? 'ignored' : 'duplicate'));
  }
}

async function ownCheckout(db: DbExecutor, sessionId: string, userId: string) {
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

/** A Stripe billing-portal session for a subscriber (the test checkout has its own page). */
export async function openBillingPortal(
  deps: BillingDeps,
  opts: { userId: string; returnTo?: string },
): Promise<RedirectResponse> {
  const { db, payments, config } = deps;
  if (payments.kind === 'test') {
    if ((await effectiveTier(db, opts.userId)) === 'free') {
      throw new AppError(409, 'no_subscription', BILLING_MESSAGES.noSubscription);
    }
    return { url: TEST_PORTAL_URL };
  }
  const [m] = await db.select().from(memberships).where(eq(memberships.userId, opts.userId));
  if (!m?.stripeCustomerId || !m.stripeSubscriptionId) {
    throw new AppError(409, 'no_subscription', BILLING_MESSAGES.noSubscription);
  }
  try {
    return await payments.createPortal({
      customerId: m.stripeCustomerId,
      returnUrl: `${config.publicUrl}${safeRedirectPath(opts.returnTo, '/dashboard')}`,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    deps.logger.warn({ err: error }, 'billing portal session creation failed');
    throw new AppError(502, 'portal_failed', BILLING_MESSAGES.portalFailed);
  }
}

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
  await db
    .update(memberships)
    .set({
      tier: 'free',
      status: 'active',
      currentPeriodEnd: null,
      stripeSubscriptionId: null,
      updatedAt: new Date(),
    })
    .where(and(eq(memberships.userId, userId), eq(memberships.stripeSubscriptionId, m.subscriptionId)));
}

/** Test checkout only: the test "portal" cancels the plan at once. */
export async function cancelTestPlan(deps: Pick<BillingDeps, 'db'>, userId: string): Promise<void> {
  await deps.db
    .update(memberships)
    .set({ tier: 'free', status: 'active', currentPeriodEnd: null, updatedAt: new Date() })
    .where(eq(memberships.userId, userId));
}

/** Test checkout only: the session for the pay page, owner checked. */
export async function testCheckoutForOwner(deps: Pick<BillingDeps, 'db'>, sessionId: string, userId: string) {
  const row = await ownCheckout(deps.db, sessionId, userId);
  if (row.provider !== 'test') throw notFound(BILLING_MESSAGES.checkoutNotFound);
  return row;
}

/** Test checkout only: the Pay button. Runs the same fulfilment as a real payment. */
export async function payTestCheckout(
  deps: BillingDeps,
  opts: { userId: string; sessionId: string },
): Promise<void> {
  const row = await testCheckoutForOwner(deps, opts.sessionId, opts.userId);
  if (row.status === 'completed') return;
  if (row.status !== 'open') throw new AppError(409, 'checkout_closed', BILLING_MESSAGES.checkoutClosed);
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
    },
  });
}

/** Test checkout only: the Cancel button. */
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
