// Registers billing on the app: the JSON API under /api/billing and the embedded test checkout.
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
  config: Pick<Config, 'publicUrl' | 'stripePrices' | 'trustedOrigins' | 'isProduction'>;
  db: Database;
  auth: Auth;
  payments: Payments;
  logger: Logger;
};

export function mountBilling(app: Hono<{ Variables: RequestVars }>, deps: BillingMountDeps): void {
  if (deps.payments.kind === 'test' && deps.config.isProduction) {
    deps.logger.warn(
      'payments: no STRIPE_SECRET_KEY, so purchases use the local test checkout and cost nothing',
    );
  }
  app.route('/api/billing', billingRoutes(deps));
  app.route('/checkout/test', testCheckoutRoutes(deps));
}
