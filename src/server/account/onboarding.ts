import type { Tx } from '../db/client';
import { creditAccounts, profiles } from '../db/schema';
import { createFreeMembership } from '../membership/service';
import { neutralUsername } from './neutral-username';

/**
 * Everything a new member needs besides the Better Auth user: a profile with a starting username,
 * an active free membership and an empty credit account. Runs inside the sign-up transaction.
 */
export async function createMemberRecords(tx: Tx, userId: string): Promise<void> {
  await insertProfile(tx, userId);
  await createFreeMembership(tx, userId);
  await tx.insert(creditAccounts).values({ userId, balance: 0 });
}

async function insertProfile(tx: Tx, userId: string) {
  // A taken name must not abort the sign-up transaction, so conflicts are skipped and retried.
  for (let attempt = 0; attempt < 8; attempt++) {
    const rows = await tx
      .insert(profiles)
      .values({ userId, fullName: '', username: neutralUsername() })
      .onConflictDoNothing()
      .returning({ userId: profiles.userId });
    if (rows.length > 0) return;
  }
  throw new Error('could not find a free starting username');
}
