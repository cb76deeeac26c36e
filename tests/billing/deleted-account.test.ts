// A deleted account leaves nothing at Stripe that can bill it: deletion closes every open checkout
// and cancels every subscription of the member's customer that is not ended, and a subscription
// that still turns up later for someone who is gone is cancelled and refunded, with a log line.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { paymentLedger, users } from '../../src/server/db/schema';
import { signUp } from '../helpers/app';
import { captureLog } from '../helpers/log';
import {
  checkout,
  closeStripeApps,
  lastCheckout,
  PRICE_ENV,
  send,
  state,
  stripeApp,
  subscribe,
  type TestApp,
} from './setup';

afterEach(closeStripeApps);

function deleteAccount(app: TestApp, member: { cookie: string; email: string }) {
  return app.request('/api/me', {
    method: 'DELETE',
    cookie: member.cookie,
    json: { confirmEmail: member.email },
  });
}

async function setup() {
  const log = captureLog('info');
  const { app, fake } = await stripeApp(PRICE_ENV, { logger: log.logger });
  const member = await signUp(app);
  return { app, fake, log, member };
}

describe('deleting an account', () => {
  it('cancels a plan whose first payment waits for 3-D Secure and expires an open checkout', async () => {
    const { app, fake, member } = await setup();
    // The plan's first payment waits for the bank: incomplete, never on file.
    const { subscriptionId } = await subscribe(app, fake, member, 'premium', { firstPayment: 'pending' });
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('incomplete');
    expect((await state(app, member.user.id)).membership.stripeSubscriptionId).toBeNull();
    // And a pack checkout page is still open in another tab.
    expect((await checkout(app, member.cookie, { kind: 'pack', id: 'starter' })).status).toBe(200);
    const open = await lastCheckout(app, member.user.id);
    const customer = (await state(app, member.user.id)).membership.stripeCustomerId!;

    expect((await deleteAccount(app, member)).status).toBe(200);

    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect(fake.sessions.get(open.id)?.status).toBe('expired');
    const lists = (path: string) => fake.requests.filter((r) => r.method === 'GET' && r.path === path);
    expect(lists('/v1/subscriptions').map((r) => r.query)).toEqual([
      expect.objectContaining({ customer, status: 'all' }),
    ]);
    expect(lists('/v1/checkout/sessions').map((r) => r.query)).toEqual([
      expect.objectContaining({ customer, status: 'open' }),
    ]);
    // The bank's late confirmation has nothing left to start.
    expect(() => fake.payOpenInvoice(subscriptionId)).toThrow(/needs incomplete/);
    expect(fake.refunds.size).toBe(0);
  });

  it('keeps the account when Stripe cannot list the customer, so the member can retry', async () => {
    const { app, fake, member } = await setup();
    const { subscriptionId } = await subscribe(app, fake, member, 'basic', { firstPayment: 'pending' });
    // The first try and the SDK's two retries.
    for (let i = 0; i < 3; i++) fake.failNext('GET', '/v1/subscriptions', 500, 'Stripe is down');
    expect((await deleteAccount(app, member)).status).toBe(502);
    expect((await state(app, member.user.id)).membership).toBeDefined();
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('incomplete');

    expect((await deleteAccount(app, member)).status).toBe(200);
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('canceled');
  });
});

describe('a subscription whose member is gone', () => {
  it('is cancelled and its first invoice refunded when its 3-D Secure completes after the deletion, once, with a log line', async () => {
    const { app, fake, log, member } = await setup();
    const { subscriptionId } = await subscribe(app, fake, member, 'basic', { firstPayment: 'pending' });
    // An account deleted while its plan's first payment was pending (as deletion used to leave it).
    const db = app.deps.database.db;
    await db.delete(users).where(eq(users.id, member.user.id));

    const active = fake.payOpenInvoice(subscriptionId);
    const payment = fake.paymentOf(subscriptionId);
    expect(await send(app, fake, 'customer.subscription.updated', active)).toBe('skipped');

    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect([...fake.refunds.values()]).toEqual([
      expect.objectContaining({ payment_intent: payment, amount: 799, reason: 'requested_by_customer' }),
    ]);
    expect(fake.calls('POST', '/v1/refunds')[0].headers['idempotency-key']).toBe(
      `clipsmith-deleted-account-refund-${subscriptionId}`,
    );
    const ledger = await db.select().from(paymentLedger);
    expect(ledger).toEqual([
      expect.objectContaining({
        kind: 'refund',
        userId: null,
        referenceId: subscriptionId,
        amountCents: 799,
      }),
    ]);
    const lines = log
      .entries()
      .filter((e) => e.msg === 'subscription of a deleted account cancelled and its payment refunded');
    expect(lines).toEqual([expect.objectContaining({ level: 40, subscriptionId, amountCents: 799 })]);

    // The invoice event of the same payment, and the cancellation's own event, refund nothing again.
    expect(await send(app, fake, 'invoice.paid', fake.invoice(subscriptionId))).toBe('skipped');
    expect(
      await send(app, fake, 'customer.subscription.deleted', fake.subscriptions.get(subscriptionId)!),
    ).toBe('skipped');
    expect(fake.calls('POST', '/v1/refunds')).toHaveLength(1);
    expect(log.entries().filter((e) => e.msg === 'subscription of a deleted account has ended')).toHaveLength(
      2,
    );
  });

  it('is cancelled and refunded when made in the Dashboard on the deleted member’s customer', async () => {
    const { app, fake, log, member } = await setup();
    await subscribe(app, fake, member, 'basic');
    const customer = (await state(app, member.user.id)).membership.stripeCustomerId!;
    expect((await deleteAccount(app, member)).status).toBe(200);

    // No metadata names a member: only the customer says whose it was.
    const made = fake.createSubscription({ customer, price: 'price_premium' });
    expect(await send(app, fake, 'customer.subscription.created', made)).toBe('skipped');
    expect(made.status).toBe('canceled');
    expect([...fake.refunds.values()]).toEqual([expect.objectContaining({ amount: 1299 })]);
    expect(
      log
        .entries()
        .filter((e) => e.msg === 'subscription of a deleted account cancelled and its payment refunded'),
    ).toEqual([expect.objectContaining({ subscriptionId: made.id, customerId: customer })]);
  });
});
