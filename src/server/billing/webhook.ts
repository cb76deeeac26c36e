// Stripe's webhook: verify the signature over the raw body, then hand the event to its use case.
// Safe to receive any number of times, in any order.
import { DomainError, notFound } from '../../core/domain-error';
import type { Logger } from '../logger';
import type { BillingDeps, EventOutcome } from './deps';
import { closeUnpaidCheckout, fulfilCheckout } from './fulfil-checkout';
import { BILLING_MESSAGES } from './messages';
import { claimEvent, eventSeen } from './payment-events';
import { type PaymentEvent, WebhookSignatureError } from './ports';
import { applyDispute, applyRefund } from './refunds-disputes';
import { syncSubscription } from './sync-subscription';

/** Applies one verified webhook event. */
export async function handlePaymentEvent(deps: BillingDeps, event: PaymentEvent): Promise<EventOutcome> {
  // Fast path for redeliveries; the claim inside each transaction is what actually decides.
  if (await eventSeen(deps.db, event.id)) return 'duplicate';
  const record = { id: event.id, type: event.stripeType };
  switch (event.type) {
    case 'checkout.completed':
      return fulfilCheckout(deps, { checkout: event.checkout, provider: 'stripe', event: record });
    case 'checkout.closed':
      return closeUnpaidCheckout(deps, { checkoutId: event.checkoutId, event: record });
    case 'subscription.changed':
      return syncSubscription(deps, {
        subscriptionId: event.subscriptionId,
        event: record,
        paidInvoice: event.paidInvoice,
      });
    case 'charge.refunded':
      return applyRefund(deps, event);
    case 'dispute.changed':
      return applyDispute(deps, event);
    default:
      return deps.db.transaction(async (tx) => ((await claimEvent(tx, record)) ? 'ignored' : 'duplicate'));
  }
}

/** `POST /api/billing/webhook`: 404 without Stripe, 400 for a bad signature. */
export async function receiveWebhook(
  deps: BillingDeps,
  opts: { rawBody: string; signature: string | undefined; log: Logger },
): Promise<{ received: true; outcome: EventOutcome }> {
  if (deps.payments.kind !== 'stripe') {
    throw notFound(BILLING_MESSAGES.webhooksNotConfigured);
  }
  let event: PaymentEvent;
  try {
    event = deps.payments.parseWebhook(opts.rawBody, opts.signature);
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) throw error;
    opts.log.warn({ reason: error.message }, 'webhook refused');
    throw new DomainError('invalid', BILLING_MESSAGES.invalidSignature, { code: 'invalid_signature' });
  }
  return { received: true, outcome: await handlePaymentEvent(deps, event) };
}
