// The subscriber's self-service page: Stripe's Customer Portal, or the test checkout's own page.

import { eq } from 'drizzle-orm';
import type { RedirectResponse } from '../../core/api';
import { findPlan } from '../../core/catalog';
import { DomainError } from '../../core/domain-error';
import { MESSAGES } from '../../core/messages';
import { safeRedirectPath } from '../../core/redirect';
import { memberships } from '../db/schema';
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
  if (payments.kind === 'off')
    throw new DomainError('unavailable', PAYMENTS_OFF_MESSAGE, { code: 'payments_unavailable' });
  if (payments.kind === 'test') {
    if ((await effectiveTier(db, opts.userId)) === 'free') {
      throw new DomainError('conflict', BILLING_MESSAGES.noSubscription, { code: 'no_subscription' });
    }
    return { url: TEST_PORTAL_URL };
  }
  const [m] = await db.select().from(memberships).where(eq(memberships.userId, opts.userId));
  if (!m?.stripeCustomerId || !m.stripeSubscriptionId) {
    throw new DomainError('conflict', BILLING_MESSAGES.noSubscription, { code: 'no_subscription' });
  }
  // A plan chosen on the pricing page opens the portal on confirming that one change.
  let switchTo: { subscriptionId: string; priceId: string } | undefined;
  if (opts.planId) {
    const plan = findPlan(opts.planId);
    if (!plan || plan.id === 'free')
      throw new DomainError('invalid', MESSAGES.unknownPlan, { code: 'invalid_request' });
    const priceId = config.stripePrices.plans[plan.id];
    if (!priceId)
      throw new DomainError('unavailable', MESSAGES.priceIdMissingPlan, { code: 'price_not_configured' });
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
    throw new DomainError('provider_failed', BILLING_MESSAGES.portalFailed, { code: 'portal_failed' });
  }
}
