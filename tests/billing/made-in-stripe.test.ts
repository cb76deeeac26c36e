// Subscriptions made in the Stripe Dashboard rather than through the app's checkout: one on a
// customer the app never created is logged and can be linked by an operator; one on a price no
// STRIPE_PRICE_* names grants nothing and is logged at error.
import { afterEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/server/cli/admin';
import { signUp } from '../helpers/app';
import { captureLog } from '../helpers/log';
import { closeStripeApps, PRICE_ENV, send, state, stripeApp, subscribe, type TestApp } from './setup';

afterEach(closeStripeApps);

async function setup() {
  const log = captureLog('info');
  const { app, fake } = await stripeApp(PRICE_ENV, { logger: log.logger });
  return { app, fake, log };
}

function billingDeps(app: TestApp) {
  return {
    db: app.deps.database.db,
    payments: app.deps.payments,
    config: app.deps.config,
    logger: app.deps.logger,
    mailer: app.deps.mailer,
  };
}

async function admin(app: TestApp, args: string[]) {
  const out: string[] = [];
  await runAdmin(app.deps.database.db, args, (line) => out.push(line), { billing: billingDeps(app) });
  return out;
}

describe('a subscription on a customer the app did not create', () => {
  it('is skipped with a warning naming the customer and subscription, and billing:link makes it the member’s', async () => {
    const { app, fake, log } = await setup();
    const member = await signUp(app);
    // The operator made the customer and its subscription by hand in the Dashboard.
    const customer = fake.createCustomer(member.email);
    const sub = fake.createSubscription({ customer, price: 'price_premium' });

    expect(await send(app, fake, 'customer.subscription.created', sub)).toBe('skipped');
    expect(log.entries().filter((e) => e.level === 40)).toEqual([
      expect.objectContaining({
        msg: expect.stringContaining('subscription on a Stripe customer this app did not create'),
        customerId: customer,
        subscriptionId: sub.id,
      }),
    ]);
    expect((await state(app, member.user.id)).membership.tier).toBe('free');

    expect(await admin(app, ['billing:link', member.email, customer])).toEqual([
      `Linked ${customer} to ${member.email}.`,
      `${sub.id} (active): applied`,
      'Plan: premium (active)',
    ]);
    expect((await state(app, member.user.id)).membership).toMatchObject({
      tier: 'premium',
      stripeCustomerId: customer,
      stripeSubscriptionId: sub.id,
    });
    // Its next events find the member now.
    const renewed = fake.updateSubscription(sub.id, { periodEnd: new Date(Date.now() + 61 * 86_400_000) });
    expect(await send(app, fake, 'customer.subscription.updated', renewed)).toBe('applied');
  });

  it('billing:link refuses a malformed id, another member’s customer, and a member who has one', async () => {
    const { app, fake } = await setup();
    const owner = await signUp(app);
    await subscribe(app, fake, owner, 'basic');
    const ownersCustomer = (await state(app, owner.user.id)).membership.stripeCustomerId!;
    const other = await signUp(app);

    await expect(admin(app, ['billing:link', other.email, 'sub_123'])).rejects.toThrow(
      'The customer id must be a Stripe customer id (cus_…), got "sub_123".',
    );
    await expect(admin(app, ['billing:link', other.email, ownersCustomer])).rejects.toThrow(
      `${ownersCustomer} is already the customer of ${owner.email}.`,
    );
    const stranger = fake.createCustomer('someone@example.com');
    await expect(admin(app, ['billing:link', owner.email, stranger])).rejects.toThrow(
      `${owner.email} already has the Stripe customer ${ownersCustomer}`,
    );
    expect((await state(app, other.user.id)).membership.stripeCustomerId).toBeNull();
  });
});

describe('a subscription on a price no STRIPE_PRICE_* names', () => {
  it('grants nothing and is logged at error with the price id', async () => {
    const { app, fake, log } = await setup();
    const member = await signUp(app);
    await subscribe(app, fake, member, 'basic');
    const customer = (await state(app, member.user.id)).membership.stripeCustomerId!;
    // The member cancels; the operator then makes a subscription on an old, unconfigured price.
    const first = (await state(app, member.user.id)).membership.stripeSubscriptionId!;
    await send(
      app,
      fake,
      'customer.subscription.deleted',
      fake.updateSubscription(first, { status: 'canceled' }),
    );
    expect((await state(app, member.user.id)).membership.tier).toBe('free');

    const legacy = fake.createSubscription({
      customer,
      price: 'price_legacy_2024',
      metadata: { type: 'plan', userId: member.user.id, itemId: 'premium' },
    });
    expect(await send(app, fake, 'customer.subscription.created', legacy)).toBe('skipped');
    expect((await state(app, member.user.id)).membership).toMatchObject({
      tier: 'free',
      stripeSubscriptionId: null,
    });
    expect(log.entries().filter((e) => e.level === 50)).toEqual([
      expect.objectContaining({
        msg: expect.stringContaining('matches no STRIPE_PRICE_BASIC/PREMIUM/ENTERPRISE'),
        subscriptionId: legacy.id,
        priceIds: ['price_legacy_2024'],
      }),
    ]);
  });
});
