// The once-only gate for provider events: each event id is inserted into payment_events in the
// same transaction as its effect, so a duplicated or concurrent delivery changes nothing.
import { eq } from 'drizzle-orm';
import type { Database, DbExecutor, Tx } from '../db/client';
import { paymentEvents } from '../db/schema';

/** Records an event id; false when it was already recorded (this delivery is a duplicate). */
export async function claimEvent(tx: Tx, event: { id: string; type: string }): Promise<boolean> {
  const rows = await tx
    .insert(paymentEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

export async function eventSeen(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, id));
  return Boolean(row);
}

// Synthetic payment_events ids mark facts that later events must respect, in the same table (and
// transaction) as the events themselves.
async function mark(db: DbExecutor, id: string, type: string): Promise<void> {
  await db.insert(paymentEvents).values({ id, type }).onConflictDoNothing();
}

async function marked(db: DbExecutor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, id));
  return Boolean(row);
}

// Once a subscription has ended it can never become live again (Stripe subscriptions are not
// resurrected), so a stale "active" state that arrives after the end — an old event, or a
// re-fetch that raced the cancellation — is refused.
const endedMarker = (subscriptionId: string) => `subscription_ended:${subscriptionId}`;

export const markSubscriptionEnded = (tx: Tx, subscriptionId: string) =>
  mark(tx, endedMarker(subscriptionId), 'subscription.ended');

export const subscriptionEnded = (tx: Tx, subscriptionId: string) => marked(tx, endedMarker(subscriptionId));

// The Stripe customer of an account that was deleted. Its membership row (and so the link
// customer → member) goes with the account; this is what tells a later event of that customer
// from one of a customer the app never knew.
const deletedCustomerMarker = (customerId: string) => `customer_of_deleted_account:${customerId}`;

export const markCustomerDeleted = (db: DbExecutor, customerId: string) =>
  mark(db, deletedCustomerMarker(customerId), 'customer.account_deleted');

export const customerDeleted = (db: DbExecutor, customerId: string) =>
  marked(db, deletedCustomerMarker(customerId));
