import { randomInt } from 'node:crypto';
import { emailPrefix } from '../../core/user';
import type { Tx } from '../db/client';
import { creditAccounts, memberships, profiles } from '../db/schema';

/**
 * Everything a new member needs besides the Better Auth user: a profile with a starting username,
 * an active free membership and an empty credit account. Runs inside the sign-up transaction.
 */
export async function createMemberRecords(tx: Tx, userId: string, email: string): Promise<void> {
  await insertProfile(tx, userId, startingUsername(email));
  await tx.insert(memberships).values({ userId, tier: 'free', status: 'active' });
  await tx.insert(creditAccounts).values({ userId, balance: 0 });
}

/** The e-mail prefix reduced to the username alphabet (a–z, 0–9, _), 3–24 characters. */
export function startingUsername(email: string): string {
  const base = emailPrefix(email)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 24);
  return base.length >= 3 ? base : `${base || 'user'}_${randomInt(100, 1000)}`.slice(0, 24);
}

async function insertProfile(tx: Tx, userId: string, base: string) {
  // A taken name must not abort the sign-up transaction, so conflicts are skipped and retried.
  for (let attempt = 0; attempt < 8; attempt++) {
    const username =
      attempt === 0 ? base : `${base.slice(0, 24)}_${randomInt(10 ** (attempt + 1), 10 ** (attempt + 2))}`;
    const rows = await tx
      .insert(profiles)
      .values({ userId, fullName: '', username })
      .onConflictDoNothing()
      .returning({ userId: profiles.userId });
    if (rows.length > 0) return;
  }
  throw new Error('could not find a free starting username');
}
