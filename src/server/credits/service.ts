// Memberships, monthly usage and the credit ledger. Every money or quota change is one conditional
// statement inside the caller's transaction: never read-then-write.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { CreditActivityPage, CreditTransactionType } from '../../core/api';
import { monthKey } from '../../core/month';
import { tierInForce } from '../../core/subscription';
import { monthlyImageLimit, type Tier } from '../../core/tiers';
import { type DbExecutor, queryRows } from '../db/client';
import { creditAccounts, creditTransactions, imageUsage, memberships } from '../db/schema';

export type MembershipView = {
  tier: Tier;
  status: string;
  imageCount: number;
  imageLimit: number | null;
  periodEnd: string | null;
};

/**
 * The tier that applies now: a membership whose paid period ended more than the renewal grace
 * ago counts as free until a renewal arrives, whatever its stored tier.
 */
export async function effectiveTier(db: DbExecutor, userId: string, now = new Date()): Promise<Tier> {
  const [m] = await db
    .select({ tier: memberships.tier, status: memberships.status, end: memberships.currentPeriodEnd })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  return tierOf(m, now);
}

/**
 * The tier a membership row grants at `now` (see effectiveTier). The membership's status is its
 * subscription's (or 'active' for Free and the test checkout); the rule is core's, shared with the web app.
 */
export const tierOf = tierInForce;

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
    balance: number | null;
  }>(
    db,
    sql`with reserved as (
      insert into ${imageUsage} (user_id, month, count) values (${userId}, ${month}, ${images})
      on conflict (user_id, month) do update set count = ${imageUsage}.count + ${images}, updated_at = now()
      returning count
    )
    select reserved.count, m.tier, m.status, m.current_period_end as "end", c.balance
    from reserved
    left join ${memberships} m on m.user_id = ${userId}
    left join ${creditAccounts} c on c.user_id = ${userId}`,
  );
  const membership = row.tier
    ? { tier: row.tier, status: row.status ?? '', end: row.end ? new Date(row.end) : null }
    : null;
  return {
    used: Number(row.count) - images,
    tier: tierOf(membership, now),
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

export async function getBalance(db: DbExecutor, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: creditAccounts.balance })
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, userId));
  return row?.balance ?? 0;
}

/**
 * Debits credits only if the balance covers them (one conditional UPDATE) and appends the ledger
 * row. Returns the new balance, or null when the balance was too low.
 */
export async function spendCredits(
  db: DbExecutor,
  opts: { userId: string; amount: number; description: string; referenceId?: string },
): Promise<number | null> {
  const [row] = await db
    .update(creditAccounts)
    .set({ balance: sql`${creditAccounts.balance} - ${opts.amount}`, updatedAt: new Date() })
    .where(and(eq(creditAccounts.userId, opts.userId), sql`${creditAccounts.balance} >= ${opts.amount}`))
    .returning({ balance: creditAccounts.balance });
  if (!row) return null;
  await db.insert(creditTransactions).values({
    userId: opts.userId,
    type: 'spend',
    amount: -opts.amount,
    description: opts.description,
    referenceId: opts.referenceId ?? null,
  });
  return row.balance;
}

/**
 * Adds credits once per (reference, type): the ledger row goes first and its unique index decides
 * whether this call applies. Returns whether it applied.
 */
export async function addCredits(
  db: DbExecutor,
  opts: {
    userId: string;
    amount: number;
    type: Extract<CreditTransactionType, 'purchase' | 'grant' | 'refund'>;
    description: string;
    referenceId?: string;
  },
): Promise<boolean> {
  if (!Number.isInteger(opts.amount) || opts.amount <= 0)
    throw new Error('credit amount must be a positive integer');
  const inserted = await db
    .insert(creditTransactions)
    .values({
      userId: opts.userId,
      type: opts.type,
      amount: opts.amount,
      description: opts.description,
      referenceId: opts.referenceId ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: creditTransactions.id });
  if (inserted.length === 0) return false;
  await db
    .insert(creditAccounts)
    .values({ userId: opts.userId, balance: opts.amount })
    .onConflictDoUpdate({
      target: creditAccounts.userId,
      set: { balance: sql`${creditAccounts.balance} + ${opts.amount}`, updatedAt: new Date() },
    });
  return true;
}

/**
 * Takes back up to `amount` credits (never below 0), once per reference. Returns how many were
 * taken, or null when this reference was already clawed back. Run it inside a transaction.
 */
export async function clawbackCredits(
  db: DbExecutor,
  opts: { userId: string; amount: number; description: string; referenceId: string },
): Promise<number | null> {
  const [claimed] = await db
    .insert(creditTransactions)
    .values({
      userId: opts.userId,
      type: 'clawback',
      amount: 0,
      description: opts.description,
      referenceId: opts.referenceId,
    })
    .onConflictDoNothing()
    .returning({ id: creditTransactions.id });
  if (!claimed) return null;
  // The row lock holds until the caller's transaction ends, so nothing moves between read and write.
  const [account] = await db
    .select({ balance: creditAccounts.balance })
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, opts.userId))
    .for('update');
  const taken = Math.min(account?.balance ?? 0, opts.amount);
  if (taken > 0) {
    await db
      .update(creditAccounts)
      .set({ balance: sql`${creditAccounts.balance} - ${taken}`, updatedAt: new Date() })
      .where(eq(creditAccounts.userId, opts.userId));
  }
  await db.update(creditTransactions).set({ amount: -taken }).where(eq(creditTransactions.id, claimed.id));
  return taken;
}

export async function membershipView(
  db: DbExecutor,
  userId: string,
  now = new Date(),
): Promise<MembershipView> {
  const [m] = await db.select().from(memberships).where(eq(memberships.userId, userId));
  const tier = await effectiveTier(db, userId, now);
  return {
    tier,
    status: m?.status ?? 'active',
    imageCount: await readUsage(db, userId, monthKey(now)),
    imageLimit: monthlyImageLimit(tier),
    periodEnd: m?.currentPeriodEnd?.toISOString() ?? null,
  };
}

export async function listTransactions(
  db: DbExecutor,
  userId: string,
  opts: { page: number; pageSize: number },
): Promise<CreditActivityPage> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId));
  const items = await db
    .select({
      id: creditTransactions.id,
      type: creditTransactions.type,
      amount: creditTransactions.amount,
      description: creditTransactions.description,
      createdAt: creditTransactions.createdAt,
    })
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId))
    .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize);
  return {
    items: items.map((t) => ({ ...t, createdAt: t.createdAt.toISOString() })),
    page: opts.page,
    pageSize: opts.pageSize,
    total,
    totalPages: Math.max(1, Math.ceil(total / opts.pageSize)),
  };
}
