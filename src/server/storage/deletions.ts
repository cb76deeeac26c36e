// Deleted means deleted: every path that removes files goes through here. A pending_deletions row
// (written in the transaction that removed the owner, or just before a clean-up) says what must
// go; the files are removed at once and the row dropped when the store confirms. What the store
// refused or never answered stays pending and is retried with back-off by the worker's sweep.
import { asc, count, eq, inArray, lte, min, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../db/client';
import { pendingDeletions } from '../db/schema';
import type { HealthCheck } from '../health/checks';
import type { Logger } from '../logger';
import type { Storage } from './storage';

export type DeletionDeps = { db: Database; storage: Storage; logger: Logger };

export type DeletionReason =
  | 'image deleted'
  | 'account deleted'
  | 'upload failed'
  | 'job already settled'
  | 'written after deletion'
  | 'orphaned file';

/** First retry after 30 s, doubling, at most every 6 hours: a store that is down for a day is retried ~10 times. */
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 6 * 60 * 60_000;
/** A claimed row is left alone this long by other processes, so two never delete the same prefix at once. */
const CLAIM_MS = 5 * 60_000;
const RETRY_BATCH = 50;

/**
 * Records prefixes to remove. Call inside the transaction that removes their owner, so the row
 * and the deletion stand or fall together. A prefix already pending is made due now.
 */
export async function recordDeletions(
  db: DbExecutor,
  prefixes: string[],
  reason: DeletionReason,
  now = new Date(),
): Promise<void> {
  if (prefixes.length === 0) return;
  await db
    .insert(pendingDeletions)
    .values(prefixes.map((prefix) => ({ prefix, reason, nextAttemptAt: now, createdAt: now })))
    .onConflictDoUpdate({ target: pendingDeletions.prefix, set: { nextAttemptAt: now } });
}

/**
 * Removes the files of recorded prefixes now. Never throws: a prefix the store refused stays
 * pending (its error and next attempt recorded) and is logged. Returns the prefixes still pending.
 */
export async function removeRecorded(
  deps: DeletionDeps,
  prefixes: string[],
  now = new Date(),
): Promise<string[]> {
  const pending: string[] = [];
  for (const prefix of prefixes) {
    try {
      await deps.storage.deletePrefix(prefix);
      await deps.db.delete(pendingDeletions).where(eq(pendingDeletions.prefix, prefix));
    } catch (error) {
      pending.push(prefix);
      await recordFailure(deps, prefix, error, now);
    }
  }
  return pending;
}

async function recordFailure(deps: DeletionDeps, prefix: string, error: unknown, now: Date) {
  const message = error instanceof Error ? error.message : String(error);
  const [row] = await deps.db
    .update(pendingDeletions)
    .set({
      attempts: sql`${pendingDeletions.attempts} + 1`,
      lastError: message.slice(0, 500),
      // Postgres computes the back-off from the attempts it just counted.
      nextAttemptAt: sql`${now.toISOString()}::timestamptz + least(${MAX_RETRY_MS}, ${FIRST_RETRY_MS} * power(2, ${pendingDeletions.attempts})) * interval '1 millisecond'`,
    })
    .where(eq(pendingDeletions.prefix, prefix))
    .returning({ attempts: pendingDeletions.attempts, nextAttemptAt: pendingDeletions.nextAttemptAt })
    .catch((dbError) => {
      deps.logger.error({ err: dbError, prefix }, 'storage: could not record a failed deletion');
      return [];
    });
  deps.logger.warn(
    { err: error, prefix, attempts: row?.attempts, nextAttemptAt: row?.nextAttemptAt },
    'storage: deletion refused or failed; it stays pending and will be retried',
  );
}

/**
 * Records and removes in one go, for files whose owner is already gone or never existed (a failed
 * upload, a thumbnail made for a picture deleted meanwhile). Never throws.
 */
export async function discardFiles(
  deps: DeletionDeps,
  prefix: string,
  reason: DeletionReason,
): Promise<void> {
  try {
    await recordDeletions(deps.db, [prefix], reason);
  } catch (error) {
    // Without the row the removal below is still worth trying; the orphans command finds the rest.
    deps.logger.error({ err: error, prefix }, 'storage: could not record a deletion');
  }
  await removeRecorded(deps, [prefix]);
}

/**
 * One sweep: claims the deletions that are due (other processes skip claimed rows) and tries
 * them again. Returns how many were removed and how many are still pending afterwards.
 */
export async function retryDueDeletions(
  deps: DeletionDeps,
  now = new Date(),
  limit = RETRY_BATCH,
): Promise<{ removed: number; failed: number }> {
  const claimed = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ prefix: pendingDeletions.prefix })
      .from(pendingDeletions)
      .where(lte(pendingDeletions.nextAttemptAt, now))
      .orderBy(asc(pendingDeletions.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const prefixes = due.map((d) => d.prefix);
    await tx
      .update(pendingDeletions)
      .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
      .where(inArray(pendingDeletions.prefix, prefixes));
    return prefixes;
  });
  const failed = await removeRecorded(deps, claimed, now);
  return { removed: claimed.length - failed.length, failed: failed.length };
}

/** A deletion waiting longer than this means the store keeps refusing: the status says warn. */
const WARN_AFTER_SECONDS = 60 * 60;

/**
 * The deletion path as one object for the runtime: the functions above, plus a health status kept
 * in memory (refreshed after each removal this process makes and on the runtime's timer), so
 * /api/health reads no database to report the backlog.
 */
export type Deletions = {
  /** Call inside the transaction that removes the owner of these prefixes. */
  record(db: DbExecutor, prefixes: string[], reason: DeletionReason): Promise<void>;
  /** Removes recorded prefixes now; what the store refuses stays pending. Never throws. */
  remove(prefixes: string[]): Promise<string[]>;
  /** Records and removes files whose owner is already gone. Never throws. */
  discard(prefix: string, reason: DeletionReason): Promise<void>;
  /** One retry sweep of the due deletions. */
  retryDue(now?: Date): Promise<{ removed: number; failed: number }>;
  refreshStatus(): Promise<void>;
  healthCheck: HealthCheck;
};

export function createDeletions(deps: DeletionDeps): Deletions {
  let pending = 0;
  let oldest: Date | null = null;
  const refreshStatus = async () => {
    const [row] = await deps.db
      .select({ pending: count(), oldest: min(pendingDeletions.createdAt) })
      .from(pendingDeletions);
    pending = row?.pending ?? 0;
    oldest = row?.oldest ? new Date(row.oldest) : null;
  };
  const afterwards = async <T>(work: Promise<T>): Promise<T> => {
    const result = await work;
    await refreshStatus().catch((err) => deps.logger.warn({ err }, 'storage: deletion status not refreshed'));
    return result;
  };
  return {
    record: (db, prefixes, reason) => recordDeletions(db, prefixes, reason),
    remove: (prefixes) => afterwards(removeRecorded(deps, prefixes)),
    discard: (prefix, reason) => afterwards(discardFiles(deps, prefix, reason)),
    retryDue: (now) => afterwards(retryDueDeletions(deps, now)),
    refreshStatus,
    healthCheck: {
      name: 'deletions',
      kind: 'status',
      run() {
        const oldestAgeSeconds = oldest
          ? Math.max(0, Math.floor((Date.now() - oldest.getTime()) / 1000))
          : null;
        const counts = { pending, oldestAgeSeconds };
        if (oldestAgeSeconds !== null && oldestAgeSeconds > WARN_AFTER_SECONDS) {
          return {
            status: 'warn',
            message: `${pending} file deletion${pending === 1 ? '' : 's'} not yet confirmed by the store, the oldest for ${Math.round(oldestAgeSeconds / 60)} min (see pending_deletions)`,
            ...counts,
          };
        }
        return { status: 'ok', ...counts };
      },
    },
  };
}
