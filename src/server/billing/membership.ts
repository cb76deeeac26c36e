// The member side of billing: who a provider object belongs to, and going back to Free.
import { and, eq } from 'drizzle-orm';
import { revokeKeysWithoutApiAccess } from '../api-keys/service';
import type { DbExecutor } from '../db/client';
import { memberships, users } from '../db/schema';

export async function userExists(db: DbExecutor, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return Boolean(row);
}

/** The member whose Stripe customer this is, if any. */
export async function memberOfCustomer(db: DbExecutor, customerId: string): Promise<string | null> {
  const [m] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(eq(memberships.stripeCustomerId, customerId));
  return m?.userId ?? null;
}

/**
 * What follows every change of a member's plan, in the same transaction as the change: leaving
 * Enterprise (by cancelling, a portal downgrade, a lapsed payment or an operator) revokes the
 * member's API keys, so a later Enterprise plan starts with new keys. Returns how many it revoked.
 */
export async function planChanged(db: DbExecutor, userId: string): Promise<number> {
  return revokeKeysWithoutApiAccess(db, userId);
}

/**
 * Back to the Free plan; the membership itself stays active (a free membership is an active
 * one). With `subscriptionId`, only while that subscription is the one on file, so ending an old
 * subscription never touches a newer one. Returns whether a row changed.
 */
export async function downgradeToFree(
  db: DbExecutor,
  opts: { userId: string; subscriptionId?: string },
): Promise<boolean> {
  const where = opts.subscriptionId
    ? and(eq(memberships.userId, opts.userId), eq(memberships.stripeSubscriptionId, opts.subscriptionId))
    : eq(memberships.userId, opts.userId);
  const changed = await db
    .update(memberships)
    .set({
      tier: 'free',
      status: 'active',
      currentPeriodEnd: null,
      stripeSubscriptionId: null,
      updatedAt: new Date(),
    })
    .where(where)
    .returning({ userId: memberships.userId });
  if (changed.length > 0) await planChanged(db, opts.userId);
  return changed.length > 0;
}
