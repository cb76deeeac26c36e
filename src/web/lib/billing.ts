import {
  type CheckoutConfirmation,
  type CheckoutRequest,
  checkoutConfirmationSchema,
  redirectResponseSchema,
} from '../../core/api';
import { MESSAGES } from '../../core/messages';
import { ApiError, api } from './api';

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

/** The payment provider's self-service page for a subscriber; `returnTo` is where its back link leads. */
export async function openBillingPortal(returnTo: string): Promise<string> {
  const { url } = await api.post('/api/billing/portal', { returnTo }, { schema: redirectResponseSchema });
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
