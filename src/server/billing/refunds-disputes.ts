// Money going back to the buyer after a sale. A full refund or a lost dispute of a credit pack
// takes its credits back, at most once per purchase and never below zero (what was already spent
// is recorded as the shortfall). Every refund and dispute stage gets one payment_ledger entry
// with its reason, and disputes a log line for the operator, who answers them in Stripe.
import { and, eq } from 'drizzle-orm';
import { type CreditPack, findPack, totalCredits } from '../../core/catalog';
import { clawbackCredits } from '../credits/service';
import type { DbExecutor, Tx } from '../db/client';
import {
  type CheckoutSessionRow,
  checkoutSessions,
  type PaymentLedgerKind,
  paymentLedger,
} from '../db/schema';
import { memberOfCustomer } from '../membership/plan';
import type { BillingDeps, EventOutcome } from './deps';
import { applyPaidCheckout } from './fulfil-checkout';
import { claimEvent } from './payment-events';
import type { DisputeState, PaymentEvent } from './ports';

async function completedPackByPayment(exec: DbExecutor, paymentIntentId: string | null) {
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
}

type LedgerEntry = {
  kind: PaymentLedgerKind;
  referenceId: string;
  userId: string | null;
  itemId?: string | null;
  checkoutSessionId?: string | null;
  amountCents: number;
  creditsTaken?: number;
  creditsShortfall?: number;
  reason: string;
};

/** Appends a ledger entry once per (kind, reference); false when it was already there. */
async function record(tx: Tx, entry: LedgerEntry): Promise<boolean> {
  const rows = await tx
    .insert(paymentLedger)
    .values(entry)
    .onConflictDoNothing()
    .returning({ id: paymentLedger.id });
  return rows.length > 0;
}

/**
 * Takes a pack's credits back for this purchase. The refund and the dispute paths share the
 * clawback's reference (the checkout session), so one purchase is never taken back twice.
 */
async function takeBackPack(
  tx: Tx,
  opts: { row: CheckoutSessionRow & { userId: string }; pack: CreditPack; description: string },
): Promise<{ taken: number; shortfall: number; already: boolean }> {
  const total = totalCredits(opts.pack);
  const taken = await clawbackCredits(tx, {
    userId: opts.row.userId,
    amount: total,
    description: opts.description,
    referenceId: opts.row.id,
  });
  if (taken === null) return { taken: 0, shortfall: 0, already: true };
  return { taken, shortfall: total - taken, already: false };
}

const creditsNote = (r: { taken: number; shortfall: number; already: boolean }) =>
  r.already
    ? 'credits were already taken back for this purchase'
    : `${r.taken} credits taken back${r.shortfall > 0 ? `, ${r.shortfall} already spent` : ''}`;

export async function applyRefund(
  deps: BillingDeps,
  event: Extract<PaymentEvent, { type: 'charge.refunded' }>,
): Promise<EventOutcome> {
  const { db, payments } = deps;
  const { paymentIntentId } = event;
  // A refund can overtake the purchase's own events; then fulfil first (same transaction), so the
  // purchase and its clawback both happen exactly once whatever the order.
  const overtaken =
    paymentIntentId && !(await completedPackByPayment(db, paymentIntentId))
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
    const row = await completedPackByPayment(tx, paymentIntentId);
    const pack = findPack(row?.itemId);
    if (!row?.userId || !pack) return 'ignored';
    const result = await takeBackPack(tx, {
      row: { ...row, userId: row.userId },
      pack,
      description: `Refund of ${pack.name}`,
    });
    const recorded = await record(tx, {
      kind: 'refund',
      referenceId: event.chargeId,
      userId: row.userId,
      itemId: pack.id,
      checkoutSessionId: row.id,
      amountCents: event.amountRefunded,
      creditsTaken: result.taken,
      creditsShortfall: result.shortfall,
      reason: `Full refund of ${pack.name}: ${creditsNote(result)}`,
    });
    return recorded && !result.already ? 'applied' : 'duplicate';
  });
}

// Stripe's closed states: only `lost` keeps the money with the cardholder.
const DISPUTE_WON = new Set(['won', 'warning_closed', 'prevented']);

/**
 * `charge.dispute.created` / `.updated` / `.closed`: the dispute is re-fetched, so each stage is
 * recorded once whatever order the events come in.
 */
export async function applyDispute(
  deps: BillingDeps,
  event: Extract<PaymentEvent, { type: 'dispute.changed' }>,
): Promise<EventOutcome> {
  const { db, payments, logger } = deps;
  const dispute: DisputeState = await payments.retrieveDispute(event.disputeId);
  const row = await completedPackByPayment(db, dispute.paymentIntentId);
  const pack = findPack(row?.itemId);
  const userId = row?.userId ?? (dispute.customerId ? await memberOfCustomer(db, dispute.customerId) : null);
  // Anything that is not a pack of ours is a plan's (subscription invoice) payment.
  const what = pack ? pack.name : 'a plan payment';
  const common = {
    referenceId: dispute.id,
    userId,
    itemId: pack?.id ?? null,
    checkoutSessionId: row?.id ?? null,
    amountCents: dispute.amountCents,
  };
  const lines: [level: 'warn' | 'info', message: string, fields: Record<string, unknown>][] = [];
  const fields = {
    userId,
    disputeId: dispute.id,
    reason: dispute.reason,
    amountCents: dispute.amountCents,
    what,
  };

  const outcome = await db.transaction(async (tx): Promise<EventOutcome> => {
    if (!(await claimEvent(tx, { id: event.id, type: event.stripeType }))) return 'duplicate';
    let changed = false;
    if (
      await record(tx, {
        ...common,
        kind: 'dispute_opened',
        reason: `Payment disputed (${dispute.reason}): ${what}`,
      })
    ) {
      changed = true;
      lines.push(['warn', 'payment disputed: answer it in the Stripe dashboard', fields]);
    }
    if (dispute.status === 'lost') {
      const result =
        row?.userId && pack
          ? await takeBackPack(tx, {
              row: { ...row, userId: row.userId },
              pack,
              description: `Dispute lost: ${pack.name}`,
            })
          : null;
      const recorded = await record(tx, {
        ...common,
        kind: 'dispute_lost',
        creditsTaken: result?.taken ?? 0,
        creditsShortfall: result?.shortfall ?? 0,
        reason: `Dispute lost (${dispute.reason}): ${what}${result ? `; ${creditsNote(result)}` : ''}`,
      });
      if (recorded) {
        changed = true;
        lines.push([
          'warn',
          'dispute lost',
          { ...fields, creditsTaken: result?.taken ?? 0, creditsShortfall: result?.shortfall ?? 0 },
        ]);
      }
    } else if (DISPUTE_WON.has(dispute.status)) {
      if (
        await record(tx, {
          ...common,
          kind: 'dispute_won',
          reason: `Dispute closed in our favour (${dispute.status}): ${what}`,
        })
      ) {
        changed = true;
        lines.push(['info', 'dispute closed in our favour', { ...fields, status: dispute.status }]);
      }
    }
    return changed ? 'applied' : 'skipped';
  });
  for (const [level, message, data] of lines) logger[level](data, message);
  return outcome;
}
