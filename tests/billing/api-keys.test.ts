// Leaving Enterprise revokes the member's API keys, whichever way the plan changes, so buying
// Enterprise again never brings an old, perhaps forgotten, key back to life.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/server/cli/admin';
import { apiKeys } from '../../src/server/db/schema';
import { createKey, v1 } from '../helpers/api-keys';
import { ORIGIN, signUp } from '../helpers/app';
import type { Member } from '../helpers/members';
import {
  checkout,
  closeStripeApps,
  type FakeStripe,
  send,
  stripeApp,
  subscribe,
  type TestApp,
  testModeApp,
} from './setup';

afterEach(closeStripeApps);

async function listedKeyIds(app: TestApp, member: Member) {
  const res = await app.request('/api/keys', { cookie: member.cookie });
  expect(res.status).toBe(200);
  return ((await res.json()).keys as Array<{ id: string }>).map((k) => k.id);
}

async function expectRevoked(app: TestApp, key: string) {
  const res = await v1(app, key, '/images');
  expect(res.status).toBe(401);
  expect((await res.json()).error.code).toBe('invalid_api_key');
}

/** An Enterprise subscriber through the fake Stripe, with one working key. */
async function enterpriseSubscriber(app: TestApp, fake: FakeStripe) {
  const member = await signUp(app);
  const { subscriptionId } = await subscribe(app, fake, member, 'enterprise');
  const key = await createKey(app, member, 'Old script');
  expect((await v1(app, key.key, '/images')).status).toBe(200);
  return { member, subscriptionId, key };
}

describe('API keys follow the plan', () => {
  it('revokes the keys when Enterprise is cancelled; buying it again needs a new key', async () => {
    const { app, fake } = await stripeApp();
    const { member, subscriptionId, key } = await enterpriseSubscriber(app, fake);

    const canceled = fake.updateSubscription(subscriptionId, { status: 'canceled' });
    expect(await send(app, fake, 'customer.subscription.deleted', canceled)).toBe('applied');
    await expectRevoked(app, key.key);

    expect((await subscribe(app, fake, member, 'enterprise')).outcome).toBe('applied');
    const me = await (await app.request('/api/me', { cookie: member.cookie })).json();
    expect(me.membership.tier).toBe('enterprise');
    await expectRevoked(app, key.key);
    expect(await listedKeyIds(app, member)).toEqual([]);

    const fresh = await createKey(app, member, 'New script');
    expect((await v1(app, fresh.key, '/images')).status).toBe(200);
    expect(await listedKeyIds(app, member)).toEqual([fresh.id]);
    // The old one is kept as revoked (the data export lists it), never working again.
    const [old] = await app.deps.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(old.revokedAt).toBeInstanceOf(Date);
  });

  it('revokes the keys on a downgrade in the Customer Portal; upgrading back does not revive them', async () => {
    const { app, fake } = await stripeApp();
    const { member, subscriptionId, key } = await enterpriseSubscriber(app, fake);

    const premium = fake.changePrice(subscriptionId, 'price_premium');
    expect(await send(app, fake, 'customer.subscription.updated', premium)).toBe('applied');
    await expectRevoked(app, key.key);
    expect(await listedKeyIds(app, member)).toEqual([]);

    const enterprise = fake.changePrice(subscriptionId, 'price_enterprise');
    expect(await send(app, fake, 'customer.subscription.updated', enterprise)).toBe('applied');
    await expectRevoked(app, key.key);
    const fresh = await createKey(app, member);
    expect((await v1(app, fresh.key, '/images')).status).toBe(200);
  });

  it('keeps the keys through a renewal', async () => {
    const { app, fake } = await stripeApp();
    const { member, subscriptionId, key } = await enterpriseSubscriber(app, fake);
    const renewed = fake.updateSubscription(subscriptionId, {
      periodEnd: new Date(Date.now() + 60 * 86_400_000),
    });
    expect(await send(app, fake, 'customer.subscription.updated', renewed)).toBe('applied');
    expect((await v1(app, key.key, '/images')).status).toBe(200);
    expect(await listedKeyIds(app, member)).toEqual([key.id]);
  });

  it('revokes the keys when the test portal switches to another plan or cancels', async () => {
    const app = await testModeApp();
    for (const leave of ['switch', 'cancel'] as const) {
      const member = await signUp(app);
      const { url } = await (await checkout(app, member.cookie, { kind: 'plan', id: 'enterprise' })).json();
      expect((await form(app, `${url}/pay`, member.cookie)).status).toBe(303);
      const key = await createKey(app, member);
      expect((await v1(app, key.key, '/images')).status).toBe(200);

      const left =
        leave === 'switch'
          ? await form(app, '/checkout/test/portal/switch', member.cookie, 'plan=premium')
          : await form(app, '/checkout/test/portal/cancel', member.cookie);
      expect(left.status, leave).toBe(303);
      await expectRevoked(app, key.key);
      expect(await listedKeyIds(app, member)).toEqual([]);
    }
  });

  it('revokes the keys when an operator moves the member off Enterprise (admin tier:set)', async () => {
    const app = await testModeApp();
    const member = await signUp(app);
    const db = app.deps.database.db;
    const out: string[] = [];
    await runAdmin(db, ['tier:set', member.user.email, 'enterprise'], (l) => out.push(l));
    const key = await createKey(app, member);
    expect((await v1(app, key.key, '/images')).status).toBe(200);

    await runAdmin(db, ['tier:set', member.user.email, 'premium'], (l) => out.push(l));
    expect(out.at(-1)).toBe(`${member.user.email} is now on the premium plan. 1 API key revoked.`);
    await expectRevoked(app, key.key);
    await runAdmin(db, ['tier:set', member.user.email, 'enterprise'], (l) => out.push(l));
    await expectRevoked(app, key.key);
  });
});

function form(app: TestApp, path: string, cookie: string, body = '') {
  return app.request(path, {
    method: 'POST',
    cookie,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    body,
    redirect: 'manual',
  });
}
