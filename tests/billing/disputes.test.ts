// Refunds and disputes (chargebacks), through the real adapter against the fake Stripe: a lost
// dispute on a credit pack takes back its unspent credits, never below zero, with the shortfall
// recorded; a disputed plan payment is logged for the operator; each stage once, in the ledger.
import { afterEach, describe, expect, it } from 'vitest';
import { spendCredits } from '../../src/server/credits/service';
import { signUp } from '../helpers/app';
import { captureLog } from '../helpers/log';
import {
  checkout,
  closeStripeApps,
  type FakeStripe,
  lastCheckout,
  PRICE_ENV,
  send,
  state,
  stripeApp,
  subscribe,
  type TestApp,
} from './setup';

let app: TestApp | undefined;
let fake: FakeStripe | undefined;
afterEach(closeStripeApps);

/** Buys the Creator Pack (14 credits) and returns the payment intent that paid it. */
async function boughtCreatorPack(
  app: TestApp,
  fake: FakeStripe,
  member: { cookie: string; user: { id: string } },
) {
  expect((await checkout(app, member.cookie, { kind: 'pack', id: 'creator' })).status).toBe(200);
  const row = await lastCheckout(app, member.user.id);
  const session = fake.pay(row.id);
  expect(await send(app, fake, 'checkout.session.completed', session)).toBe('applied');
  expect((await state(app, member.user.id)).balance).toBe(14);
  return { paymentIntent: session.payment_intent!, sessionId: row.id };
}

describe('a disputed credit pack', () => {
  it('keeps the credits while open; when lost takes back what is left, records the shortfall, once', async () => {
    const log = captureLog('info');
    ({ app, fake } = await stripeApp(PRICE_ENV, { logger: log.logger }));
    const member = await signUp(app);
    const { paymentIntent, sessionId } = await boughtCreatorPack(app, fake, member);
    await spendCredits(app.deps.database.db, {
      userId: member.user.id,
      amount: 10,
      description: 'ten images',
    });

    const dispute = fake.openDispute(paymentIntent, { reason: 'fraudulent' });
    const created = structuredClone(dispute);
    expect(await send(app, fake, 'charge.dispute.created', created)).toBe('applied');
    let s = await state(app, member.user.id);
    expect(s.balance).toBe(4);
    expect(s.payments).toEqual([
      expect.objectContaining({
        kind: 'dispute_opened',
        referenceId: dispute.id,
        userId: member.user.id,
        itemId: 'creator',
        checkoutSessionId: sessionId,
        amountCents: 1299,
        reason: 'Payment disputed (fraudulent): Creator Pack',
      }),
    ]);

    fake.closeDispute(dispute.id, 'lost');
    expect(await send(app, fake, 'charge.dispute.closed', dispute)).toBe('applied');
    s = await state(app, member.user.id);
    expect(s.balance).toBe(0);
    expect(s.ledger.filter((t) => t.type === 'clawback')).toEqual([
      expect.objectContaining({
        amount: -4,
        referenceId: sessionId,
        description: 'Dispute lost: Creator Pack',
      }),
    ]);
    expect(s.payments.find((p) => p.kind === 'dispute_lost')).toMatchObject({
      creditsTaken: 4,
      creditsShortfall: 10,
      reason: 'Dispute lost (fraudulent): Creator Pack; 4 credits taken back, 10 already spent',
    });

    // A redelivery, and the "created" event arriving late, change nothing.
    expect(await send(app, fake, 'charge.dispute.closed', dispute)).toBe('skipped');
    expect(await send(app, fake, 'charge.dispute.created', created)).toBe('skipped');
    s = await state(app, member.user.id);
    expect(s.payments.map((p) => p.kind).sort()).toEqual(['dispute_lost', 'dispute_opened']);
    expect(s.ledger.filter((t) => t.type === 'clawback')).toHaveLength(1);
    const warnings = log.entries().filter((e) => e.level === 40 && e.disputeId === dispute.id);
    expect(warnings.map((e) => e.msg)).toEqual([
      'payment disputed: answer it in the Stripe dashboard',
      'dispute lost',
    ]);
  });

  it('keeps the credits when the dispute is won', async () => {
    ({ app, fake } = await stripeApp());
    const member = await signUp(app);
    const { paymentIntent } = await boughtCreatorPack(app, fake, member);
    const dispute = fake.closeDispute(
      fake.openDispute(paymentIntent, { reason: 'product_not_received' }).id,
      'won',
    );
    // Only the closing event arrived: both stages are still recorded.
    expect(await send(app, fake, 'charge.dispute.closed', dispute)).toBe('applied');
    const s = await state(app, member.user.id);
    expect(s.balance).toBe(14);
    expect(s.payments.map((p) => p.kind).sort()).toEqual(['dispute_opened', 'dispute_won']);
  });

  it('never takes a pack back twice: a full refund, then a lost dispute', async () => {
    ({ app, fake } = await stripeApp());
    const member = await signUp(app);
    const { paymentIntent } = await boughtCreatorPack(app, fake, member);
    expect(await send(app, fake, 'charge.refunded', fake.charge(paymentIntent))).toBe('applied');
    let s = await state(app, member.user.id);
    expect(s.balance).toBe(0);
    expect(s.payments).toEqual([
      expect.objectContaining({
        kind: 'refund',
        amountCents: 1299,
        creditsTaken: 14,
        reason: 'Full refund of Creator Pack: 14 credits taken back',
      }),
    ]);
    const dispute = fake.closeDispute(fake.openDispute(paymentIntent).id, 'lost');
    expect(await send(app, fake, 'charge.dispute.closed', dispute)).toBe('applied');
    s = await state(app, member.user.id);
    expect(s.ledger.filter((t) => t.type === 'clawback')).toHaveLength(1);
    expect(s.payments.find((p) => p.kind === 'dispute_lost')).toMatchObject({
      creditsTaken: 0,
      creditsShortfall: 0,
      reason: 'Dispute lost (fraudulent): Creator Pack; credits were already taken back for this purchase',
    });
  });
});

describe('a disputed plan payment', () => {
  it('is recorded and logged for the operator; the membership is left to the subscription', async () => {
    const log = captureLog('info');
    ({ app, fake } = await stripeApp(PRICE_ENV, { logger: log.logger }));
    const member = await signUp(app);
    const { subscriptionId } = await subscribe(app, fake, member);
    const dispute = fake.openDispute(fake.paymentOf(subscriptionId), { reason: 'subscription_canceled' });
    expect(await send(app, fake, 'charge.dispute.created', dispute)).toBe('applied');
    const s = await state(app, member.user.id);
    expect(s.payments).toEqual([
      expect.objectContaining({
        kind: 'dispute_opened',
        userId: member.user.id,
        itemId: null,
        amountCents: 799,
        reason: 'Payment disputed (subscription_canceled): a plan payment',
      }),
    ]);
    expect(s.membership.tier).toBe('basic');
    expect(log.entries().find((e) => e.disputeId === dispute.id)).toMatchObject({
      level: 40,
      msg: 'payment disputed: answer it in the Stripe dashboard',
      userId: member.user.id,
      what: 'a plan payment',
      amountCents: 799,
    });
  });
});
