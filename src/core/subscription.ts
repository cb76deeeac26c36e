export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export type SubscriptionAccess = {
  /** The member has the plan's allowance while their subscription is in this status. */
  grantsPlan: boolean;
  /** Terminal: this subscription will never grant anything again. */
  ended: boolean;
  /** What the member is told about it; null when nothing needs saying. */
  note: string | null;
};

const ACCESS: Record<SubscriptionStatus, SubscriptionAccess> = {
  // The first payment is not through yet (3-D Secure, a pending bank debit). Stripe makes it
  // active once it is paid, or incomplete_expired after 23 hours.
  incomplete: {
    grantsPlan: false,
    ended: false,
    note: 'Your first payment is waiting for confirmation. Your plan starts as soon as it goes through.',
  },
  incomplete_expired: {
    grantsPlan: false,
    ended: true,
    note: 'The first payment was not completed, so the subscription did not start. Nothing was charged.',
  },
  trialing: { grantsPlan: true, ended: false, note: null },
  active: { grantsPlan: true, ended: false, note: null },
  // Stripe is retrying a failed renewal; the plan stays during the retries.
  past_due: {
    grantsPlan: true,
    ended: false,
    note: 'Your last payment failed and will be retried. Update your card in Manage billing to keep your plan.',
  },
  // The retries ran out with the invoice still open. Paying it makes the subscription active again.
  unpaid: {
    grantsPlan: false,
    ended: false,
    note: 'Your plan is on hold until the open invoice is paid. Pay it in Manage billing to get your plan back.',
  },
  canceled: { grantsPlan: false, ended: true, note: null },
  // A trial ended without a payment method; adding one resumes the subscription.
  paused: {
    grantsPlan: false,
    ended: false,
    note: 'Your subscription is paused. Add a payment method in Manage billing to resume it.',
  },
};

// A status Stripe adds later grants nothing and ends nothing until we decide what it means.
const UNKNOWN: SubscriptionAccess = { grantsPlan: false, ended: false, note: null };

export function isSubscriptionStatus(value: unknown): value is SubscriptionStatus {
  return typeof value === 'string' && Object.hasOwn(ACCESS, value);
}

/** What a subscription in this status gives its member. */
export function subscriptionAccess(status: string): SubscriptionAccess {
  return isSubscriptionStatus(status) ? ACCESS[status] : UNKNOWN;
}

/**
 * How long a paid plan outlives its period end while the renewal is on its way. Stripe renews at
 * `current_period_end` and tells us by webhook, which it redelivers for up to three days when our
 * endpoint is down or slow; without this window a member who paid would fall to Free until the
 * late event arrived. A plan that really ended is ended sooner by its `customer.subscription.deleted`.
 */
export const RENEWAL_GRACE_DAYS = 3;
const RENEWAL_GRACE_MS = RENEWAL_GRACE_DAYS * 24 * 60 * 60 * 1000;

/** When a paid period that ended at `end` stops giving its plan if no renewal has arrived. */
export function planLapsesAt(end: Date): Date {
  return new Date(end.getTime() + RENEWAL_GRACE_MS);
}
