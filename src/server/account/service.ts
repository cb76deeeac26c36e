// The signed-in member's own account: who they are, their profile, and deleting it all.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Me } from '../../core/api';
import { MESSAGES } from '../../core/messages';
import { monthKey } from '../../core/month';
import { monthlyImageLimit } from '../../core/tiers';
import { avatarInitials, displayName, emailPrefix } from '../../core/user';
import { tierOf } from '../credits/service';
import { type Database, preparedOnce } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { creditAccounts, generatedImages, imageUsage, memberships, profiles, users } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import type { Logger } from '../logger';
import { imageKeys, type Storage } from '../storage/storage';

// Read on every page load, so prepared once.
const meQuery = (db: Database, name: string) =>
  db
    .select({
      id: users.id,
      email: users.email,
      fullName: profiles.fullName,
      username: profiles.username,
      usernameChangedAt: profiles.usernameChangedAt,
      tier: memberships.tier,
      status: memberships.status,
      periodEnd: memberships.currentPeriodEnd,
      balance: creditAccounts.balance,
      used: imageUsage.count,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(creditAccounts, eq(creditAccounts.userId, users.id))
    .leftJoin(
      imageUsage,
      and(eq(imageUsage.userId, users.id), eq(imageUsage.month, sql.placeholder('month'))),
    )
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare(name);

/** Everything the nav, dashboard and generator show, in one read-only query. */
export async function getMe(db: Database, userId: string, now = new Date()): Promise<Me> {
  const query = preparedOnce(db, 'account_me', (name) => meQuery(db, name));
  const [row] = await query.execute({ userId, month: monthKey(now) });
  if (!row) throw notFound('Account not found');
  const fullName = row.fullName ?? '';
  const tier = tierOf(
    row.tier ? { tier: row.tier, status: row.status ?? '', end: row.periodEnd } : null,
    now,
  );
  return {
    user: {
      id: row.id,
      email: row.email,
      name: displayName({ fullName, email: row.email }),
      fullName,
      username: row.username ?? '',
      usernameChangedAt: row.usernameChangedAt?.toISOString() ?? null,
      avatarInitials: avatarInitials(fullName.trim() || emailPrefix(row.email)),
    },
    membership: {
      tier,
      status: row.status ?? 'active',
      // No row yet this month means nothing used; the row is created when the first image is reserved.
      imageCount: row.used ?? 0,
      imageLimit: monthlyImageLimit(tier),
      periodEnd: row.periodEnd?.toISOString() ?? null,
    },
    credits: row.balance ?? 0,
  };
}

export async function updateProfile(
  db: Database,
  opts: { userId: string; fullName: string; username?: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(profiles).where(eq(profiles.userId, opts.userId)).for('update');
    if (!current) {
      await tx.insert(profiles).values({ userId: opts.userId, fullName: opts.fullName });
    } else {
      await tx
        .update(profiles)
        .set({ fullName: opts.fullName, updatedAt: new Date() })
        .where(eq(profiles.userId, opts.userId));
    }
    const wanted = opts.username?.toLowerCase();
    if (!wanted || wanted === current?.username) return;
    // The once-only rule lives in the WHERE clause: a second change matches no row.
    try {
      const changed = await tx
        .update(profiles)
        .set({ username: wanted, usernameChangedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(profiles.userId, opts.userId), isNull(profiles.usernameChangedAt)))
        .returning({ userId: profiles.userId });
      if (changed.length === 0) {
        throw new AppError(409, 'username_locked', MESSAGES.usernameAlreadyChanged);
      }
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, 'username_taken', MESSAGES.usernameTaken);
      throw error;
    }
  });
}

/** The member typed their own e-mail to confirm; nothing may happen to the account before this. */
export function confirmDeletion(opts: { email: string; confirmEmail: string }): void {
  if (opts.confirmEmail.trim().toLowerCase() !== opts.email.toLowerCase()) {
    throw new AppError(400, 'confirmation_mismatch', MESSAGES.confirmEmailMismatch);
  }
}

/**
 * Deletes the member and everything that is theirs: sessions, profile, membership, usage, images
 * (rows and files). Ledger rows stay for accounting with the user reference cleared.
 */
export async function deleteAccount(
  db: Database,
  storage: Storage,
  logger: Logger,
  opts: { userId: string; email: string; confirmEmail: string },
): Promise<void> {
  confirmDeletion(opts);
  // One transaction: the image rows go with the user, and we learn exactly which files to remove.
  const images = await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(generatedImages)
      .where(eq(generatedImages.userId, opts.userId))
      .returning({ id: generatedImages.id });
    // Sessions, accounts, profile, membership, usage and credit balance cascade; ledger rows are set null.
    await tx.delete(users).where(eq(users.id, opts.userId));
    return deleted;
  });
  for (const image of images) {
    try {
      await storage.deletePrefix(imageKeys.prefix(image.id));
    } catch (error) {
      // The rows are gone, so nobody can reach these files; log for the operator to sweep.
      logger.warn({ err: error, imageId: image.id }, 'could not delete image files of a deleted account');
    }
  }
}
