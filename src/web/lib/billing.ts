import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  type CheckoutConfirmation,
  type CheckoutRequest,
  checkoutConfirmationSchema,
  redirectResponseSchema,
} from '../../core/api';
import { MESSAGES } from '../../core/messages';
import { type Tier, tierLabel } from '../../core/tiers';
import { ApiError, api } from './api';
import { toast } from './toast';

export type { CheckoutConfirmation };

/** Asks the server for a checkout (Stripe Checkout, or the local test checkout) and returns its address. */
export async function startCheckout(request: CheckoutRequest): Promise<string> {
  const { url } = await api.post('/api/billing/checkout', request, { schema: redirectResponseSchema });
  return url;
}

/** Fulfils the session if it is paid (the webhook may be late) and reports where the purchase stands. */
export function confirmCheckout(sessionId: string): Promise<CheckoutConfirmation> {
  return api.post(`/api/billing/checkout/${encodeURIComponent(sessionId)}/confirm`, undefined, {
    schema: checkoutConfirmationSchema,
  });
}

/**
 * The payment provider's self-service page for a subscriber; `returnTo` is where its back link
 * leads. With `plan`, Stripe's page opens on confirming the switch to that plan.
 */
export async function openBillingPortal(returnTo: string, plan?: string): Promise<string> {
  const { url } = await api.post(
    '/api/billing/portal',
    { returnTo, plan },
    { schema: redirectResponseSchema },
  );
  return url;
}

/** Full-page navigation to the provider's page (or the test checkout, which the server renders). */
export function leaveForPayment(url: string): void {
  window.location.assign(url);
}

// Refusals whose own words help the buyer more than a generic "try again": the plan or pack has no
// price id yet, the member already has a plan, payments are not set up on this server.
const CLEAR_REFUSALS = new Set([
  'price_not_configured',
  'already_subscribed',
  'payments_unavailable',
  'free_plan',
  'no_subscription',
]);

/** What to tell the buyer when a checkout could not start (SPEC §8 Payment). */
export function checkoutErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (CLEAR_REFUSALS.has(error.code)) return error.message;
    if (
      error.message === MESSAGES.priceIdMissingPlan ||
      error.message === MESSAGES.priceIdMissingPack ||
      error.status === 429
    ) {
      return error.message;
    }
  }
  return MESSAGES.startCheckoutFailed;
}

/**
 * After a plan switch or cancellation (the test portal and Stripe's portal both come back with
 * ?subscription=changed|cancelled): say where the member stands now, from the server's answer,
 * once, then drop the parameter so a reload does not repeat it.
 */
export function useSubscriptionNotice(tier: Tier | undefined): void {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('subscription');
  const said = useRef(false);
  useEffect(() => {
    if (!tier || said.current || (outcome !== 'changed' && outcome !== 'cancelled')) return;
    said.current = true;
    if (outcome === 'changed') toast.success(`You’re on ${tierLabel(tier)}`, { id: 'subscription' });
    else toast(`Subscription cancelled: you’re on ${tierLabel(tier)}`, { id: 'subscription' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('subscription');
        return next;
      },
      { replace: true },
    );
  }, [tier, outcome, setParams]);
}
