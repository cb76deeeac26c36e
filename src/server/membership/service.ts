// A member's plan: the one place that writes `memberships`, and the reads of the plan in force.
// Every change of plan goes through changePlan, which applies what follows from it in the same
// transaction, so no path (webhook, checkout, test portal, operator) can forget a consequence.
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Tier } from '../../core/tiers';
import { revokeKeysWithoutApiAccess } from '../api-keys/service';
import type { DbExecutor, Tx } from '../db/client';
import { memberships, users } from '../db/schema';
import { teamMemberIdsOf } from '../team/service';

/** How a plan changes. Each kind is one path in the product; the consequences are the same for all. */
export type PlanChange =
  /** Stripe's subscription, as its latest state says (status, price's tier, paid period). */
  | {
      kind: 'subscription';
      tier: Tier;
      status: string;
      periodEnd: Date | null;
      subscriptionId: string;
      customerId: string | null;
    }
  /** The local test checkout: one month of the plan, no renewal. */
  | { kind: 'test-month'; tier: Tier; periodEnd: Date }
  /** The test portal's plan switch: same period, another plan. */
  | { kind: 'switch'; tier: Tier }
  /** An operator's `tier:set`: no billing period, so the plan does not lapse. */
  | { kind: 'operator'; tier: Tier }
  /**
   * Back to Free; the membership itself stays active (a free membership is an active one). With
   * `subscriptionId`, only while that subscription is the one on file, so ending an old
   * subscription never touches a newer one.
   */
  | { kind: 'free'; subscriptionId?: string };

export type PlanChanged = { changed: boolean; keysRevoked: number };

/** The member's starting plan: Free, active. Runs inside the sign-up transaction. */
export async function createFreeMembership(tx: Tx, userId: string): Promise<void> {
  await tx.insert(memberships).values({ userId, tier: 'free', status: 'active' });
}

/** Remembers the member's Stripe customer (made at their first checkout); their plan is unchanged. */
export async function linkStripeCustomer(db: DbExecutor, userId: string, customerId: string): Promise<void> {
  await db
    .insert(memberships)
    .values({ userId, stripeCustomerId: customerId })
    .onConflictDoUpdate({
      target: memberships.userId,
      set: { stripeCustomerId: customerId, updatedAt: new Date() },
    });
}

/** Applies a change of plan and everything that follows from it. Run it inside the caller's transaction. */
export async function changePlan(
  db: DbExecutor,
  opts: { userId: string; change: PlanChange },
): Promise<PlanChanged> {
  const changed = await writePlan(db, opts.userId, opts.change);
  if (!changed) return { changed, keysRevoked: 0 };
  return { changed, keysRevoked: await planConsequences(db, opts.userId) };
}

async function writePlan(db: DbExecutor, userId: string, change: PlanChange): Promise<boolean> {
  const updatedAt = new Date();
  switch (change.kind) {
    case 'subscription': {
      const state = {
        tier: change.tier,
        status: change.status,
        currentPeriodEnd: change.periodEnd,
        stripeSubscriptionId: change.subscriptionId,
        updatedAt,
      };
      await db
        .insert(memberships)
        .values({ userId, ...state, stripeCustomerId: change.customerId })
        .onConflictDoUpdate({
          target: memberships.userId,
          set: {
            ...state,
            stripeCustomerId: sql`coalesce(${memberships.stripeCustomerId}, ${change.customerId})`,
          },
        });
      return true;
    }
    case 'test-month': {
      const live = { tier: change.tier, status: 'active', currentPeriodEnd: change.periodEnd };
      await db
        .insert(memberships)
        .values({ userId, ...live })
        .onConflictDoUpdate({ target: memberships.userId, set: { ...live, updatedAt } });
      return true;
    }
    case 'operator': {
      await db
        .insert(memberships)
        .values({ userId, tier: change.tier, status: 'active' })
        .onConflictDoUpdate({
          target: memberships.userId,
          set: { tier: change.tier, status: 'active', currentPeriodEnd: null, updatedAt },
        });
      return true;
    }
    case 'switch': {
      const rows = await db
        .update(memberships)
        .set({ tier: change.tier, updatedAt })
        .where(eq(memberships.userId, userId))
        .returning({ userId: memberships.userId });
      return rows.length > 0;
    }
    case 'free': {
      const where = change.subscriptionId
        ? and(eq(memberships.userId, userId), eq(memberships.stripeSubscriptionId, change.subscriptionId))
        : eq(memberships.userId, userId);
      const rows = await db
        .update(memberships)
        .set({
          tier: 'free',
          status: 'active',
          currentPeriodEnd: null,
          stripeSubscriptionId: null,
          updatedAt,
        })
        .where(where)
        .returning({ userId: memberships.userId });
      return rows.length > 0;
    }
  }
}

/**
 * What follows every change of a member's plan: leaving Enterprise (by cancelling, a portal
 * downgrade, a lapsed payment or an operator) revokes the member's API keys, so a later Enterprise
 * plan starts with new keys. A team owner's members fall back with them (the plan rule reads the
 * owner's plan), so their keys made under the team's plan are revoked too, unless they have
 * Enterprise of their own. Returns how many it revoked.
 */
async function planConsequences(db: DbExecutor, userId: string): Promise<number> {
  let revoked = await revokeKeysWithoutApiAccess(db, userId);
  for (const memberId of await teamMemberIdsOf(db, userId)) {
    revoked += await revokeKeysWithoutApiAccess(db, memberId);
  }
  return revoked;
}

/**
 * Locks the member's membership row until the caller's transaction ends, so two subscriptions or
 * a checkout and a subscription of one member apply one after the other. Returns what is on file.
 */
export async function lockMembership(
  tx: Tx,
  userId: string,
): Promise<{ subscriptionId: string | null; status: string } | null> {
  const [m] = await tx
    .select({ subscriptionId: memberships.stripeSubscriptionId, status: memberships.status })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .for('update');
  return m ?? null;
}

export type CustomerLink =
  | { linked: true }
  | { linked: false; reason: 'taken'; holderEmail: string }
  | { linked: false; reason: 'has-another'; customerId: string | null }
  | { linked: false; reason: 'no-membership' };

/**
 * An operator links a Stripe customer the app did not create (one made in the Dashboard) to a
 * member: only a customer no other member holds, and only to a member without a customer (or with
 * this one), since replacing one would orphan its subscriptions.
 */
export async function linkExistingStripeCustomer(
  db: DbExecutor,
  userId: string,
  customerId: string,
): Promise<CustomerLink> {
  const [holder] = await db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.stripeCustomerId, customerId), ne(memberships.userId, userId)));
  if (holder) return { linked: false, reason: 'taken', holderEmail: holder.email };
  const linked = await db
    .update(memberships)
    .set({ stripeCustomerId: customerId, updatedAt: new Date() })
    .where(
      and(
        eq(memberships.userId, userId),
        or(isNull(memberships.stripeCustomerId), eq(memberships.stripeCustomerId, customerId)),
      ),
    )
    .returning({ userId: memberships.userId });
  if (linked.length > 0) return { linked: true };
  const [m] = await db
    .select({ customerId: memberships.stripeCustomerId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  return m
    ? { linked: false, reason: 'has-another', customerId: m.customerId }
    : { linked: false, reason: 'no-membership' };
}
