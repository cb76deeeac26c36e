// Starting a purchase: the item, its provider price, the member's Stripe customer, and a
// checkout_sessions row recording who buys what and where to return.
import { eq } from 'drizzle-orm';
import type { CheckoutRequest, RedirectResponse } from '../../core/api';
import { type CreditPack, findPack, findPlan, type Plan } from '../../core/catalog';
import { MESSAGES } from '../../core/messages';
import { safeRedirectPath } from '../../core/redirect';
import { effectiveTier } from '../credits/service';
import type { DbExecutor } from '../db/client';
import { checkoutSessions, memberships } from '../db/schema';
import { AppError } from '../http/errors';
import type { BillingDeps } from './deps';
import { BILLING_MESSAGES } from './messages';
import { PaymentProviderError } from './ports';

type Item = { kind: 'plan'; plan: Plan } | { kind: 'pack'; pack: CreditPack };

export const cents = (usd: number) => Math.round(usd * 100);

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
export async function assertNotSubscribed(db: DbExecutor, userId: string): Promise<void> {
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
