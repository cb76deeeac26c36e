// The plan in force and what the member sees of it: reads only. Changing a plan is service.ts's.
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Me } from '../../core/api';
import { type MembershipState, tierAt } from '../../core/membership';
import { monthKey } from '../../core/month';
import { monthlyImageLimit, type Tier } from '../../core/tiers';
import type { DbExecutor } from '../db/client';
import { memberships, teamMembers, users } from '../db/schema';
import { readUsage } from './usage';

export type MembershipView = Me['membership'];

/**
 * The member's seat in a team, the team's owner's seat and the owner's membership: join them
 * after `memberships` (teamPlanJoins) and read them with teamPlanColumns / stateOf, so every
 * query that decides a plan sees the team's Enterprise the same way.
 */
export const teamSeat = alias(teamMembers, 'team_seat');
const teamOwnerSeat = alias(teamMembers, 'team_owner_seat');
const teamOwnerPlan = alias(memberships, 'team_owner_plan');

export const teamPlanColumns = {
  tier: memberships.tier,
  status: memberships.status,
  periodEnd: memberships.currentPeriodEnd,
  teamTier: teamOwnerPlan.tier,
  teamStatus: teamOwnerPlan.status,
  teamPeriodEnd: teamOwnerPlan.currentPeriodEnd,
};

type TeamPlanRow = {
  tier: Tier | null;
  status: string | null;
  periodEnd: Date | null;
  teamTier: Tier | null;
  teamStatus: string | null;
  teamPeriodEnd: Date | null;
};

/** The plan rule's input from a row read with teamPlanColumns (null: no membership). */
export function stateOf(row: TeamPlanRow | undefined): MembershipState | null {
  if (!row?.tier) return null;
  return {
    tier: row.tier,
    status: row.status ?? '',
    periodEnd: row.periodEnd,
    team: row.teamTier
      ? { tier: row.teamTier, status: row.teamStatus ?? '', periodEnd: row.teamPeriodEnd }
      : null,
  };
}

/** Left joins for teamPlanColumns, for a query over `users`. */
export const teamPlanJoins = {
  seat: [teamSeat, eq(teamSeat.userId, users.id)],
  ownerSeat: [
    teamOwnerSeat,
    and(eq(teamOwnerSeat.organizationId, teamSeat.organizationId), eq(teamOwnerSeat.role, 'owner')),
  ],
  ownerPlan: [teamOwnerPlan, eq(teamOwnerPlan.userId, teamOwnerSeat.userId)],
} as const;

/** The stored membership as the plan rule reads it, with the team's (null when the member has none). */
export async function membershipState(db: DbExecutor, userId: string): Promise<MembershipState | null> {
  const [row] = await db
    .select(teamPlanColumns)
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(...teamPlanJoins.seat)
    .leftJoin(...teamPlanJoins.ownerSeat)
    .leftJoin(...teamPlanJoins.ownerPlan)
    .where(eq(users.id, userId));
  return stateOf(row);
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
