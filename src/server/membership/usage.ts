// The month's picture count of a member: reserved before a generation, given back when one fails.
// Every change is one conditional statement inside the caller's transaction: never read-then-write.
import { and, eq, sql } from 'drizzle-orm';
import { tierAt } from '../../core/membership';
import { monthKey } from '../../core/month';
import type { Tier } from '../../core/tiers';
import { type DbExecutor, queryRows } from '../db/client';
import { creditAccounts, imageUsage, memberships, teamMembers } from '../db/schema';

/** This month's count; the row is created on first read, race-safe (insert … on conflict do nothing). */
export async function readUsage(db: DbExecutor, userId: string, month = monthKey()): Promise<number> {
  await db.insert(imageUsage).values({ userId, month, count: 0 }).onConflictDoNothing();
  const [row] = await db
    .select({ count: imageUsage.count })
    .from(imageUsage)
    .where(and(eq(imageUsage.userId, userId), eq(imageUsage.month, month)));
  return row?.count ?? 0;
}

/**
 * Adds `images` (one request's pictures) to the month and reads what the entitlement rules need,
 * in one statement: the count before them, the tier that applies now and the credit balance. The upsert locks
 * this month's usage row, so concurrent requests of one member queue here. The tier and balance
 * come from the statement's snapshot; a spend that follows is itself conditional on the balance.
 */
export async function reserveUsage(
  db: DbExecutor,
  userId: string,
  month: string,
  now = new Date(),
  images = 1,
): Promise<{ used: number; tier: Tier; credits: number }> {
  const [row] = await queryRows<{
    count: number;
    tier: Tier | null;
    status: string | null;
    end: Date | string | null;
    team_tier: Tier | null;
    team_status: string | null;
    team_end: Date | string | null;
    balance: number | null;
  }>(
    db,
    sql`with reserved as (
      insert into ${imageUsage} (user_id, month, count) values (${userId}, ${month}, ${images})
      on conflict (user_id, month) do update set count = ${imageUsage}.count + ${images}, updated_at = now()
      returning count
    )
    select reserved.count, m.tier, m.status, m.current_period_end as "end", c.balance,
      tp.tier as team_tier, tp.status as team_status, tp.current_period_end as team_end
    from reserved
    left join ${memberships} m on m.user_id = ${userId}
    left join ${teamMembers} seat on seat.user_id = ${userId}
    left join ${teamMembers} ts on ts.organization_id = seat.organization_id and ts.role = 'owner'
    left join ${memberships} tp on tp.user_id = ts.user_id
    left join ${creditAccounts} c on c.user_id = ${userId}`,
  );
  // The same plan rule as plan.ts's membershipState: the team owner's plan joins the member's own.
  const membership = row.tier
    ? {
        tier: row.tier,
        status: row.status ?? '',
        periodEnd: row.end ? new Date(row.end) : null,
        team: row.team_tier
          ? {
              tier: row.team_tier,
              status: row.team_status ?? '',
              periodEnd: row.team_end ? new Date(row.team_end) : null,
            }
          : null,
      }
    : null;
  return {
    used: Number(row.count) - images,
    tier: tierAt(membership, now),
    credits: Number(row.balance ?? 0),
  };
}

/** Gives back an image reserved by a generation that failed. */
export async function releaseUsage(db: DbExecutor, userId: string, month: string): Promise<void> {
  await db
    .update(imageUsage)
    .set({ count: sql`greatest(${imageUsage.count} - 1, 0)`, updatedAt: new Date() })
    .where(and(eq(imageUsage.userId, userId), eq(imageUsage.month, month)));
}
