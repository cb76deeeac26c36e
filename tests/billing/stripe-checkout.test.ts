import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { spendCredits } from '../../src/server/credits/service';
import { checkoutSessions } from '../../src/server/db/schema';
import { signUp } from '../helpers/app';
import {
  checkout,
  closeStripeApps,
  deliver,
  type FakeStripe,
  PRICE_ENV,
  state,
  stripeApp,
  type TestApp,
} from './setup';

let app: TestApp | undefined;
let fake: FakeStripe | undefined;
afterEach(closeStripeApps);

async function setup(env?: Record<string, string | undefined>) {
  ({ app, fake } = await stripeApp(env));
  return { app, fake };
}

describe('POST /api/billing/checkout with Stripe', () => {
  it('creates a payment-mode session for a pack with the configured price, metadata and URLs', async () => {
    const { app, fake } = await setup();
    const { cookie, user } = await signUp(app);
    const res = await checkout(app, cookie, { kind: 'pack', id: 'starter', returnTo: '/create?x=1' });
    expect(res.status).toBe(200);
    const { url } = await res.json();
    const [call] = fake.calls('POST', '/v1/checkout/sessions');
    expect(url).toBe(`${fake.url}/pay/${[...fake.sessions.keys()][0]}`);
    expect(call.headers.authorization).toBe('Bearer sk_test_clipsmith');
    expect(call.body).toMatchObject({
      mode: 'payment',
      line_items: [{ price: 'price_starter', quantity: '1' }],
      client_reference_id: user.id,
      metadata: { type: 'pack', userId: user.id, itemId: 'starter' },
      payment_intent_data: { metadata: { type: 'pack', userId: user.id, itemId: 'starter' } },
      success_url: 'http://localhost:3000/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/pricing?checkout=cancelled',
    });
    const [row] = await app.deps.database.db.select().from(checkoutSessions);
    expect(row).toMatchObject({ userId: user.id, kind: 'pack', itemId: 'starter', provider: 'stripe' });
    expect(row.returnTo).toBe('/create?x=1');
    expect(row.amountCents).toBe(499);
  });

  it('reuses one Stripe customer per user', async () => {
    const { app, fake } = await setup();
    const { cookie } = await signUp(app);
    for (const id of ['starter', 'creator']) {
      expect((await checkout(app, cookie, { kind: 'pack', id })).status).toBe(200);
    }
    expect(fake.calls('POST', '/v1/customers')).toHaveLength(1);
    const customer = [...fake.customers.keys()][0];
    const sessions = fake.calls('POST', '/v1/checkout/sessions');
    expect(sessions.map((s) => s.body.customer)).toEqual([customer, customer]);
  });

  it('creates a subscription-mode session for Basic with the metadata on the subscription', async () => {
    const { app, fake } = await setup();
    const { cookie, user } = await signUp(app);
    expect((await checkout(app, cookie, { kind: 'plan', id: 'basic' })).status).toBe(200);
    const [call] = fake.calls('POST', '/v1/checkout/sessions');
    expect(call.body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: 'price_basic', quantity: '1' }],
      subscription_data: { metadata: { type: 'plan', userId: user.id, itemId: 'basic' } },
    });
  });

  it('refuses with the spec messages when a price id is missing', async () => {
    const { app, fake } = await setup({
      ...PRICE_ENV,
      STRIPE_PRICE_BASIC: undefined,
      STRIPE_PRICE_PACK_PRO: '',
    });
    const { cookie } = await signUp(app);
    let res = await checkout(app, cookie, { kind: 'plan', id: 'basic' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      error: { code: 'price_not_configured', message: 'Price ID not configured for this plan' },
    });
    res = await checkout(app, cookie, { kind: 'pack', id: 'pro' });
    expect((await res.json()).error.message).toBe('Price ID not configured for this package');
    expect(fake.requests).toEqual([]);
  });

  it('refuses signed-out callers, unknown items, the free plan and unsafe return paths', async () => {
    const { app } = await setup();
    expect((await checkout(app, '', { kind: 'pack', id: 'starter' })).status).toBe(401);
    const { cookie } = await signUp(app);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ kind: 'pack', id: 'huge' }, 400, 'Unknown credit pack'],
      [{ kind: 'plan', id: 'gold' }, 400, 'Unknown plan'],
      [{ kind: 'plan', id: 'free' }, 400, 'The Free plan needs no payment: sign up to use it.'],
      [
        { kind: 'pack', id: 'starter', returnTo: 'https://evil.example' },
        400,
        'Return path must be a page on this site',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await checkout(app, cookie, body);
      expect(res.status).toBe(status);
      expect((await res.json()).error.message).toBe(message);
    }
  });

  it('answers 502 with the spec message when Stripe refuses, and stores nothing', async () => {
    const { app, fake } = await setup();
    const { cookie } = await signUp(app);
    fake.failNext('POST', '/v1/checkout/sessions', 400, "No such price: 'price_starter'");
    const res = await checkout(app, cookie, { kind: 'pack', id: 'starter' });
    expect(res.status).toBe(502);
    expect((await res.json()).error.message).toBe('Failed to create checkout session');
    expect(await app.deps.database.db.select().from(checkoutSessions)).toEqual([]);
  });
});

async function startPack(app: TestApp, cookie: string, id = 'starter', returnTo?: string) {
  const res = await checkout(app, cookie, { kind: 'pack', id, returnTo });
  expect(res.status).toBe(200);
  const [row] = await app.deps.database.db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.itemId, id));
  return row.id;
}

function completedEvent(fake: FakeStripe, sessionId: string, type = 'checkout.session.completed') {
  return fake.event(type, fake.sessions.get(sessionId)!);
}

describe('fulfilment of a pack', () => {
  it('adds credits once when the same event arrives 5 times concurrently', async () => {
    const { app, fake } = await setup();
    const { cookie, user } = await signUp(app);
    const sessionId = await startPack(app, cookie, 'creator');
    fake.pay(sessionId);
    const event = completedEvent(fake, sessionId);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => deliver(app, event.body, fake.sign(event.body))),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const outcomes = await Promise.all(responses.map(async (r) => (await r.json()).outcome));
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    const s = await state(app, user.id);
    expect(s.balance).toBe(14);
    expect(s.ledger.filter((t) => t.type === 'purchase')).toEqual([
      expect.objectContaining({ amount: 14, referenceId: sessionId, description: 'Purchased Creator Pack' }),
    ]);
    // The event, and the one receipt of this purchase (billing/receipts.ts).
    expect(s.events.map((e) => e.id).sort()).toEqual([event.id, `receipt:${sessionId}`].sort());
  });

  it('fulfils once when the success page races the webhook', async () => {
    const { app, fake } = await setup();
    const { cookie, user } = await signUp(app);
    const sessionId = await startPack(app, cookie, 'pro', '/create');
    fake.pay(sessionId);
    const event = completedEvent(fake, sessionId);
    const [confirm, hook, confirm2] = await Promise.all([
      app.request(`/api/billing/checkout/${sessionId}/confirm`, { method: 'POST', cookie }),
      deliver(app, event.body, fake.sign(event.body)),
      app.request(`/api/billing/checkout/${sessionId}/confirm`, { method: 'POST', cookie }),
    ]);
    expect([confirm.status, hook.status, confirm2.status]).toEqual([200, 200, 200]);
    expect(await confirm.json()).toEqual({
      status: 'completed',
      note: null,
      kind: 'pack',
      itemId: 'pro',
      credits: 30,
      tier: 'free',
      returnTo: '/create',
    });
    const s = await state(app, user.id);
    expect(s.balance).toBe(30);
    expect(s.ledger).toHaveLength(1);
  });

  it('reports pending before payment and hides other users sessions', async () => {
    const { app } = await setup();
    const { cookie } = await signUp(app);
    const sessionId = await startPack(app, cookie);
    const res = await app.request(`/api/billing/checkout/${sessionId}/confirm`, { method: 'POST', cookie });
    expect(await res.json()).toMatchObject({ status: 'pending', credits: 0, returnTo: null });
    const other = await signUp(app);
    const foreign = await app.request(`/api/billing/checkout/${sessionId}/confirm`, {
      method: 'POST',
      cookie: other.cookie,
    });
    expect(foreign.status).toBe(404);
  });

  it('waits for an async payment: completed-but-unpaid changes nothing, async_payment_succeeded fulfils', async () => {
    const { app, fake } = await setup();
    const { cookie, user } = await signUp(app);
    const sessionId = await startPack(app, cookie);
    fake.pay(sessionId, { paymentStatus: 'unpaid' });
    const first = completedEvent(fake, sessionId);
    expect((await (await deliver(app, first.body, fake.sign(first.body))).json()).outcome).toBe('skipped');
    expect((await state(app, user.id)).balance).toBe(0);
    fake.sessions.get(sessionId)!.payment_status = 'paid';
    const second = completedEvent(fake, sessionId, 'checkout.session.async_payment_succeeded');
    expect((await (await deliver(app, second.body, fake.sign(second.body))).json()).outcome).toBe('applied');
    expect((await state(app, user.id)).balance).toBe(5);
  });
});

describe('webhook signature', () => {
  it('answers 400 and changes nothing for a bad signature, an altered body, a stale timestamp or none', async () => {
    const { app, fake } = await setup();
    const { cookie, user } = await signUp(app);
    const sessionId = await startPack(app, cookie);
    fake.pay(sessionId);
    const event = completedEvent(fake, sessionId);
    const stale = Math.floor(Date.now() / 1000) - 600;
    const attempts: [string, string | null][] = [
      [event.body, fake.sign(event.body, { secret: 'whsec_wrong' })],
      [event.body.replace('"livemode": false', '"livemode": true'), fake.sign(event.body)],
      [event.body, fake.sign(event.body, { timestamp: stale })],
      [event.body, null],
      [event.body, 'garbage'],
    ];
    for (const [body, signature] of attempts) {
      const res = await deliver(app, body, signature);
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('invalid_signature');
    }
    const s = await state(app, user.id);
    expect(s.balance).toBe(0);
    expect(s.events).toEqual([]);
    const [row] = await app.deps.database.db.select().from(checkoutSessions);
    expect(row.status).toBe('open');
  });
});

describe('refunds', () => {
  it('claws back the pack credits once, never below zero', async () => {
    const { app, fake } = await setup();
    const { cookie, user } = await signUp(app);
    const sessionId = await startPack(app, cookie);
    const paid = fake.pay(sessionId);
    const done = completedEvent(fake, sessionId);
    await deliver(app, done.body, fake.sign(done.body));
    // Spend 2 of the 5 credits before the refund.
    await spendCredits(app.deps.database.db, { userId: user.id, amount: 2, description: 'two images' });
    expect((await state(app, user.id)).balance).toBe(3);

    const refund = fake.event('charge.refunded', fake.charge(paid.payment_intent!));
    const again = fake.event('charge.refunded', fake.charge(paid.payment_intent!));
    for (const e of [refund, refund, again]) {
      expect((await deliver(app, e.body, fake.sign(e.body))).status).toBe(200);
    }
    const s = await state(app, user.id);
    expect(s.balance).toBe(0);
    expect(s.ledger.filter((t) => t.type === 'clawback')).toEqual([
      expect.objectContaining({ amount: -3, referenceId: sessionId }),
    ]);
  });

  it('ends at zero when the refund overtakes the purchase event', async () => {
    const { app, fake } = await setup();
    const { cookie, user } = await signUp(app);
    const sessionId = await startPack(app, cookie);
    const paid = fake.pay(sessionId);
    const refund = fake.event('charge.refunded', fake.charge(paid.payment_intent!));
    const done = completedEvent(fake, sessionId);
    expect((await deliver(app, refund.body, fake.sign(refund.body))).status).toBe(200);
    expect((await deliver(app, done.body, fake.sign(done.body))).status).toBe(200);
    const s = await state(app, user.id);
    expect(s.balance).toBe(0);
    expect(s.ledger.map((t) => [t.type, t.amount]).sort()).toEqual([
      ['clawback', -5],
      ['purchase', 5],
    ]);
  });

  it('leaves credits in place for a partial refund', async () => {
    const { app, fake } = await setup();
    const { cookie, user } = await signUp(app);
    const sessionId = await startPack(app, cookie);
    const paid = fake.pay(sessionId);
    const done = completedEvent(fake, sessionId);
    await deliver(app, done.body, fake.sign(done.body));
    const partial = fake.event(
      'charge.refunded',
      fake.charge(paid.payment_intent!, { refunded: false, amountRefunded: 100 }),
    );
    expect((await (await deliver(app, partial.body, fake.sign(partial.body))).json()).outcome).toBe(
      'skipped',
    );
    expect((await state(app, user.id)).balance).toBe(5);
  });
});
