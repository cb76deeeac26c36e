// Registers billing on the app: the JSON API under /api/billing and the embedded test checkout,
// and says at start-up how purchases are paid on this server.
import type { Hono } from 'hono';
import type { Auth } from '../auth/auth';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { RequestVars } from '../http/request-log';
import type { Logger } from '../logger';
import type { Payments } from './ports';
import { billingRoutes } from './routes';
import { testCheckoutRoutes } from './test-checkout-page';

export type BillingMountDeps = {
  config: Pick<Config, 'publicUrl' | 'stripePrices' | 'trustedOrigins' | 'isProduction' | 'payments'>;
  db: Database;
  auth: Auth;
  payments: Payments;
  logger: Logger;
};

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

function logPaymentsMode(deps: BillingMountDeps): void {
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
      if (!config.payments.stripe?.webhookSecret) {
        logger.warn('payments: STRIPE_WEBHOOK_SECRET is not set, so Stripe webhooks are refused');
      }
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

export function mountBilling(app: Hono<{ Variables: RequestVars }>, deps: BillingMountDeps): void {
  logPaymentsMode(deps);
  app.route('/api/billing', billingRoutes(deps));
  app.route('/checkout/test', testCheckoutRoutes(deps));
}
