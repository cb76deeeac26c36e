// Picks the payments adapter from PAYMENTS: Stripe, the embedded local test checkout, or none.
import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import type { Logger } from '../logger';
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
    // The test checkout keeps nothing outside our database.
    listSubscriptions: async () => [],
    listOpenCheckouts: async () => [],
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
    listSubscriptions: off,
    listOpenCheckouts: off,
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

const PRICE_VARIABLES = {
  plans: {
    basic: 'STRIPE_PRICE_BASIC',
    premium: 'STRIPE_PRICE_PREMIUM',
    enterprise: 'STRIPE_PRICE_ENTERPRISE',
  },
  packs: {
    starter: 'STRIPE_PRICE_PACK_STARTER',
    creator: 'STRIPE_PRICE_PACK_CREATOR',
    pro: 'STRIPE_PRICE_PACK_PRO',
  },
} as const;

/** Says at start-up how purchases are paid on this server, and what is missing for it. */
export function logPaymentsMode(deps: {
  config: Pick<Config, 'stripePrices' | 'isProduction' | 'payments'>;
  payments: Payments;
  logger: Logger;
}): void {
  const { config, logger } = deps;
  for (const warning of config.payments.deprecations) logger.warn(`payments: ${warning}`);
  switch (deps.payments.kind) {
    case 'stripe': {
      const { plans, packs } = config.stripePrices;
      const unset = [
        ...Object.entries(PRICE_VARIABLES.plans).filter(([id]) => !plans[id as keyof typeof plans]),
        ...Object.entries(PRICE_VARIABLES.packs).filter(([id]) => !packs[id as keyof typeof packs]),
      ].map(([, name]) => name);
      logger.info('payments: Stripe Checkout');
      if (unset.length > 0) logger.warn(`payments: not for sale until set: ${unset.join(', ')}`);
      return;
    }
    case 'test':
      if (config.isProduction) {
        logger.warn(
          'payments: PAYMENTS=test in production: purchases use the local test checkout and cost nothing',
        );
      } else {
        logger.info('payments: local test checkout (no real payment)');
      }
      return;
    case 'off':
      if (config.payments.setting === 'off')
        logger.info('payments: off (PAYMENTS=off), purchases are unavailable');
      else {
        logger.warn(
          'payments: off, because STRIPE_SECRET_KEY is not set in production; checkout answers "Payments are not set up". Set STRIPE_SECRET_KEY (or PAYMENTS=test for a demo without real payments)',
        );
      }
      return;
  }
}
