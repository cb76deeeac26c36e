// Deleting an account: one sequence, each step only once the one before it has succeeded.

import { eq, or, sql } from 'drizzle-orm';
import type { CreditTransactionType } from '../../core/api';
import { DomainError } from '../../core/domain-error';
import { MESSAGES } from '../../core/messages';
import { cancelSubscriptionForDeletedAccount } from '../billing/account-deletion';
import type { Payments } from '../billing/ports';
import type { Database } from '../db/client';
import {
  contactMessages,
  creditTransactions,
  generatedImages,
  outbox,
  users,
  verifications,
} from '../db/schema';
import type { GalleryCache } from '../gallery/first-page-cache';
import type { Logger } from '../logger';
import type { Deletions } from '../storage/deletions';
import { imageKeys } from '../storage/storage';
import { endTeamOf } from '../team/service';

export type DeleteAccountDeps = {
  db: Database;
  deletions: Deletions;
  galleryCache: GalleryCache;
  payments: Payments;
  logger: Logger;
};

/**
 * Deletes a member's account at their request. In order:
 * 1. the typed e-mail must be theirs: a mistyped one must not cancel the subscription and keep the account;
 * 2. their billing ends (open checkouts, subscriptions at Stripe); if Stripe cannot be reached the
 *    account stays (502) and the member can retry;
 * 3. their rows go in one transaction, their files through pending deletions;
 * 4. Explore's cached first page forgets their pictures and name.
 */
export async function deleteAccount(
  deps: DeleteAccountDeps,
  opts: { userId: string; email: string; confirmEmail: string },
): Promise<void> {
  confirmDeletion(opts);
  await cancelSubscriptionForDeletedAccount(deps, opts.userId);
  await removeMemberData(deps, opts);
  await deps.galleryCache.invalidate();
}

/** The member typed their own e-mail to confirm; nothing may happen to the account before this. */
function confirmDeletion(opts: { email: string; confirmEmail: string }): void {
  if (opts.confirmEmail.trim().toLowerCase() !== opts.email.toLowerCase()) {
    throw new DomainError('invalid', MESSAGES.confirmEmailMismatch, { code: 'confirmation_mismatch' });
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
async function removeMemberData(
  { db, deletions }: { db: Database; deletions: Deletions },
  opts: { userId: string; email: string },
): Promise<void> {
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
