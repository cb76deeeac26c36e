// Billing messages that src/core/messages.ts does not have (yet). The spec's own payment texts
// (price id missing, checkout failed) come from MESSAGES.
export const BILLING_MESSAGES = {
  alreadySubscribed: (plan: string) =>
    `You already have the ${plan} plan. Change or cancel it from Manage billing on your dashboard.`,
  duplicateRefunded:
    'You already had a plan, so this second subscription was cancelled at once and its payment refunded.',
  subscriptionEnded: 'This subscription has ended.',
  paymentNotCompleted: 'The payment was not completed, so nothing was charged.',
  freePlanNeedsNoCheckout: 'The Free plan needs no payment: sign up to use it.',
  noSubscription: 'You have no subscription to manage.',
  checkoutNotFound: 'Checkout session not found',
  checkoutClosed: 'This checkout is no longer open.',
  portalFailed: 'Could not open the billing portal. Please try again.',
  cancelForDeletionFailed:
    'We could not cancel your subscription, so your account was not deleted. Please try again.',
  invalidSignature: 'Webhook signature verification failed',
  webhooksNotConfigured: 'Webhooks are not configured on this server',
  badOrigin: 'This form must be sent from this site.',
} as const;

/** Checkout and portal when the server has no payments (production without Stripe, PAYMENTS=off). */
export const PAYMENTS_OFF_MESSAGE = 'Payments are not set up on this server, so purchases are unavailable.';
