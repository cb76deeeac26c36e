// Accounts whose address is not confirmed yet. Anyone can sign up with any address, so such an
// account belongs to nobody until its mailbox answers: the newest sign-up owns it (its password,
// its name), only the links mailed for that sign-up confirm it, and confirming leaves nobody else
// signed in. An account signed up for more than once is confirmed without any password: whoever
// follows the link chooses one. Unconfirmed accounts are deleted once their last link has expired.
// See docs/security.md.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, like, lt, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../db/client';
import { accounts, apiKeys, sessions, users, verifications } from '../db/schema';

/** An unconfirmed account is deleted this long after its last link expired (a link in flight still works). */
export const UNCONFIRMED_MARGIN_MS = 60 * 60_000;

// A confirmation link is a signed token Better Auth checks by itself; we also keep a hash of each
// one we mail, so a link can be withdrawn. The hash, not the token: a copy of the table opens nothing.
const LINK_PREFIX = 'email-link:';
const linkIdentifier = (token: string) => `${LINK_PREFIX}${createHash('sha256').update(token).digest('hex')}`;
// Marks an unconfirmed account that more than one sign-up has owned (value: the user id). The
// owner's mailbox gets the link either way, so the password a link would confirm may be a
// stranger's: confirming such an account keeps no password. Lives as long as the account does.
const CONTESTED_PREFIX = 'contested-sign-up:';
const NEVER = new Date('9999-12-31T00:00:00Z');

/** Remembers a confirmation link mailed for the account's current owner. */
export async function recordConfirmationLink(
  db: DbExecutor,
  opts: { userId: string; token: string; expiresAt: Date },
): Promise<void> {
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: linkIdentifier(opts.token),
    value: opts.userId,
    expiresAt: opts.expiresAt,
  });
}

/**
 * The account a confirmation link was mailed for (its current owner's, not expired), or null for a
 * link that was withdrawn, expired or never ours.
 */
export async function liveConfirmationLinkUser(
  db: DbExecutor,
  token: string,
  now = new Date(),
): Promise<string | null> {
  const rows = await db
    .select({ userId: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, linkIdentifier(token)), gt(verifications.expiresAt, now)))
    .limit(1);
  return rows[0]?.userId ?? null;
}

/** Every credential but the password: sessions, API keys, reset links and confirmation links. */
async function forgetEveryOpening(db: DbExecutor, userId: string, { links }: { links: boolean }) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(apiKeys).where(eq(apiKeys.userId, userId));
  await db
    .delete(verifications)
    .where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, userId)));
  if (links)
    await db
      .delete(verifications)
      .where(and(like(verifications.identifier, `${LINK_PREFIX}%`), eq(verifications.value, userId)));
}

/**
 * A sign-up that meets an unconfirmed account makes the newest one its owner: its password hash
 * and name; every earlier link, session and credential stops working. Run in the sign-up
 * transaction, with the user row locked.
 */
export async function takeOverUnconfirmedAccount(
  tx: DbExecutor,
  opts: { userId: string; name: string; passwordHash: string; now: Date },
): Promise<void> {
  const { userId, now } = opts;
  await tx.update(users).set({ name: opts.name, updatedAt: now }).where(eq(users.id, userId));
  // Every account made by sign-up has its password on the 'credential' row.
  await tx
    .update(accounts)
    .set({ password: opts.passwordHash, updatedAt: now })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  await forgetEveryOpening(tx, userId, { links: true });
  await tx.delete(verifications).where(eq(verifications.identifier, `${CONTESTED_PREFIX}${userId}`));
  await tx.insert(verifications).values({
    id: randomUUID(),
    identifier: `${CONTESTED_PREFIX}${userId}`,
    value: userId,
    expiresAt: NEVER,
  });
}

/**
 * Following a live link to an account signed up for more than once: the address is confirmed, but
 * no password stays (it may be a stranger's), nothing stays signed in, and the follower gets a
 * fresh password-reset token to choose one. Returns that token, or null when the account was
 * signed up for once (Better Auth confirms it as usual, password kept).
 */
export async function confirmContestedAccount(
  db: Database,
  opts: { userId: string; resetTokenSeconds: number; now?: Date },
): Promise<string | null> {
  const { userId } = opts;
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ verified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const [mark] = await tx
      .select({ id: verifications.id })
      .from(verifications)
      .where(eq(verifications.identifier, `${CONTESTED_PREFIX}${userId}`));
    if (!user || user.verified || !mark) return null;
    await tx.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.id, userId));
    await tx
      .update(accounts)
      .set({ password: null, updatedAt: now })
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
    await forgetEveryOpening(tx, userId, { links: true });
    await tx.delete(verifications).where(eq(verifications.id, mark.id));
    // The row Better Auth's reset-password endpoint consumes, as if it had mailed the link itself.
    const resetToken = randomBytes(24).toString('base64url');
    await tx.insert(verifications).values({
      id: randomUUID(),
      identifier: `reset-password:${resetToken}`,
      value: userId,
      expiresAt: new Date(now.getTime() + opts.resetTokenSeconds * 1000),
    });
    return resetToken;
  });
}

/**
 * Confirming an address ends every session and credential the account had before: only the person
 * who followed the link (signed in right after this) holds it. Links are kept: a used one opens nothing.
 */
export async function signOutBeforeConfirming(db: DbExecutor, userId: string): Promise<void> {
  await forgetEveryOpening(db, userId, { links: false });
}

/**
 * Deletes unconfirmed accounts whose newest link expired more than the margin ago (their member
 * records go with them), and the expired links. Returns how many accounts went.
 */
export async function deleteUnconfirmedAccounts(
  db: DbExecutor,
  opts: { linkHours: number; now?: Date },
): Promise<number> {
  const now = opts.now ?? new Date();
  const cutoff = new Date(now.getTime() - UNCONFIRMED_MARGIN_MS);
  const createdBefore = new Date(cutoff.getTime() - opts.linkHours * 3600_000);
  const gone = await db
    .delete(users)
    .where(
      and(
        eq(users.emailVerified, false),
        lt(users.createdAt, createdBefore),
        sql`not exists (select 1 from ${verifications} v where v.value = ${users.id}
              and v.identifier like ${`${LINK_PREFIX}%`} and v.expires_at > ${cutoff})`,
      ),
    )
    .returning({ id: users.id });
  await db
    .delete(verifications)
    .where(and(like(verifications.identifier, `${LINK_PREFIX}%`), lt(verifications.expiresAt, cutoff)));
  // Marks of accounts that are gone or were confirmed some other way (a password reset).
  await db
    .delete(verifications)
    .where(
      and(
        like(verifications.identifier, `${CONTESTED_PREFIX}%`),
        sql`not exists (select 1 from ${users} u where u.id = ${verifications.value} and u.email_verified = false)`,
      ),
    );
  return gone.length;
}
