// One receipt e-mail per purchase (a plan bought, a credit pack, each renewal or paid plan
// change), mailed exactly once however often Stripe redelivers the event and whichever process
// handles it: the purchase's id (checkout session or invoice) is claimed in payment_events, and the
// outbox row is written, in the same transaction as the purchase's effect. The mailer's sweep
// sends it (at once after the commit, again later if SMTP fails).
import { eq } from 'drizzle-orm';
import { findPlan, PLANS } from '../../core/catalog';
import { getBalance } from '../credits/service';
import type { Tx } from '../db/client';
import { memberships, users } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { receiptMail } from '../mail/templates';
import type { BillingDeps } from './deps';
import { claimEvent } from './payment-events';

export type ReceiptDeps = Pick<BillingDeps, 'config' | 'logger'> & { mailer: Mailer };

export type Purchase = {
  /** The checkout session id or the Stripe invoice id: once per purchase. */
  id: string;
  userId: string;
  kind: 'pack' | 'plan' | 'renewal' | 'plan-change';
  what: string;
  amountCents: number;
  currency: string;
  paidAt: Date;
  provider: 'stripe' | 'test';
};

const receiptMarker = (purchaseId: string) => `receipt:${purchaseId}`;

/** Where the member stands after the purchase, in one line. */
async function standing(tx: Tx, purchase: Purchase): Promise<string> {
  if (purchase.kind === 'pack') {
    const balance = await getBalance(tx, purchase.userId);
    return `${balance} credit${balance === 1 ? '' : 's'} in your balance`;
  }
  const [m] = await tx.select().from(memberships).where(eq(memberships.userId, purchase.userId));
  const plan = PLANS.find((p) => p.tier === m?.tier);
  if (!m || !plan) return 'See your plan in Settings';
  if (!m.currentPeriodEnd) return `${plan.name} plan`;
  const until = m.currentPeriodEnd.toLocaleDateString('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
  return purchase.provider === 'test'
    ? `${plan.name} plan until ${until} (test plans do not renew)`
    : `${plan.name} plan, renews on ${until} unless you cancel`;
}

/** Writes the purchase's receipt into the outbox, once; false when it was already written. */
export async function queueReceipt(tx: Tx, deps: ReceiptDeps, purchase: Purchase): Promise<boolean> {
  if (!(await claimEvent(tx, { id: receiptMarker(purchase.id), type: 'receipt' }))) return false;
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, purchase.userId));
  if (!user) return false;
  const message = receiptMail({
    what: purchase.what,
    amountCents: purchase.amountCents,
    currency: purchase.currency,
    paidAt: purchase.paidAt,
    reference: purchase.id,
    after: await standing(tx, purchase),
    settingsLink: `${deps.config.publicUrl}/settings`,
    test: purchase.provider === 'test',
    stripe: purchase.provider === 'stripe',
  });
  await deps.mailer.queue(tx, { ...message, to: user.email });
  deps.logger.info(
    { userId: purchase.userId, purchase: purchase.id, kind: purchase.kind },
    'billing: receipt queued',
  );
  return true;
}

/** After the purchase's transaction committed: send what it queued now (SMTP), not at the next sweep. */
export function sendQueuedReceipts(deps: ReceiptDeps): void {
  if (deps.mailer.transport !== 'smtp') return;
  deps.mailer.retryDue().catch((err) => deps.logger.error({ err }, 'billing: sending a receipt failed'));
}

/** The words for a plan bought, renewed or changed. */
export function planPurchase(tierOrItem: string | null, kind: Purchase['kind']): string {
  const plan = findPlan(tierOrItem) ?? PLANS.find((p) => p.tier === tierOrItem);
  const name = plan ? `${plan.name} plan` : 'Plan';
  if (kind === 'renewal') return `${name}, renewal (one month)`;
  if (kind === 'plan-change') return `${name}, plan change`;
  return `${name}, first month`;
}
