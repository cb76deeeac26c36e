// The subscriber's self-service page: Stripe's Customer Portal, or the test checkout's own page.
import { eq } from 'drizzle-orm';
import type { RedirectResponse } from '../../core/api';
import { findPlan } from '../../core/catalog';
import { MESSAGES } from '../../core/messages';
import { safeRedirectPath } from '../../core/redirect';
import { memberships } from '../db/schema';
import { AppError } from '../http/errors';
import { effectiveTier } from '../membership/plan';
import type { BillingDeps } from './deps';
import { BILLING_MESSAGES, PAYMENTS_OFF_MESSAGE } from './messages';
import { TEST_PORTAL_URL } from './payments';
import { PaymentProviderError } from './ports';

export async function openBillingPortal(
  deps: BillingDeps,
  opts: { userId: string; returnTo?: string; planId?: string },
): Promise<RedirectResponse> {
  const { db, payments, config } = deps;
  if (payments.kind === 'off') throw new AppError(503, 'payments_unavailable', PAYMENTS_OFF_MESSAGE);
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
  // A plan chosen on the pricing page opens the portal on confirming that one change.
  let switchTo: { subscriptionId: string; priceId: string } | undefined;
  if (opts.planId) {
    const plan = findPlan(opts.planId);
    if (!plan || plan.id === 'free') throw new AppError(400, 'invalid_request', MESSAGES.unknownPlan);
    const priceId = config.stripePrices.plans[plan.id];
    if (!priceId) throw new AppError(503, 'price_not_configured', MESSAGES.priceIdMissingPlan);
    switchTo = { subscriptionId: m.stripeSubscriptionId, priceId };
  }
  try {
    return await payments.createPortal({
      customerId: m.stripeCustomerId,
      returnUrl: `${config.publicUrl}${safeRedirectPath(opts.returnTo, '/dashboard')}`,
      switchTo,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    deps.logger.warn({ err: error }, 'billing portal session creation failed');
    throw new AppError(502, 'portal_failed', BILLING_MESSAGES.portalFailed);
  }
}
