// The plan in force and what the member sees of it: reads only. Changing a plan is service.ts's.
import { eq } from 'drizzle-orm';
import type { Me } from '../../core/api';
import { type MembershipState, tierAt } from '../../core/membership';
import { monthKey } from '../../core/month';
import { monthlyImageLimit, type Tier } from '../../core/tiers';
import type { DbExecutor } from '../db/client';
import { memberships } from '../db/schema';
import { readUsage } from './usage';

export type MembershipView = Me['membership'];

/** The stored membership as the plan rule reads it (null when the member has none). */
export async function membershipState(db: DbExecutor, userId: string): Promise<MembershipState | null> {
  const [m] = await db
    .select({ tier: memberships.tier, status: memberships.status, periodEnd: memberships.currentPeriodEnd })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  return m ?? null;
}

/** The tier in force now (core's tierAt over the stored membership). */
export async function effectiveTier(db: DbExecutor, userId: string, now = new Date()): Promise<Tier> {
  return tierAt(await membershipState(db, userId), now);
}

/** The member whose Stripe customer this is, if any. */
export async function memberOfCustomer(db: DbExecutor, customerId: string): Promise<string | null> {
  const [m] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(eq(memberships.stripeCustomerId, customerId));
  return m?.userId ?? null;
}

/** What the member sees of their plan, from the stored membership and this month's count. */
export function membershipViewOf(
  state: MembershipState | null,
  imageCount: number,
  now = new Date(),
): MembershipView {
  const tier = tierAt(state, now);
  return {
    tier,
    status: state?.status ?? 'active',
    imageCount,
    imageLimit: monthlyImageLimit(tier),
    periodEnd: state?.periodEnd?.toISOString() ?? null,
  };
}

export async function membershipView(
  db: DbExecutor,
  userId: string,
  now = new Date(),
): Promise<MembershipView> {
  const state = await membershipState(db, userId);
  return membershipViewOf(state, await readUsage(db, userId, monthKey(now)), now);
}
