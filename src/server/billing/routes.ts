// /api/billing: start a checkout, confirm it from the success page, open the billing portal, and
// receive Stripe's webhooks. Handlers only parse, call the service and answer.
import { Hono } from 'hono';
import { z } from 'zod';
import { checkoutRequestSchema } from '../../core/api';
import { isSafeRedirectPath } from '../../core/redirect';
import type { Auth } from '../auth/auth';
import { requireUser, type SessionVars } from '../auth/session';
import { AppError, notFound, readJson } from '../http/errors';
import type { RequestVars } from '../http/request-log';
import { BILLING_MESSAGES } from './messages';
import { WebhookSignatureError } from './ports';
import {
  type BillingDeps,
  type BillingInfo,
  confirmCheckout,
  handlePaymentEvent,
  openBillingPortal,
  startCheckout,
} from './service';

export const portalRequestSchema = z.object({
  /** Same-site path the portal's "return" link leads to; /dashboard by default. */
  returnTo: z.string().refine(isSafeRedirectPath).optional(),
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
      const result = await confirmCheckout(deps, {
        userId: c.get('user').id,
        sessionId: c.req.param('sessionId'),
      });
      return c.json(result, 200, NO_STORE);
    })
    .post('/portal', signedIn, async (c) => {
      const body = await readJson(c, portalRequestSchema);
      return c.json(
        await openBillingPortal(deps, { userId: c.get('user').id, returnTo: body.returnTo }),
        200,
        NO_STORE,
      );
    })
    .post('/webhook', async (c) => {
      if (deps.payments.kind !== 'stripe') throw notFound(BILLING_MESSAGES.webhooksNotConfigured);
      // The signature covers the exact bytes Stripe sent: read the raw body before any parsing.
      const raw = await c.req.text();
      let event: ReturnType<typeof deps.payments.parseWebhook>;
      try {
        event = deps.payments.parseWebhook(raw, c.req.header('stripe-signature'));
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        c.get('log')?.warn({ reason: error.message }, 'webhook refused');
        throw new AppError(400, 'invalid_signature', BILLING_MESSAGES.invalidSignature);
      }
      const outcome = await handlePaymentEvent(deps, event);
      return c.json({ received: true, outcome });
    });
}
