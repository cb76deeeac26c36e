// The payments port. The billing service only knows these shapes; `stripe.ts` maps Stripe's objects
// onto them, and `payments.ts` holds the embedded default (a local test checkout).

export type CheckoutKind = 'plan' | 'pack';

export type CreateCheckoutInput = {
  kind: CheckoutKind;
  itemId: string;
  /** The provider's price id (Stripe); the test checkout ignores it. */
  priceId: string | undefined;
  userId: string;
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
};

export type CreatedCheckout = { id: string; url: string };

/** A checkout session as the provider reports it now. */
export type CheckoutState = {
  id: string;
  status: 'open' | 'complete' | 'expired';
  /** Money received (or nothing was due). False while an async payment (bank debit) is pending. */
  paid: boolean;
  kind: CheckoutKind | null;
  itemId: string | null;
  userId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  paymentIntentId: string | null;
  /** In cents, when known. */
  amountTotal: number | null;
  /** The hosted page, while the session is open. */
  url: string | null;
  /** ISO 4217 (Stripe's lower case); absent means the catalogue's USD. */
  currency?: string | null;
};

/** A subscription invoice that was paid: the first month, a renewal or a plan change. */
export type PaidInvoice = {
  id: string;
  amountPaid: number;
  currency: string;
  /** Stripe's billing_reason: subscription_create, subscription_cycle, subscription_update, … */
  billingReason: string | null;
  paidAt: Date;
};

export type SubscriptionState = {
  id: string;
  /** Stripe's status; what it grants is src/core/subscription.ts's table. */
  status: string;
  customerId: string | null;
  /** From the metadata we set at checkout. */
  userId: string | null;
  /** From the metadata we set at checkout: the plan first bought, not necessarily the current one. */
  itemId: string | null;
  /** The prices it bills now (a portal upgrade changes them): these decide the tier. */
  priceIds: string[];
  periodEnd: Date | null;
};

/** A dispute (chargeback) as the provider reports it now. */
export type DisputeState = {
  id: string;
  /** Stripe's status: needs_response, under_review, won, lost, warning_closed, … */
  status: string;
  amountCents: number;
  /** The cardholder's stated reason (fraudulent, duplicate, …). */
  reason: string;
  paymentIntentId: string | null;
  chargeId: string | null;
  customerId: string | null;
};

/** A verified webhook event, reduced to what billing acts on. */
export type PaymentEvent = { id: string; stripeType: string } & (
  | { type: 'checkout.completed'; checkout: CheckoutState }
  | { type: 'subscription.changed'; subscriptionId: string; paidInvoice?: PaidInvoice }
  /** A session that can no longer be paid: expired unpaid, or its bank debit failed. */
  | { type: 'checkout.closed'; checkoutId: string }
  | {
      type: 'charge.refunded';
      chargeId: string;
      paymentIntentId: string | null;
      fullyRefunded: boolean;
      amountRefunded: number;
    }
  | { type: 'dispute.changed'; disputeId: string }
  | { type: 'ignored' }
);

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** Why the app refunds a subscription's payment by itself. */
export type RefundCause = 'duplicate' | 'account_deleted';

export type Payments = {
  /** 'off': no payments at all (production without Stripe, or PAYMENTS=off). */
  kind: 'stripe' | 'test' | 'off';
  /** Returns an existing customer id or creates one for the user (idempotent per user). */
  ensureCustomer(input: { userId: string; email: string }): Promise<string | null>;
  createCheckout(input: CreateCheckoutInput): Promise<CreatedCheckout>;
  retrieveCheckout(id: string): Promise<CheckoutState>;
  /** Closes an open session so it can no longer be paid; returns its state afterwards. */
  expireCheckout(id: string): Promise<CheckoutState>;
  /** The checkout session that produced a payment intent, if any (refund before fulfilment). */
  findCheckoutByPaymentIntent(paymentIntentId: string): Promise<CheckoutState | null>;
  retrieveSubscription(id: string): Promise<SubscriptionState>;
  /** Every subscription of a customer, whatever its status (Stripe's `status=all`). */
  listSubscriptions(customerId: string): Promise<SubscriptionState[]>;
  /** A customer's checkout sessions that can still be paid. */
  listOpenCheckouts(customerId: string): Promise<CheckoutState[]>;
  /**
   * The subscriber's self-service page. With `switchTo`, it opens straight on the confirmation of
   * that one plan change (Stripe's subscription_update_confirm flow), not on the list of plans.
   */
  createPortal(input: {
    customerId: string;
    returnUrl: string;
    switchTo?: { subscriptionId: string; priceId: string };
  }): Promise<{ url: string }>;
  /** Cancels now; a subscription that is already gone counts as cancelled. */
  cancelSubscription(id: string): Promise<void>;
  /**
   * Refunds the subscription's latest paid invoice (for a subscription just started, the one
   * that started it), in full, once (idempotent per subscription and cause). Null when nothing
   * was paid.
   */
  refundLatestPayment(
    subscriptionId: string,
    cause: RefundCause,
  ): Promise<{ refundId: string; amountCents: number } | null>;
  retrieveDispute(id: string): Promise<DisputeState>;
  /** Verifies the signature over the raw body; throws WebhookSignatureError. */
  parseWebhook(rawBody: string, signature: string | undefined): PaymentEvent;
};

/** The provider refused or could not be reached; `providerMessage` is safe to show. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  readonly statusCode: number | undefined;
  readonly code: string | undefined;

  constructor(message: string, opts: { statusCode?: number; code?: string; cause?: unknown } = {}) {
    super(message, { cause: opts.cause });
    this.statusCode = opts.statusCode;
    this.code = opts.code;
  }
}
