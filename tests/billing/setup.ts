// Shared setup for billing tests: the real app against a fake Stripe, and small readers of state.
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { getBalance } from '../../src/server/credits/service';
import {
  checkoutSessions,
  creditTransactions,
  memberships,
  paymentEvents,
  paymentLedger,
} from '../../src/server/db/schema';
import type { Logger } from '../../src/server/logger';
import { createTestApp, type TestApp } from '../helpers/app';
import { type FakeStripe, startFakeStripe } from '../helpers/fake-stripe';

export const PRICE_ENV = {
  STRIPE_PRICE_BASIC: 'price_basic',
  STRIPE_PRICE_PREMIUM: 'price_premium',
  STRIPE_PRICE_ENTERPRISE: 'price_enterprise',
  STRIPE_PRICE_PACK_STARTER: 'price_starter',
  STRIPE_PRICE_PACK_CREATOR: 'price_creator',
  STRIPE_PRICE_PACK_PRO: 'price_pro',
};

const started: Array<TestApp | FakeStripe> = [];

export async function stripeApp(
  env: Record<string, string | undefined> = PRICE_ENV,
  opts: { logger?: Logger } = {},
) {
  const fake = await startFakeStripe();
  started.push(fake);
  const app = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_clipsmith',
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_URL: fake.url,
      ...env,
    },
    overrides: { background: false, ...(opts.logger ? { logger: opts.logger } : {}) },
  });
  started.push(app);
  return { app, fake };
}

export async function testModeApp(
  env: Record<string, string | undefined> = {},
  opts: { logger?: Logger } = {},
) {
  const app = await createTestApp({
    env,
    overrides: { background: false, ...(opts.logger ? { logger: opts.logger } : {}) },
  });
  started.push(app);
  return app;
}

/**
 * `afterEach(closeStripeApps)`: closes every app and fake Stripe the test started and fails it if
 * the adapter called anything the fake does not know (a request the real Stripe would answer
 * differently).
 */
export async function closeStripeApps() {
  const closing = started.splice(0);
  const unknown = closing.flatMap((s) => ('unknown' in s ? s.unknown : []));
  for (const s of closing) await s.close();
  expect(unknown.map((r) => `${r.method} ${r.path}`)).toEqual([]);
}

export function deliver(app: TestApp, body: string, signature: string | null) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers['stripe-signature'] = signature;
  return app.request('/api/billing/webhook', { method: 'POST', body, headers });
}

export async function checkout(app: TestApp, cookie: string, json: Record<string, unknown>) {
  return app.request('/api/billing/checkout', { method: 'POST', cookie, json });
}

export async function state(app: TestApp, userId: string) {
  const db = app.deps.database.db;
  const [membership] = await db.select().from(memberships).where(eq(memberships.userId, userId));
  const ledger = await db.select().from(creditTransactions).where(eq(creditTransactions.userId, userId));
  const events = await db.select().from(paymentEvents);
  const payments = await db.select().from(paymentLedger);
  return { balance: await getBalance(db, userId), membership, ledger, events, payments };
}

export type { FakeStripe, TestApp };

/** Delivers one signed event built by the fake and returns the webhook's outcome. */
export async function send(app: TestApp, fake: FakeStripe, type: string, object: object) {
  const event = fake.event(type, object as Record<string, unknown>);
  const res = await deliver(app, event.body, fake.sign(event.body));
  if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
  return (await res.json()).outcome as string;
}

/** The member's newest checkout session row. */
export async function lastCheckout(app: TestApp, userId: string) {
  const rows = await app.deps.database.db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.userId, userId))
    .orderBy(desc(checkoutSessions.createdAt));
  return rows[0];
}

/**
 * Buys a plan through the fake as a member would: checkout, the hosted page paid, and the
 * checkout.session.completed webhook. Returns the Stripe subscription id and the session id.
 */
export async function subscribe(
  app: TestApp,
  fake: FakeStripe,
  member: { cookie: string; user: { id: string } },
  plan: 'basic' | 'premium' | 'enterprise' = 'basic',
  opts: { firstPayment?: 'paid' | 'pending'; periodEnd?: Date } = {},
) {
  const res = await checkout(app, member.cookie, { kind: 'plan', id: plan });
  if (res.status !== 200) throw new Error(`checkout answered ${res.status}: ${await res.text()}`);
  const row = await lastCheckout(app, member.user.id);
  const session = fake.pay(row.id, opts);
  const outcome = await send(app, fake, 'checkout.session.completed', session);
  return { subscriptionId: session.subscription!, sessionId: row.id, outcome };
}

export function confirm(app: TestApp, cookie: string, sessionId: string) {
  return app
    .request(`/api/billing/checkout/${sessionId}/confirm`, { method: 'POST', cookie })
    .then((r) => r.json());
}
