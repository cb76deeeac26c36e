// Premium and Enterprise are bought exactly like Basic, and the tier follows the subscription's
// current price: upgrades and downgrades in the Customer Portal change it.
import { afterEach, describe, expect, it } from 'vitest';
import { ORIGIN, signUp } from '../helpers/app';
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
  testModeApp,
} from './setup';

let app: TestApp | undefined;
let fake: FakeStripe | undefined;
afterEach(closeStripeApps);

async function limits(app: TestApp, cookie: string) {
  const me = await (await app.request('/api/me', { cookie })).json();
  return [me.membership.tier, me.membership.imageLimit];
}

describe('Premium and Enterprise with Stripe', () => {
  it.each([
    ['premium', 'price_premium', 100],
    ['enterprise', 'price_enterprise', null],
  ] as const)('sells %s as a subscription with its own price', async (plan, price, limit) => {
    ({ app, fake } = await stripeApp());
    const member = await signUp(app);
    const { sessionId, outcome } = await subscribe(app, fake, member, plan);
    expect(outcome).toBe('applied');
    const [call] = fake.calls('POST', '/v1/checkout/sessions');
    expect(call.body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price, quantity: '1' }],
      subscription_data: { metadata: { type: 'plan', itemId: plan } },
    });
    expect(await limits(app, member.cookie)).toEqual([plan, limit]);
    expect(await confirm(app, member.cookie, sessionId)).toMatchObject({ status: 'completed', tier: plan });
  });

  it('follows upgrades and downgrades made in the Customer Portal', async () => {
    ({ app, fake } = await stripeApp());
    const member = await signUp(app);
    const { subscriptionId } = await subscribe(app, fake, member, 'basic');
    expect(await limits(app, member.cookie)).toEqual(['basic', 30]);

    const portal = await app.request('/api/billing/portal', {
      method: 'POST',
      cookie: member.cookie,
      json: { returnTo: '/pricing' },
    });
    expect(portal.status).toBe(200);

    // The checkout metadata still says "basic"; the subscription's price is what counts.
    const upgraded = fake.changePrice(subscriptionId, 'price_enterprise');
    expect(await send(app, fake, 'customer.subscription.updated', upgraded)).toBe('applied');
    expect(await limits(app, member.cookie)).toEqual(['enterprise', null]);

    const downgraded = fake.changePrice(subscriptionId, 'price_premium');
    expect(await send(app, fake, 'customer.subscription.updated', downgraded)).toBe('applied');
    expect(await limits(app, member.cookie)).toEqual(['premium', 100]);

    // A member with a plan changes it in the portal; a second checkout is refused.
    const again = await checkout(app, member.cookie, { kind: 'plan', id: 'enterprise' });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe(
      'You already have the Premium plan. Change or cancel it from Manage billing on your dashboard.',
    );
  });

  it('grants nothing for a price no STRIPE_PRICE_* names: a change to it leaves the membership as it was', async () => {
    ({ app, fake } = await stripeApp());
    const member = await signUp(app);
    const { subscriptionId } = await subscribe(app, fake, member, 'basic');
    const before = (await state(app, member.user.id)).membership;
    // Moved to an unconfigured premium-priced plan in the Dashboard: neither Basic nor a guess.
    const legacy = fake.changePrice(subscriptionId, 'price_legacy_2024');
    fake.updateSubscription(subscriptionId, { periodEnd: new Date(Date.now() + 61 * 86_400_000) });
    expect(await send(app, fake, 'customer.subscription.updated', legacy)).toBe('skipped');
    const after = (await state(app, member.user.id)).membership;
    expect(after).toMatchObject({ tier: 'basic', stripeSubscriptionId: subscriptionId });
    expect(after.currentPeriodEnd).toEqual(before.currentPeriodEnd);
  });

  it('refuses a plan whose price is not configured, with the spec message', async () => {
    ({ app, fake } = await stripeApp({ ...PRICE_ENV, STRIPE_PRICE_ENTERPRISE: undefined }));
    const member = await signUp(app);
    const res = await checkout(app, member.cookie, { kind: 'plan', id: 'enterprise' });
    expect(res.status).toBe(503);
    expect((await res.json()).error.message).toBe('Price ID not configured for this plan');
    expect(fake.calls('POST', '/v1/checkout/sessions')).toEqual([]);
  });
});

describe('Premium and Enterprise with the test checkout', () => {
  const form = (app: TestApp, path: string, cookie: string, body = '') =>
    app.request(path, {
      method: 'POST',
      cookie,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body,
      redirect: 'manual',
    });

  it('buys Premium, switches to Enterprise and back to Basic in the test portal', async () => {
    app = await testModeApp();
    const member = await signUp(app);
    const { url } = await (await checkout(app, member.cookie, { kind: 'plan', id: 'premium' })).json();
    const page = await (await app.request(url, { cookie: member.cookie })).text();
    expect(page).toContain('Premium plan');
    expect(page).toContain('$12.99');
    expect((await form(app, `${url}/pay`, member.cookie)).status).toBe(303);
    expect(await limits(app, member.cookie)).toEqual(['premium', 100]);

    const portal = await (await app.request('/checkout/test/portal', { cookie: member.cookie })).text();
    expect(portal).toContain('Switch to Enterprise ($24.99/month)');
    expect(portal).toContain('Switch to Basic ($7.99/month)');
    expect(portal).not.toContain('Switch to Premium');
    expect((await form(app, '/checkout/test/portal/switch', member.cookie, 'plan=enterprise')).status).toBe(
      303,
    );
    expect(await limits(app, member.cookie)).toEqual(['enterprise', null]);
    expect((await form(app, '/checkout/test/portal/switch', member.cookie, 'plan=basic')).status).toBe(303);
    expect(await limits(app, member.cookie)).toEqual(['basic', 30]);
    expect((await form(app, '/checkout/test/portal/switch', member.cookie, 'plan=free')).status).toBe(400);
  });
});
