// Money going back to the buyer: a full refund of a credit pack takes its credits back (never
// below zero), once per purchase.
import { and, eq } from 'drizzle-orm';
import { findPack, totalCredits } from '../../core/catalog';
import { clawbackCredits } from '../credits/service';
import type { DbExecutor } from '../db/client';
import { checkoutSessions } from '../db/schema';
import type { BillingDeps, EventOutcome } from './deps';
import { applyPaidCheckout } from './fulfil-checkout';
import { claimEvent } from './payment-events';
import type { PaymentEvent } from './ports';

export async function applyRefund(
  deps: BillingDeps,
  event: Extract<PaymentEvent, { type: 'charge.refunded' }>,
): Promise<EventOutcome> {
  const { db, payments } = deps;
  const paymentIntentId = event.paymentIntentId;
  const completedPack = async (exec: DbExecutor) => {
    if (!paymentIntentId) return undefined;
    const [row] = await exec
      .select()
      .from(checkoutSessions)
      .where(
        and(
          eq(checkoutSessions.paymentIntentId, paymentIntentId),
          eq(checkoutSessions.kind, 'pack'),
          eq(checkoutSessions.status, 'completed'),
        ),
      );
    return row;
  };
  // A refund can overtake the purchase's own events; then fulfil first (same transaction), so the
  // purchase and its clawback both happen exactly once whatever the order.
  const overtaken =
    paymentIntentId && !(await completedPack(db))
      ? await payments.findCheckoutByPaymentIntent(paymentIntentId)
      : null;

  return db.transaction(async (tx) => {
    if (!(await claimEvent(tx, { id: event.id, type: event.stripeType }))) return 'duplicate';
    if (!event.fullyRefunded) {
      // Partial refunds are a support decision (e.g. goodwill); the credits stay.
      deps.logger.info({ paymentIntentId }, 'partial refund: credits left in place');
      return 'skipped';
    }
    if (overtaken?.kind === 'pack') {
      await applyPaidCheckout(tx, deps, { checkout: overtaken, subscription: null, provider: 'stripe' });
    }
    const row = await completedPack(tx);
    const pack = findPack(row?.itemId);
    if (!row?.userId || !pack) return 'ignored';
    const taken = await clawbackCredits(tx, {
      userId: row.userId,
      amount: totalCredits(pack),
      description: `Refund of ${pack.name}`,
      referenceId: row.id,
    });
    return taken === null ? 'duplicate' : 'applied';
  });
}
