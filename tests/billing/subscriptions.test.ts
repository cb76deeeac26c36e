import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { cancelSubscriptionForDeletedAccount } from '../../src/server/billing/account-deletion';
import { checkoutSessions } from '../../src/server/db/schema';
import { effectiveTier } from '../../src/server/membership/plan';
import { signUp } from '../helpers/app';
import {
  checkout,
  closeStripeApps,
  deliver,
  type FakeStripe,
  PRICE_ENV,
  state,
  stripeApp,
  subscribe,
  type TestApp,
} from './setup';

let app: TestApp | undefined;
let fake: FakeStripe | undefined;
afterEach(closeStripeApps);

const DAY = 86_400_000;

const billingDeps = (app: TestApp) => ({
  db: app.deps.database.db,
  payments: app.deps.payments,
  logger: app.deps.logger,
});

/** Signs up, buys Basic through the fake and delivers checkout.session.completed. */
async function subscribed() {
  ({ app, fake } = await stripeApp());
  const member = await signUp(app);
  expect((await checkout(app, member.cookie, { kind: 'plan', id: 'basic' })).status).toBe(200);
  const [row] = await app.deps.database.db.select().from(checkoutSessions);
  const periodEnd = new Date(Math.floor((Date.now() + 30 * DAY) / 1000) * 1000);
  const session = fake.pay(row.id, { periodEnd });
  const event = fake.event('checkout.session.completed', session);
  expect((await (await deliver(app, event.body, fake.sign(event.body))).json()).outcome).toBe('applied');
  return { app, fake, ...member, subscriptionId: session.subscription!, sessionId: row.id, periodEnd };
}

async function send(app: TestApp, fake: FakeStripe, type: string, object: Record<string, unknown>) {
  const event = fake.event(type, object);
  const res = await deliver(app, event.body, fake.sign(event.body));
  expect(res.status).toBe(200);
  return (await res.json()).outcome as string;
}

describe('Basic plan with Stripe', () => {
  it('makes the member basic/active with the period end of the subscription and stores the Stripe ids', async () => {
    const { app, user, subscriptionId, periodEnd, cookie, sessionId } = await subscribed();
    const { membership } = await state(app, user.id);
    expect(membership).toMatchObject({
      tier: 'basic',
      status: 'active',
      stripeSubscriptionId: subscriptionId,
    });
    expect(membership.stripeCustomerId).toMatch(/^cus_/);
    expect(membership.currentPeriodEnd?.toISOString()).toBe(periodEnd.toISOString());
    const res = await app.request(`/api/billing/checkout/${sessionId}/confirm`, { method: 'POST', cookie });
    expect(await res.json()).toMatchObject({
      status: 'completed',
      kind: 'plan',
      itemId: 'basic',
      tier: 'basic',
    });
  });

  it('refuses a second subscription clearly and creates nothing at Stripe', async () => {
    const { app, fake, cookie } = await subscribed();
    const before = fake.requests.length;
    const res = await checkout(app, cookie, { kind: 'plan', id: 'basic' });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toEqual({
      code: 'already_subscribed',
      message: 'You already have the Basic plan. Change or cancel it from Manage billing on your dashboard.',
    });
    expect(fake.requests.length).toBe(before);
    // Packs stay on sale for subscribers.
    expect((await checkout(app, cookie, { kind: 'pack', id: 'starter' })).status).toBe(200);
  });

  it('ends as free when deleted arrives before an older updated event', async () => {
    const { app, fake, user, subscriptionId } = await subscribed();
    const activeSnapshot = structuredClone(fake.subscriptions.get(subscriptionId)!);
    const canceled = fake.updateSubscription(subscriptionId, { status: 'canceled' });
    expect(await send(app, fake, 'customer.subscription.deleted', canceled)).toBe('applied');
    // The older "updated" event still says active; the current state at Stripe wins.
    expect(await send(app, fake, 'customer.subscription.updated', activeSnapshot)).toBe('skipped');
    const { membership } = await state(app, user.id);
    expect(membership).toMatchObject({ tier: 'free', status: 'active', stripeSubscriptionId: null });
    expect(await effectiveTier(app.deps.database.db, user.id)).toBe('free');
  });

  it('keeps a stale active state out even if Stripe were to report it after the end', async () => {
    const { app, fake, user, subscriptionId } = await subscribed();
    fake.updateSubscription(subscriptionId, { status: 'canceled' });
    await send(app, fake, 'customer.subscription.deleted', fake.subscriptions.get(subscriptionId)!);
    fake.updateSubscription(subscriptionId, { status: 'active' });
    expect(
      await send(app, fake, 'customer.subscription.updated', fake.subscriptions.get(subscriptionId)!),
    ).toBe('skipped');
    expect((await state(app, user.id)).membership.tier).toBe('free');
  });

  it('keeps Basic until the period end when cancelled at period end; Stripe’s deleted event ends it', async () => {
    const { app, fake, user, subscriptionId, periodEnd } = await subscribed();
    const sub = fake.updateSubscription(subscriptionId, { cancelAtPeriodEnd: true });
    expect(await send(app, fake, 'customer.subscription.updated', sub)).toBe('applied');
    const db = app.deps.database.db;
    expect(await effectiveTier(db, user.id)).toBe('basic');
    // Without its deleted event the plan lapses after the renewal grace at the latest.
    expect(await effectiveTier(db, user.id, new Date(periodEnd.getTime() + 3 * DAY + 1000))).toBe('free');
    const ended = fake.updateSubscription(subscriptionId, { status: 'canceled' });
    expect(await send(app, fake, 'customer.subscription.deleted', ended)).toBe('applied');
    expect(await effectiveTier(db, user.id)).toBe('free');
  });

  it('keeps the plan through the renewal grace when the renewal webhook is late', async () => {
    ({ app, fake } = await stripeApp());
    const member = await signUp(app);
    // The period ended an hour ago; Stripe renewed, but its webhook has not arrived yet.
    const periodEnd = new Date(Math.floor((Date.now() - 3_600_000) / 1000) * 1000);
    await subscribe(app, fake, member, 'premium', { periodEnd });
    const me = await (await app.request('/api/me', { cookie: member.cookie })).json();
    expect(me.membership).toMatchObject({ tier: 'premium', imageLimit: 100 });
    const db = app.deps.database.db;
    expect(await effectiveTier(db, member.user.id, new Date(periodEnd.getTime() + 3 * DAY - 1000))).toBe(
      'premium',
    );
    expect(await effectiveTier(db, member.user.id, new Date(periodEnd.getTime() + 3 * DAY + 1000))).toBe(
      'free',
    );
  });

  it('extends the period on invoice.paid, also when delivered twice', async () => {
    const { app, fake, user, subscriptionId } = await subscribed();
    const renewed = new Date(Math.floor((Date.now() + 61 * DAY) / 1000) * 1000);
    fake.updateSubscription(subscriptionId, { periodEnd: renewed });
    const event = fake.event('invoice.paid', fake.invoice(subscriptionId));
    const outcomes = await Promise.all([1, 2].map(() => deliver(app, event.body, fake.sign(event.body))));
    expect(outcomes.map((r) => r.status)).toEqual([200, 200]);
    const { membership } = await state(app, user.id);
    expect(membership.currentPeriodEnd?.toISOString()).toBe(renewed.toISOString());
    expect(membership.tier).toBe('basic');
  });

  it('applies a subscription event that overtakes the checkout event', async () => {
    ({ app, fake } = await stripeApp());
    const { cookie, user } = await signUp(app);
    await checkout(app, cookie, { kind: 'plan', id: 'basic' });
    const [row] = await app.deps.database.db.select().from(checkoutSessions);
    const session = fake.pay(row.id);
    const sub = fake.subscriptions.get(session.subscription!)!;
    expect(await send(app, fake, 'customer.subscription.created', sub)).toBe('applied');
    expect(await send(app, fake, 'checkout.session.completed', session)).toBe('applied');
    expect((await state(app, user.id)).membership).toMatchObject({
      tier: 'basic',
      stripeSubscriptionId: sub.id,
    });
  });

  it('opens the billing portal for the subscriber, and refuses non-subscribers', async () => {
    const { app, fake, cookie, user } = await subscribed();
    const res = await app.request('/api/billing/portal', {
      method: 'POST',
      cookie,
      json: { returnTo: '/settings' },
    });
    expect(res.status).toBe(200);
    const { url } = await res.json();
    expect(url).toMatch(new RegExp(`^${fake.url}/portal/bps_`));
    const [call] = fake.calls('POST', '/v1/billing_portal/sessions');
    expect(call.body).toEqual({
      customer: (await state(app, user.id)).membership.stripeCustomerId,
      return_url: 'http://localhost:3000/settings',
    });
    const other = await signUp(app);
    const refused = await app.request('/api/billing/portal', { method: 'POST', cookie: other.cookie });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.code).toBe('no_subscription');
  });

  it('opens the portal on confirming one plan change when the pricing page names the plan', async () => {
    const { app, fake, cookie, subscriptionId } = await subscribed();
    const res = await app.request('/api/billing/portal', {
      method: 'POST',
      cookie,
      json: { returnTo: '/dashboard?subscription=changed', plan: 'premium' },
    });
    expect(res.status).toBe(200);
    const [call] = fake.calls('POST', '/v1/billing_portal/sessions');
    const item = fake.subscriptions.get(subscriptionId)!.items.data[0];
    const returnUrl = 'http://localhost:3000/dashboard?subscription=changed';
    expect(call.body).toMatchObject({
      return_url: returnUrl,
      flow_data: {
        type: 'subscription_update_confirm',
        subscription_update_confirm: {
          subscription: subscriptionId,
          items: [{ id: item.id, price: PRICE_ENV.STRIPE_PRICE_PREMIUM, quantity: '1' }],
        },
        after_completion: { type: 'redirect', redirect: { return_url: returnUrl } },
      },
    });
    // A plan that is not for sale is refused before Stripe is asked.
    const refused = await app.request('/api/billing/portal', {
      method: 'POST',
      cookie,
      json: { plan: 'free' },
    });
    expect(refused.status).toBe(400);
    expect(fake.calls('POST', '/v1/billing_portal/sessions')).toHaveLength(1);
  });

  it('cancels the subscription at Stripe for a deleted account', async () => {
    const { app, fake, user, subscriptionId } = await subscribed();
    await cancelSubscriptionForDeletedAccount(billingDeps(app), user.id);
    expect(fake.calls('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect((await state(app, user.id)).membership).toMatchObject({
      tier: 'free',
      stripeSubscriptionId: null,
    });
    // A second call (a retried deletion) has nothing left to cancel.
    await cancelSubscriptionForDeletedAccount(billingDeps(app), user.id);
    expect(fake.calls('DELETE', '/v1/subscriptions/')).toHaveLength(1);
    // The deleted event that follows changes nothing more.
    expect(
      await send(app, fake, 'customer.subscription.deleted', fake.subscriptions.get(subscriptionId)!),
    ).toBe('skipped');
  });

  it('records ignored event types once and answers 200', async () => {
    const { app, fake, user } = await subscribed();
    expect(await send(app, fake, 'customer.created', { id: 'cus_x', object: 'customer' })).toBe('ignored');
    const { events } = await state(app, user.id);
    expect(events.map((e) => e.type)).toContain('customer.created');
    const rows = await app.deps.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.kind, 'plan'));
    expect(rows[0].status).toBe('completed');
  });
});
