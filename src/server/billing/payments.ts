// Picks the payments adapter: Stripe when configured, otherwise the embedded local test checkout.
import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { type Payments, WebhookSignatureError } from './ports';
import { createStripePayments } from './stripe';

export type { Payments } from './ports';

export const TEST_CHECKOUT_PREFIX = 'cs_test_local_';
export const TEST_PORTAL_URL = '/checkout/test/portal';

/**
 * The embedded default: checkout sessions live only in our database and are paid on our own
 * test page (test-checkout.ts), so the purchase flow works on a fresh machine without Stripe.
 */
export function createTestPayments(): Payments {
  const unsupported = (what: string) => () => {
    throw new Error(`${what} is not available with the test checkout`);
  };
  return {
    kind: 'test',
    ensureCustomer: async () => null,
    async createCheckout() {
      const id = `${TEST_CHECKOUT_PREFIX}${randomBytes(12).toString('base64url')}`;
      return { id, url: `/checkout/test/${id}` };
    },
    retrieveCheckout: unsupported('retrieveCheckout'),
    findCheckoutByPaymentIntent: async () => null,
    retrieveSubscription: unsupported('retrieveSubscription'),
    createPortal: async () => ({ url: TEST_PORTAL_URL }),
    cancelSubscription: async () => {},
    parseWebhook() {
      throw new WebhookSignatureError('Webhooks need STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    },
  };
}

/** Stripe when STRIPE_SECRET_KEY is set, the local test checkout otherwise. */
export function createPayments(config: Pick<Config, 'stripe'>): Payments {
  return config.stripe ? createStripePayments(config.stripe) : createTestPayments();
}
