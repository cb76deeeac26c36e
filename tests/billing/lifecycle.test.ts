// The whole Stripe subscription life cycle, through the real adapter (the stripe SDK) against the
// fake Stripe: every status Stripe documents and what the member has in each.
import { afterEach, describe, expect, it } from 'vitest';
import { signUp } from '../helpers/app';
import {
  checkout,
  closeStripeApps,
  confirm,
  type FakeStripe,
  lastCheckout,
  send,
  state,
  stripeApp,
  subscribe,
  type TestApp,
} from './setup';

let app: TestApp | undefined;
let fake: FakeStripe | undefined;
afterEach(closeStripeApps);

async function setup() {
  ({ app, fake } = await stripeApp());
  return { app, fake, member: await signUp(app) };
}

/** What the member sees: the tier and status /api/me reports. */
async function plan(app: TestApp, cookie: string) {
  const me = await (await app.request('/api/me', { cookie })).json();
  return { tier: me.membership.tier, status: me.membership.status, imageLimit: me.membership.imageLimit };
}

describe('a first payment that needs 3-D Secure (incomplete → active)', () => {
  it('grants nothing while incomplete, says so on the success page, and applies the plan once paid', async () => {
    const { app, fake, member } = await setup();
    const { subscriptionId, sessionId, outcome } = await subscribe(app, fake, member, 'basic', {
      firstPayment: 'pending',
    });
    expect(outcome).toBe('skipped');
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('incomplete');
    expect(
      await send(app, fake, 'customer.subscription.created', fake.subscriptions.get(subscriptionId)!),
    ).toBe('skipped');
    expect(await plan(app, member.cookie)).toMatchObject({ tier: 'free' });
    expect(await confirm(app, member.cookie, sessionId)).toMatchObject({
      status: 'pending',
      tier: 'free',
      note: 'Your first payment is waiting for confirmation. Your plan starts as soon as it goes through.',
    });

    // Minutes later the bank confirms: Stripe makes the subscription active and pays the invoice.
    const active = fake.payOpenInvoice(subscriptionId);
    expect(await send(app, fake, 'customer.subscription.updated', active)).toBe('applied');
    expect(await send(app, fake, 'invoice.paid', fake.invoice(subscriptionId))).toBe('applied');
    expect(await plan(app, member.cookie)).toEqual({ tier: 'basic', status: 'active', imageLimit: 30 });
    expect(await confirm(app, member.cookie, sessionId)).toMatchObject({
      status: 'completed',
      tier: 'basic',
      note: null,
    });
    expect((await lastCheckout(app, member.user.id)).status).toBe('completed');
  });

  it('leaves the member on Free when the first payment expires, and a new subscription still applies', async () => {
    const { app, fake, member } = await setup();
    const first = await subscribe(app, fake, member, 'basic', { firstPayment: 'pending' });
    // An incomplete subscription blocks nothing: the member may try again at once.
    const second = await subscribe(app, fake, member, 'basic');
    expect(second.outcome).toBe('applied');
    expect(await plan(app, member.cookie)).toMatchObject({ tier: 'basic' });

    // 23 hours later the first one expires; it must not touch the member's live subscription.
    const expired = fake.expireFirstPayment(first.subscriptionId);
    expect(await send(app, fake, 'customer.subscription.updated', expired)).toBe('skipped');
    expect(await plan(app, member.cookie)).toMatchObject({ tier: 'basic' });
    expect((await state(app, member.user.id)).membership.stripeSubscriptionId).toBe(second.subscriptionId);
    expect(await confirm(app, member.cookie, first.sessionId)).toMatchObject({
      status: 'failed',
      tier: 'basic',
      note: 'The first payment was not completed, so the subscription did not start. Nothing was charged.',
    });
  });

  it('reports a refused first payment as failed, not completed, while the member is on Free', async () => {
    const { app, fake, member } = await setup();
    const { subscriptionId, sessionId } = await subscribe(app, fake, member, 'basic', {
      firstPayment: 'pending',
    });
    fake.expireFirstPayment(subscriptionId);
    const result = await confirm(app, member.cookie, sessionId);
    expect(result).toMatchObject({ status: 'failed', tier: 'free', kind: 'plan', itemId: 'basic' });
    expect(await plan(app, member.cookie)).toMatchObject({ tier: 'free' });
  });
});

describe('renewals', () => {
  it('keeps the plan while past_due, puts it on hold when unpaid, and restores it when the invoice is paid', async () => {
    const { app, fake, member } = await setup();
    const { subscriptionId } = await subscribe(app, fake, member);

    const pastDue = fake.failRenewal(subscriptionId);
    expect(await send(app, fake, 'invoice.payment_failed', fake.invoice(subscriptionId))).toBe('applied');
    expect(pastDue.status).toBe('past_due');
    expect(await plan(app, member.cookie)).toEqual({ tier: 'basic', status: 'past_due', imageLimit: 30 });

    const unpaid = fake.exhaustRetries(subscriptionId, 'unpaid');
    expect(await send(app, fake, 'customer.subscription.updated', unpaid)).toBe('applied');
    expect(await plan(app, member.cookie)).toEqual({ tier: 'free', status: 'unpaid', imageLimit: 3 });
    // The way back is paying the open invoice (the portal stays open), not a second subscription.
    const again = await checkout(app, member.cookie, { kind: 'plan', id: 'basic' });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe(
      'Your plan is on hold until the open invoice is paid. Pay it in Manage billing to get your plan back.',
    );
    const portal = await app.request('/api/billing/portal', { method: 'POST', cookie: member.cookie });
    expect(portal.status).toBe(200);

    const renewed = new Date(Math.floor((Date.now() + 31 * 86_400_000) / 1000) * 1000);
    const active = fake.payOpenInvoice(subscriptionId, { periodEnd: renewed });
    expect(await send(app, fake, 'customer.subscription.updated', active)).toBe('applied');
    expect(await plan(app, member.cookie)).toEqual({ tier: 'basic', status: 'active', imageLimit: 30 });
    const { membership } = await state(app, member.user.id);
    expect(membership.currentPeriodEnd?.toISOString()).toBe(renewed.toISOString());
  });

  it('ends the plan when the retries end in cancellation, and a later subscription of the member applies', async () => {
    const { app, fake, member } = await setup();
    const first = await subscribe(app, fake, member);
    fake.failRenewal(first.subscriptionId);
    const canceled = fake.exhaustRetries(first.subscriptionId, 'canceled');
    expect(await send(app, fake, 'customer.subscription.deleted', canceled)).toBe('applied');
    expect(await plan(app, member.cookie)).toMatchObject({ tier: 'free', status: 'active' });

    const second = await subscribe(app, fake, member);
    expect(second.outcome).toBe('applied');
    // The old subscription's late events change nothing now.
    expect(await send(app, fake, 'customer.subscription.updated', canceled)).toBe('skipped');
    expect(await plan(app, member.cookie)).toMatchObject({ tier: 'basic', status: 'active' });
    expect((await state(app, member.user.id)).membership.stripeSubscriptionId).toBe(second.subscriptionId);
  });

  it('puts a paused subscription on hold and gives the plan back when it resumes', async () => {
    const { app, fake, member } = await setup();
    const { subscriptionId } = await subscribe(app, fake, member);
    fake.updateSubscription(subscriptionId, { status: 'trialing' });
    expect(
      await send(app, fake, 'customer.subscription.updated', fake.subscriptions.get(subscriptionId)!),
    ).toBe('applied');
    expect(await plan(app, member.cookie)).toMatchObject({ tier: 'basic', status: 'trialing' });

    const paused = fake.pause(subscriptionId);
    expect(await send(app, fake, 'customer.subscription.paused', paused)).toBe('applied');
    expect(await plan(app, member.cookie)).toMatchObject({ tier: 'free', status: 'paused' });

    const resumed = fake.resume(subscriptionId);
    expect(await send(app, fake, 'customer.subscription.resumed', resumed)).toBe('applied');
    expect(await plan(app, member.cookie)).toMatchObject({ tier: 'basic', status: 'active' });
  });
});

describe('account deletion', () => {
  it('checks the typed e-mail before anything happens at Stripe, then cancels the subscription', async () => {
    const { app, fake, member } = await setup();
    const { subscriptionId } = await subscribe(app, fake, member);
    const wrong = await app.request('/api/me', {
      method: 'DELETE',
      cookie: member.cookie,
      json: { confirmEmail: 'someone-else@example.com' },
    });
    expect(wrong.status).toBe(400);
    expect(fake.calls('DELETE', '/v1/subscriptions/')).toEqual([]);
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('active');
    expect(await plan(app, member.cookie)).toMatchObject({ tier: 'basic' });

    const right = await app.request('/api/me', {
      method: 'DELETE',
      cookie: member.cookie,
      json: { confirmEmail: member.email },
    });
    expect(right.status).toBe(200);
    expect(fake.calls('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect((await state(app, member.user.id)).membership).toBeUndefined();
  });
});
