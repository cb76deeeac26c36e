// The Stripe adapter: the only importer of the Stripe SDK. It maps Stripe's objects onto the
// small shapes in ports.ts so nothing else depends on Stripe's API version.
import Stripe from 'stripe';
import {
  type CheckoutKind,
  type CheckoutState,
  type DisputeState,
  type PaymentEvent,
  PaymentProviderError,
  type Payments,
  type SubscriptionState,
  WebhookSignatureError,
} from './ports';

export type StripeOptions = {
  secretKey: string;
  webhookSecret?: string;
  /** Only for tests: a local fake Stripe server. */
  apiUrl?: string;
};

/** Stripe's default: a signed webhook older than 5 minutes is refused (replay protection). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

function endpointOptions(apiUrl: string | undefined) {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol } as const;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function kindOf(value: string | undefined): CheckoutKind | null {
  return value === 'plan' || value === 'pack' ? value : null;
}

function toCheckoutState(session: Stripe.Checkout.Session): CheckoutState {
  const metadata = session.metadata ?? {};
  return {
    id: session.id,
    status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    kind: kindOf(metadata.type),
    itemId: metadata.itemId ?? null,
    userId: metadata.userId ?? session.client_reference_id ?? null,
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
    paymentIntentId: idOf(session.payment_intent),
    amountTotal: session.amount_total ?? null,
    currency: session.currency ?? null,
    url: session.url ?? null,
  };
}

function toSubscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  // Since API 2025-03-31 the billing period lives on the items, not on the subscription.
  const ends = subscription.items.data.map((item) => item.current_period_end).filter(Number.isFinite);
  return {
    id: subscription.id,
    status: subscription.status,
    customerId: idOf(subscription.customer),
    userId: subscription.metadata?.userId ?? null,
    itemId: subscription.metadata?.itemId ?? null,
    priceIds: subscription.items.data.map((item) => item.price.id),
    periodEnd: ends.length > 0 ? new Date(Math.max(...ends) * 1000) : null,
  };
}

function toDisputeState(dispute: Stripe.Dispute): DisputeState {
  const charge = typeof dispute.charge === 'string' ? null : dispute.charge;
  return {
    id: dispute.id,
    status: dispute.status,
    amountCents: dispute.amount,
    reason: dispute.reason,
    paymentIntentId: idOf(dispute.payment_intent),
    chargeId: idOf(dispute.charge),
    customerId: idOf(charge?.customer),
  };
}

function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const fromParent = invoice.parent?.subscription_details?.subscription;
  // Older API versions put the id on the invoice itself.
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(fromParent) ?? idOf(legacy);
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, stripeType: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return { ...base, type: 'checkout.completed', checkout: toCheckoutState(event.data.object) };
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      return { ...base, type: 'checkout.closed', checkoutId: event.data.object.id };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return { ...base, type: 'subscription.changed', subscriptionId: event.data.object.id };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = invoiceSubscriptionId(invoice);
      if (!subscriptionId) return { ...base, type: 'ignored' };
      const paidAt = invoice.status_transitions?.paid_at ?? event.created;
      return event.type === 'invoice.paid'
        ? {
            ...base,
            type: 'subscription.changed',
            subscriptionId,
            paidInvoice: {
              id: invoice.id!,
              amountPaid: invoice.amount_paid,
              currency: invoice.currency,
              billingReason: invoice.billing_reason ?? null,
              paidAt: new Date(paidAt * 1000),
            },
          }
        : { ...base, type: 'subscription.changed', subscriptionId };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        ...base,
        type: 'charge.refunded',
        chargeId: charge.id,
        paymentIntentId: idOf(charge.payment_intent),
        fullyRefunded: charge.refunded || charge.amount_refunded >= charge.amount,
        amountRefunded: charge.amount_refunded,
      };
    }
    // Every stage of a dispute re-fetches it, so a late "created" after the "closed" is harmless.
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
      return { ...base, type: 'dispute.changed', disputeId: event.data.object.id };
    default:
      return { ...base, type: 'ignored' };
  }
}

// Stripe's refund reasons are duplicate, fraudulent and requested_by_customer: a deleted account
// asked to stop being billed.
const REFUND_REASON = { duplicate: 'duplicate', account_deleted: 'requested_by_customer' } as const;
const REFUND_KEY = { duplicate: 'duplicate', account_deleted: 'deleted-account' } as const;

function wrapped(error: unknown, what: string): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  return new PaymentProviderError(error.message || `Stripe: ${what} failed`, {
    statusCode: error.statusCode,
    code: error.code,
    cause: error,
  });
}

async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw wrapped(error, what);
  }
}

export function createStripePayments(opts: StripeOptions): Payments {
  const stripe = new Stripe(opts.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...endpointOptions(opts.apiUrl),
  });

  return {
    kind: 'stripe',

    async ensureCustomer({ userId, email }) {
      // The idempotency key makes two concurrent first checkouts share one customer.
      const customer = await call('create customer', () =>
        stripe.customers.create(
          { email, metadata: { userId } },
          { idempotencyKey: `clipsmith-customer-${userId}` },
        ),
      );
      return customer.id;
    },

    async createCheckout(input) {
      const metadata = { type: input.kind, userId: input.userId, itemId: input.itemId };
      const session = await call('create checkout session', () =>
        stripe.checkout.sessions.create({
          mode: input.kind === 'plan' ? 'subscription' : 'payment',
          line_items: [{ price: input.priceId, quantity: 1 }],
          client_reference_id: input.userId,
          customer: input.customerId ?? undefined,
          metadata,
          // Copied onto the subscription and the payment so later events can be traced to the user.
          ...(input.kind === 'plan'
            ? { subscription_data: { metadata } }
            : { payment_intent_data: { metadata } }),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        }),
      );
      if (!session.url) throw new PaymentProviderError('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },

    async retrieveCheckout(id) {
      return toCheckoutState(
        await call('retrieve checkout session', () => stripe.checkout.sessions.retrieve(id)),
      );
    },

    async expireCheckout(id) {
      try {
        return toCheckoutState(await stripe.checkout.sessions.expire(id));
      } catch (error) {
        // Only an open session can be expired; any other answer means it was paid or closed
        // meanwhile, which its current state tells.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw wrapped(error, 'expire');
        return this.retrieveCheckout(id);
      }
    },

    async findCheckoutByPaymentIntent(paymentIntentId) {
      const list = await call('list checkout sessions', () =>
        stripe.checkout.sessions.list({ payment_intent: paymentIntentId, limit: 1 }),
      );
      const session = list.data[0];
      return session ? toCheckoutState(session) : null;
    },

    async retrieveSubscription(id) {
      return toSubscriptionState(
        await call('retrieve subscription', () => stripe.subscriptions.retrieve(id)),
      );
    },

    async listSubscriptions(customerId) {
      return call('list subscriptions', async () => {
        const all: SubscriptionState[] = [];
        // Auto-pagination: a customer can have more than one page of subscriptions.
        for await (const subscription of stripe.subscriptions.list({
          customer: customerId,
          status: 'all',
          limit: 100,
        })) {
          all.push(toSubscriptionState(subscription));
        }
        return all;
      });
    },

    async listOpenCheckouts(customerId) {
      return call('list checkout sessions', async () => {
        const open: CheckoutState[] = [];
        for await (const session of stripe.checkout.sessions.list({
          customer: customerId,
          status: 'open',
          limit: 100,
        })) {
          open.push(toCheckoutState(session));
        }
        return open;
      });
    },

    async createPortal({ customerId, returnUrl, switchTo }) {
      if (!switchTo) {
        const session = await call('create billing portal session', () =>
          stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
        );
        return { url: session.url };
      }
      // One plan change to confirm: the flow needs the subscription's item to swap the price of.
      const subscription = await call('retrieve subscription', () =>
        stripe.subscriptions.retrieve(switchTo.subscriptionId),
      );
      const item = subscription.items.data[0];
      if (!item) throw new PaymentProviderError('Stripe: the subscription has no item to switch');
      const session = await call('create billing portal session', () =>
        stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
          flow_data: {
            type: 'subscription_update_confirm',
            subscription_update_confirm: {
              subscription: subscription.id,
              items: [{ id: item.id, price: switchTo.priceId, quantity: 1 }],
            },
            after_completion: { type: 'redirect', redirect: { return_url: returnUrl } },
          },
        }),
      );
      return { url: session.url };
    },

    async cancelSubscription(id) {
      let current: Stripe.Subscription;
      try {
        current = await stripe.subscriptions.retrieve(id);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return;
        throw new PaymentProviderError('Could not reach Stripe to cancel the subscription', { cause: error });
      }
      if (current.status === 'canceled' || current.status === 'incomplete_expired') return;
      await call('cancel subscription', () => stripe.subscriptions.cancel(id));
    },

    async refundLatestPayment(subscriptionId, cause) {
      const subscription = await call('retrieve subscription', () =>
        stripe.subscriptions.retrieve(subscriptionId),
      );
      const invoiceId = idOf(subscription.latest_invoice);
      if (!invoiceId) return null;
      // Since API 2025-03-31 an invoice reaches its payment through invoice_payments.
      const payments = await call('list invoice payments', () =>
        stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 1 }),
      );
      const payment = payments.data[0]?.payment;
      const paymentIntent = idOf(payment?.payment_intent);
      const charge = idOf(payment?.charge);
      if (!paymentIntent && !charge) return null;
      const refund = await call('refund', () =>
        stripe.refunds.create(
          {
            ...(paymentIntent ? { payment_intent: paymentIntent } : { charge: charge! }),
            reason: REFUND_REASON[cause],
            metadata: { subscriptionId, cause },
          },
          { idempotencyKey: `clipsmith-${REFUND_KEY[cause]}-refund-${subscriptionId}` },
        ),
      );
      return { refundId: refund.id, amountCents: refund.amount };
    },

    async retrieveDispute(id) {
      return toDisputeState(
        await call('retrieve dispute', () => stripe.disputes.retrieve(id, { expand: ['charge'] })),
      );
    },

    parseWebhook(rawBody, signature) {
      if (!opts.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          opts.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
      }
      return toPaymentEvent(event);
    },
  };
}
