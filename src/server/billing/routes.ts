// /api/billing: start a checkout, confirm it from the success page, open the billing portal, and
// receive Stripe's webhooks. Each handler reads the request, calls one use case and answers.
import { Hono } from 'hono';
import { z } from 'zod';
import { type BillingInfo, checkoutRequestSchema, safeText } from '../../core/api';
import { isSafeRedirectPath } from '../../core/redirect';
import type { Auth } from '../auth/auth';
import { requireUser, type SessionVars } from '../auth/session';
import { readJson } from '../http/errors';
import type { RequestVars } from '../http/request-log';
import type { BillingDeps } from './deps';
import { confirmCheckout } from './fulfil-checkout';
import { openBillingPortal } from './portal';
import { startCheckout } from './start-checkout';
import { receiveWebhook } from './webhook';

export const portalRequestSchema = z.object({
  /** Same-site path the portal's "return" link leads to; /dashboard by default. */
  returnTo: safeText().refine(isSafeRedirectPath).optional(),
  /** A paid plan to switch to: the portal opens on confirming that change (Stripe). */
  plan: z.enum(['basic', 'premium', 'enterprise']).optional(),
});

const NO_STORE = { 'Cache-Control': 'no-store' };

export function billingRoutes(deps: BillingDeps & { auth: Auth }) {
  const signedIn = requireUser(deps.auth);
  return new Hono<{ Variables: SessionVars & RequestVars }>()
    .get('/', (c) => c.json({ mode: deps.payments.kind } satisfies BillingInfo))
    .post('/checkout', signedIn, async (c) => {
      const request = await readJson(c, checkoutRequestSchema);
      return c.json(await startCheckout(deps, { user: c.get('user'), request }), 200, NO_STORE);
    })
    .post('/checkout/:sessionId/confirm', signedIn, async (c) => {
      const sessionId = c.req.param('sessionId');
      return c.json(await confirmCheckout(deps, { userId: c.get('user').id, sessionId }), 200, NO_STORE);
    })
    .post('/portal', signedIn, async (c) => {
      const { returnTo, plan } = await readJson(c, portalRequestSchema);
      return c.json(
        await openBillingPortal(deps, { userId: c.get('user').id, returnTo, planId: plan }),
        200,
        NO_STORE,
      );
    })
    .post('/webhook', async (c) =>
      // The signature covers the exact bytes Stripe sent: read the raw body before any parsing.
      c.json(
        await receiveWebhook(deps, {
          rawBody: await c.req.text(),
          signature: c.req.header('stripe-signature'),
          log: c.get('log'),
        }),
      ),
    );
}
