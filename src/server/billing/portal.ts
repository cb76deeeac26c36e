// The subscriber's self-service page: Stripe's Customer Portal, or the test checkout's own page.

import { eq } from 'drizzle-orm';
import type { RedirectResponse } from '../../core/api';
import { DomainError } from '../../core/domain-error';
import { safeRedirectPath } from '../../core/redirect';
import { memberships } from '../db/schema';
import { effectiveTier } from '../membership/plan';
import type { BillingDeps } from './deps';
import { BILLING_MESSAGES, PAYMENTS_OFF_MESSAGE } from './messages';
import { TEST_PORTAL_URL } from './payments';
import { PaymentProviderError } from './ports';

export async function openBillingPortal(
  deps: BillingDeps,
  opts: { userId: string; returnTo?: string },
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
  try {
    return await payments.createPortal({
      customerId: m.stripeCustomerId,
      returnUrl: `${config.publicUrl}${safeRedirectPath(opts.returnTo, '/dashboard')}`,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    deps.logger.warn({ err: error }, 'billing portal session creation failed');
    throw new DomainError('provider_failed', BILLING_MESSAGES.portalFailed, { code: 'portal_failed' });
  }
}
