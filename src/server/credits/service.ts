// The credit ledger: balances, spends, purchases, grants, refunds and clawbacks. Every change is one
// conditional statement inside the caller's transaction: never read-then-write. (The plan and the
// month's usage live in ../membership.)
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { CreditActivityPage, CreditTransactionType } from '../../core/api';
import type { DbExecutor } from '../db/client';
import { creditAccounts, creditTransactions } from '../db/schema';

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
