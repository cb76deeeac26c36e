// At most one live plan subscription per member: an open plan checkout is reused (or closed), and
// a second subscription that still becomes live is cancelled and refunded at once.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { checkoutSessions } from '../../src/server/db/schema';
import { signUp } from '../helpers/app';
import { captureLog } from '../helpers/log';
import {
  checkout,
  closeStripeApps,
  confirm,
  type FakeStripe,
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

/** Sessions created (the prefix would also match their /expire calls). */
const created = (fake: FakeStripe) =>
  fake.calls('POST', '/v1/checkout/sessions').filter((r) => r.path === '/v1/checkout/sessions');

const liveAtStripe = (fake: FakeStripe, customer: string) =>
  [...fake.subscriptions.values()].filter(
    (s) => s.customer === customer && ['active', 'trialing', 'past_due'].includes(s.status),
  );

describe('the open plan checkout', () => {
  it('is reused for the same plan, closed for another, and a paid one makes the member a subscriber', async () => {
    ({ app, fake } = await stripeApp());
    const member = await signUp(app);
    const first = await (await checkout(app, member.cookie, { kind: 'plan', id: 'basic' })).json();
    const again = await (await checkout(app, member.cookie, { kind: 'plan', id: 'basic' })).json();
    expect(again.url).toBe(first.url);
    expect(created(fake)).toHaveLength(1);

    // Changing one's mind: the Basic page can no longer be paid, a Premium one opens.
    const premium = await (await checkout(app, member.cookie, { kind: 'plan', id: 'premium' })).json();
    expect(premium.url).not.toBe(first.url);
    const [basicId, premiumId] = [...fake.sessions.keys()];
    expect(fake.sessions.get(basicId)?.status).toBe('expired');
    expect(fake.calls('POST', `/v1/checkout/sessions/${basicId}/expire`)).toHaveLength(1);
    const db = app.deps.database.db;
    const [basicRow] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, basicId));
    expect(basicRow.status).toBe('cancelled');

    // The Premium page was paid in another tab before its webhook arrived: no third page.
    fake.pay(premiumId);
    const late = await checkout(app, member.cookie, { kind: 'plan', id: 'premium' });
    expect(late.status).toBe(409);
    expect((await late.json()).error.code).toBe('already_subscribed');
    expect((await state(app, member.user.id)).membership.tier).toBe('premium');
    expect(created(fake)).toHaveLength(2);
  });
});

describe('a second live subscription', () => {
  it('is cancelled at once and its payment refunded, with a ledger entry and a log line, exactly once', async () => {
    const log = captureLog('info');
    ({ app, fake } = await stripeApp(PRICE_ENV, { logger: log.logger }));
    const member = await signUp(app);
    const kept = await subscribe(app, fake, member);
    const customer = (await state(app, member.user.id)).membership.stripeCustomerId!;

    // A second subscription for the same member becomes live (two checkout pages paid at once).
    const second = fake.createSubscription({
      customer,
      price: 'price_basic',
      metadata: { type: 'plan', userId: member.user.id, itemId: 'basic' },
    });
    const payment = fake.paymentOf(second.id);
    expect(await send(app, fake, 'customer.subscription.created', second)).toBe('skipped');

    expect(fake.calls('DELETE', `/v1/subscriptions/${second.id}`)).toHaveLength(1);
    expect(second.status).toBe('canceled');
    const refunds = [...fake.refunds.values()];
    expect(refunds).toEqual([
      expect.objectContaining({ payment_intent: payment, amount: 799, reason: 'duplicate' }),
    ]);
    expect(fake.calls('POST', '/v1/refunds')[0].headers['idempotency-key']).toBe(
      `clipsmith-duplicate-refund-${second.id}`,
    );
    const s = await state(app, member.user.id);
    expect(s.membership).toMatchObject({ tier: 'basic', stripeSubscriptionId: kept.subscriptionId });
    expect(s.payments).toEqual([
      expect.objectContaining({
        kind: 'duplicate_refund',
        userId: member.user.id,
        referenceId: second.id,
        amountCents: 799,
        reason: expect.stringContaining(refunds[0].id as string),
      }),
    ]);
    const lines = log.entries().filter((e) => e.msg === 'duplicate plan subscription cancelled and refunded');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        subscriptionId: second.id,
        keptSubscriptionId: kept.subscriptionId,
      }),
    ]);

    // Its later events (and a redelivery) change nothing and refund nothing again.
    expect(await send(app, fake, 'invoice.paid', fake.invoice(second.id))).toBe('skipped');
    expect(await send(app, fake, 'customer.subscription.deleted', second)).toBe('skipped');
    expect(fake.calls('POST', '/v1/refunds')).toHaveLength(1);
    expect((await state(app, member.user.id)).payments).toHaveLength(1);
    expect(liveAtStripe(fake, customer).map((sub) => sub.id)).toEqual([kept.subscriptionId]);
  });

  it('two checkouts started at once and both paid end with one live subscription and the other refunded', async () => {
    ({ app, fake } = await stripeApp());
    const member = await signUp(app);
    const started = await Promise.all(
      [1, 2].map(() => checkout(app!, member.cookie, { kind: 'plan', id: 'basic' })),
    );
    expect(started.map((r) => r.status)).toEqual([200, 200]);
    const sessionIds = [...fake.sessions.keys()];
    for (const id of sessionIds) fake.pay(id);
    const outcomes = await Promise.all(
      sessionIds.map((id) => send(app!, fake!, 'checkout.session.completed', fake!.sessions.get(id)!)),
    );
    expect(outcomes).toContain('applied');
    const customer = (await state(app, member.user.id)).membership.stripeCustomerId!;
    expect(liveAtStripe(fake, customer)).toHaveLength(1);
    // Whether the race made one page or two, every extra subscription was refunded, once.
    expect(fake.refunds.size).toBe(sessionIds.length - 1);
    const results = await Promise.all(sessionIds.map((id) => confirm(app!, member.cookie, id)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual(sessionIds.length === 2 ? ['completed', 'failed'] : ['completed']);
    if (sessionIds.length === 2) {
      expect(results.find((r) => r.status === 'failed')?.note).toBe(
        'You already had a plan, so this second subscription was cancelled at once and its payment refunded.',
      );
    }
  });
});
