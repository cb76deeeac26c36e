// The signed-in member's own account: who they are, their profile, and deleting it all.
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { CreditTransactionType, Me } from '../../core/api';
import { MESSAGES } from '../../core/messages';
import { monthKey } from '../../core/month';
import { avatarInitials, displayName } from '../../core/user';
import { type Database, preparedOnce } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import {
  contactMessages,
  creditAccounts,
  creditTransactions,
  generatedImages,
  imageUsage,
  memberships,
  outbox,
  profiles,
  teams,
  users,
  verifications,
} from '../db/schema';
import { AppError, notFound } from '../http/errors';
import { membershipViewOf, stateOf, teamPlanColumns, teamPlanJoins, teamSeat } from '../membership/plan';
import type { Deletions } from '../storage/deletions';
import { imageKeys } from '../storage/storage';
import { endTeamOf } from '../team/service';

// Read on every page load, so prepared once.
const meQuery = (db: Database, name: string) =>
  db
    .select({
      id: users.id,
      email: users.email,
      fullName: profiles.fullName,
      username: profiles.username,
      usernameChangedAt: profiles.usernameChangedAt,
      ...teamPlanColumns,
      teamId: teams.id,
      teamName: teams.name,
      teamRole: teamSeat.role,
      balance: creditAccounts.balance,
      used: imageUsage.count,
      firstSignedInAt: profiles.firstSignedInAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(...teamPlanJoins.seat)
    .leftJoin(...teamPlanJoins.ownerSeat)
    .leftJoin(...teamPlanJoins.ownerPlan)
    .leftJoin(teams, eq(teams.id, teamSeat.organizationId))
    .leftJoin(creditAccounts, eq(creditAccounts.userId, users.id))
    .leftJoin(
      imageUsage,
      and(eq(imageUsage.userId, users.id), eq(imageUsage.month, sql.placeholder('month'))),
    )
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare(name);

/**
 * Everything the nav, dashboard and generator show, in one read-only query. `sessionStartedAt` is
 * when the asking session began: a session later than the member's first is a return.
 */
export async function getMe(
  db: Database,
  userId: string,
  now = new Date(),
  sessionStartedAt: Date = now,
): Promise<Me> {
  const query = preparedOnce(db, 'account_me', (name) => meQuery(db, name));
  const [row] = await query.execute({ userId, month: monthKey(now) });
  if (!row) throw notFound('Account not found');
  const fullName = row.fullName ?? '';
  return {
    user: {
      id: row.id,
      email: row.email,
      name: displayName({ fullName, username: row.username }),
      fullName,
      username: row.username ?? '',
      usernameChangedAt: row.usernameChangedAt?.toISOString() ?? null,
      avatarInitials: avatarInitials(displayName({ fullName, username: row.username })),
      signedInBefore:
        row.firstSignedInAt !== null && sessionStartedAt.getTime() > row.firstSignedInAt.getTime(),
    },
    membership: membershipViewOf(
      stateOf(row),
      // No row yet this month means nothing used; the row is created when the first image is reserved.
      row.used ?? 0,
      now,
    ),
    credits: row.balance ?? 0,
    team:
      row.teamId && row.teamName
        ? { id: row.teamId, name: row.teamName, role: row.teamRole === 'owner' ? 'owner' : 'member' }
        : null,
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

/** What a ledger row of a deleted account says: its kind, never the prompt it once quoted. */
const LEDGER_LABEL_AFTER_DELETION: Record<CreditTransactionType, string> = {
  purchase: 'Credit purchase',
  spend: 'Credit spent',
  refund: 'Credit refund',
  grant: 'Credits granted',
  clawback: 'Credits taken back',
};

/**
 * Deletes the member and everything that is theirs: sessions, profile, membership, usage,
 * pictures (rows now, files through pending deletions), their contact messages and the mail sent
 * to them. Ledger rows stay for the books (amount, kind, date) with the user reference cleared and
 * the description, which quoted prompts, replaced by the kind. The Privacy page says the same.
 * Succeeds once the rows are gone; files the store refuses stay pending and are retried.
 */
export async function deleteAccount(
  db: Database,
  deletions: Deletions,
  opts: { userId: string; email: string; confirmEmail: string },
): Promise<void> {
  confirmDeletion(opts);
  const email = opts.email.toLowerCase();
  // One transaction: the rows go with the user, and the files to remove are recorded with them.
  const prefixes = await db.transaction(async (tx) => {
    const images = await tx
      .delete(generatedImages)
      .where(eq(generatedImages.userId, opts.userId))
      .returning({ id: generatedImages.id });
    const prefixes = images.map((image) => imageKeys.prefix(image.id));
    await deletions.record(tx, prefixes, 'account deleted');
    await tx
      .update(creditTransactions)
      .set({
        description: sql`case ${creditTransactions.type} ${sql.join(
          Object.entries(LEDGER_LABEL_AFTER_DELETION).map(([type, label]) => sql`when ${type} then ${label}`),
          sql` `,
        )} else 'Credits' end`,
      })
      .where(eq(creditTransactions.userId, opts.userId));
    await tx
      .delete(contactMessages)
      .where(or(eq(contactMessages.userId, opts.userId), eq(sql`lower(${contactMessages.email})`, email)));
    await tx.delete(outbox).where(eq(sql`lower(${outbox.to})`, email));
    // Password-reset and verification tokens name the member by id or address.
    await tx
      .delete(verifications)
      .where(or(eq(verifications.value, opts.userId), eq(verifications.identifier, email)));
    // An owner's team ends with them (members fall back to their own plan); a member's seat cascades.
    await endTeamOf(tx, opts.userId);
    // Sessions, accounts, profile, membership, usage and credit balance cascade; ledger rows are set null.
    await tx.delete(users).where(eq(users.id, opts.userId));
    return prefixes;
  });
  await deletions.remove(prefixes);
}
