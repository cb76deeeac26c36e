// Billing messages that src/core/messages.ts does not have (yet). The spec's own payment texts
// (price id missing, checkout failed) come from MESSAGES.
export const BILLING_MESSAGES = {
  alreadySubscribed: 'You already have the Basic plan. Manage your subscription from your dashboard.',
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
