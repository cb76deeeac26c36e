// The once-only gate for provider events: each event id is inserted into payment_events in the
// same transaction as its effect, so a duplicated or concurrent delivery changes nothing.
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
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

// A synthetic payment_events id: once a subscription has ended it can never become live again
// (Stripe subscriptions are not resurrected), so a stale "active" state that arrives after the
// end — an old event, or a re-fetch that raced the cancellation — is refused.
const endedMarker = (subscriptionId: string) => `subscription_ended:${subscriptionId}`;

export async function markSubscriptionEnded(tx: Tx, subscriptionId: string): Promise<void> {
  await tx
    .insert(paymentEvents)
    .values({ id: endedMarker(subscriptionId), type: 'subscription.ended' })
    .onConflictDoNothing();
}

export async function subscriptionEnded(tx: Tx, subscriptionId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, endedMarker(subscriptionId)));
  return Boolean(row);
}
