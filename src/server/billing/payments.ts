// Picks the payments adapter from PAYMENTS: Stripe, the embedded local test checkout, or none.
import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { PAYMENTS_OFF_MESSAGE } from './messages';
import { PaymentProviderError, type Payments, WebhookSignatureError } from './ports';
import { createStripePayments } from './stripe';

export type { Payments } from './ports';

export const TEST_CHECKOUT_PREFIX = 'cs_test_local_';
export const TEST_PORTAL_URL = '/checkout/test/portal';
export const testCheckoutUrl = (id: string) => `/checkout/test/${id}`;

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
      return { id, url: testCheckoutUrl(id) };
    },
    retrieveCheckout: unsupported('retrieveCheckout'),
    expireCheckout: unsupported('expireCheckout'),
    findCheckoutByPaymentIntent: async () => null,
    retrieveSubscription: unsupported('retrieveSubscription'),
    createPortal: async () => ({ url: TEST_PORTAL_URL }),
    cancelSubscription: async () => {},
    refundLatestPayment: unsupported('refundLatestPayment'),
    retrieveDispute: unsupported('retrieveDispute'),
    parseWebhook() {
      throw new WebhookSignatureError('Webhooks need STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    },
  };
}

/**
 * No payments at all (production without Stripe, or PAYMENTS=off). Billing refuses every purchase
 * before it reaches the adapter; these only guard against a caller that forgets.
 */
export function createDisabledPayments(): Payments {
  const off = () => {
    throw new PaymentProviderError(PAYMENTS_OFF_MESSAGE);
  };
  return {
    kind: 'off',
    ensureCustomer: off,
    createCheckout: off,
    retrieveCheckout: off,
    expireCheckout: off,
    findCheckoutByPaymentIntent: off,
    retrieveSubscription: off,
    createPortal: off,
    cancelSubscription: off,
    refundLatestPayment: off,
    retrieveDispute: off,
    parseWebhook() {
      throw new WebhookSignatureError('Payments are off on this server');
    },
  };
}

export function createPayments(config: Pick<Config, 'payments'>): Payments {
  const { mode, stripe } = config.payments;
  if (mode === 'stripe' && stripe) return createStripePayments(stripe);
  return mode === 'test' ? createTestPayments() : createDisabledPayments();
}
