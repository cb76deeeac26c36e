// The signed-in member's own account: who they are and their profile (deleting it: delete-account.ts).

import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Me } from '../../core/api';
import { DomainError, notFound } from '../../core/domain-error';
import { MESSAGES } from '../../core/messages';
import { monthKey } from '../../core/month';
import { avatarInitials, displayName } from '../../core/user';
import { type Database, preparedOnce } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { creditAccounts, imageUsage, memberships, profiles, teams, users } from '../db/schema';
import type { GalleryCache } from '../gallery/first-page-cache';
import { membershipViewOf, stateOf, teamPlanColumns, teamPlanJoins, teamSeat } from '../membership/plan';

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

/** Explore's cached first page names authors: it is dropped once a change has committed. */
export async function updateProfile(
  deps: { db: Database; galleryCache: GalleryCache },
  opts: { userId: string; fullName: string; username?: string | null },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
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
        throw new DomainError('conflict', MESSAGES.usernameAlreadyChanged, { code: 'username_locked' });
      }
    } catch (error) {
      if (isUniqueViolation(error))
        throw new DomainError('conflict', MESSAGES.usernameTaken, { code: 'username_taken' });
      throw error;
    }
  });
  await deps.galleryCache.invalidate();
}
