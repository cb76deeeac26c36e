// Starting a purchase: the item, its provider price, the member's Stripe customer, and a
// checkout_sessions row recording who buys what and where to return. A member has at most one
// open plan checkout: starting another reuses it (same plan) or closes it first.

import { and, desc, eq } from 'drizzle-orm';
import type { CheckoutRequest, RedirectResponse } from '../../core/api';
import { type CreditPack, findPack, findPlan, type Plan } from '../../core/catalog';
import { DomainError } from '../../core/domain-error';
import { tierAt } from '../../core/membership';
import { MESSAGES } from '../../core/messages';
import { safeRedirectPath } from '../../core/redirect';
import { subscriptionAccess } from '../../core/subscription';
import { tierLabel } from '../../core/tiers';
import type { DbExecutor } from '../db/client';
import { checkoutSessions, memberships } from '../db/schema';
import { linkStripeCustomer } from '../membership/service';
import { type BillingDeps, cents } from './deps';
import { fulfilCheckout } from './fulfil-checkout';
import { BILLING_MESSAGES, PAYMENTS_OFF_MESSAGE } from './messages';
import { testCheckoutUrl } from './payments';
import { type CheckoutState, PaymentProviderError } from './ports';

type Item = { kind: 'plan'; plan: Plan } | { kind: 'pack'; pack: CreditPack };

function purchasableItem(request: Pick<CheckoutRequest, 'kind' | 'id'>): Item {
  if (request.kind === 'pack') {
    const pack = findPack(request.id);
    if (!pack) throw new DomainError('invalid', MESSAGES.unknownPack, { code: 'invalid_request' });
    return { kind: 'pack', pack };
  }
  const plan = findPlan(request.id);
  if (!plan) throw new DomainError('invalid', MESSAGES.unknownPlan, { code: 'invalid_request' });
  if (plan.id === 'free')
    throw new DomainError('invalid', BILLING_MESSAGES.freePlanNeedsNoCheckout, { code: 'free_plan' });
  return { kind: 'plan', plan };
}

function itemPrice(item: Item) {
  return item.kind === 'plan' ? item.plan.price : item.pack.price;
}

function priceIdFor(config: BillingDeps['config'], item: Item): string | undefined {
  const { plans, packs } = config.stripePrices;
  if (item.kind === 'pack') return packs[item.pack.id];
  return item.plan.id === 'free' ? undefined : plans[item.plan.id];
}

/**
 * One plan subscription per member: refused while they have a paid tier, or a subscription on
 * file that can still come back (unpaid, paused: paying it is the way back). A subscription
 * whose first payment is still pending (incomplete) blocks nothing.
 */
export async function assertNotSubscribed(db: DbExecutor, userId: string): Promise<void> {
  const [m] = await db
    .select({
      tier: memberships.tier,
      status: memberships.status,
      periodEnd: memberships.currentPeriodEnd,
      subscriptionId: memberships.stripeSubscriptionId,
    })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  if (!m) return;
  const tier = tierAt(m);
  if (tier !== 'free') {
    throw new DomainError('conflict', BILLING_MESSAGES.alreadySubscribed(tierLabel(tier)), {
      code: 'already_subscribed',
    });
  }
  if (!m.subscriptionId || m.status === 'incomplete') return;
  const access = subscriptionAccess(m.status);
  if (access.ended) return;
  const message =
    !access.grantsPlan && access.note ? access.note : BILLING_MESSAGES.alreadySubscribed(tierLabel(m.tier));
  throw new DomainError('conflict', message, { code: 'already_subscribed' });
}

/**
 * The member's open plan checkout, if they have one for this plan: its page again instead of a
 * second one (two paid pages would be two subscriptions). An open checkout for another plan is
 * closed first. One that was paid meanwhile is fulfilled, and the member is then subscribed.
 */
async function reusableCheckout(
  deps: BillingDeps,
  opts: { userId: string; planId: string },
): Promise<string | null> {
  const { db, payments } = deps;
  const open = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.userId, opts.userId),
        eq(checkoutSessions.kind, 'plan'),
        eq(checkoutSessions.status, 'open'),
      ),
    )
    .orderBy(desc(checkoutSessions.createdAt));
  let reuse: string | null = null;
  for (const row of open) {
    const samePlan = row.itemId === opts.planId && !reuse;
    if (row.provider !== 'stripe' || payments.kind !== 'stripe') {
      if (row.provider === 'test' && payments.kind === 'test' && samePlan) reuse = testCheckoutUrl(row.id);
      else await closeCheckout(db, row.id);
      continue;
    }
    let state: CheckoutState;
    try {
      state = samePlan ? await payments.retrieveCheckout(row.id) : await payments.expireCheckout(row.id);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      deps.logger.warn({ err: error, session: row.id }, 'could not check an open plan checkout');
      throw new DomainError('provider_failed', MESSAGES.failedToCreateCheckoutSession, {
        code: 'checkout_failed',
      });
    }
    if (state.status === 'open' && state.url) reuse = state.url;
    else if (state.status === 'complete') await fulfilCheckout(deps, { checkout: state, provider: 'stripe' });
    else await closeCheckout(db, row.id);
  }
  // A checkout paid meanwhile made the member a subscriber.
  await assertNotSubscribed(db, opts.userId);
  return reuse;
}

async function closeCheckout(db: DbExecutor, id: string): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status: 'cancelled' })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
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
  await linkStripeCustomer(db, user.id, created);
  return created;
}

export async function startCheckout(
  deps: BillingDeps,
  opts: { user: { id: string; email: string }; request: CheckoutRequest },
): Promise<RedirectResponse> {
  const { db, payments, config, logger } = deps;
  if (payments.kind === 'off')
    throw new DomainError('unavailable', PAYMENTS_OFF_MESSAGE, { code: 'payments_unavailable' });
  const item = purchasableItem(opts.request);
  if (item.kind === 'plan') {
    await assertNotSubscribed(db, opts.user.id);
    const url = await reusableCheckout(deps, { userId: opts.user.id, planId: item.plan.id });
    if (url) return { url };
  }
  const priceId = priceIdFor(config, item);
  if (payments.kind === 'stripe' && !priceId) {
    logger.warn({ kind: item.kind, item: opts.request.id }, 'Stripe price id not configured');
    const message = item.kind === 'plan' ? MESSAGES.priceIdMissingPlan : MESSAGES.priceIdMissingPack;
    throw new DomainError('unavailable', message, { code: 'price_not_configured' });
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
    throw new DomainError('provider_failed', MESSAGES.failedToCreateCheckoutSession, {
      code: 'checkout_failed',
    });
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
