// Shared setup for billing tests: the real app against a fake Stripe, and small readers of state.
import { eq } from 'drizzle-orm';
import { getBalance } from '../../src/server/credits/service';
import { creditTransactions, memberships, paymentEvents } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { type FakeStripe, startFakeStripe } from '../helpers/fake-stripe';

export const PRICE_ENV = {
  STRIPE_PRICE_BASIC: 'price_basic',
  STRIPE_PRICE_STARTER: 'price_starter',
  STRIPE_PRICE_CREATOR: 'price_creator',
  STRIPE_PRICE_PRO: 'price_pro',
};

export async function stripeApp(env: Record<string, string | undefined> = PRICE_ENV) {
  const fake = await startFakeStripe();
  const app = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_clipsmith',
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_URL: fake.url,
      ...env,
    },
    overrides: { background: false },
  });
  return { app, fake };
}

export async function testModeApp() {
  return createTestApp({ overrides: { background: false } });
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
  return { balance: await getBalance(db, userId), membership, ledger, events };
}

export type { FakeStripe, TestApp };
