// Signing up, as one transaction: Better Auth's user and everything a new member needs commit
// together or not at all.

import { and, eq } from 'drizzle-orm';
import { DomainError } from '../../core/domain-error';
import type { Database, Tx } from '../db/client';
import { isDatabaseBusy } from '../db/errors';
import { users } from '../db/schema';
import { scopedTransaction } from '../db/tx-scope';
import type { Logger } from '../logger';
import type { Auth } from './auth';
import { withPasswordHashed } from './password-hash';

class SignUpRefused extends Error {
  constructor(readonly response: Response) {
    super('sign-up refused');
  }
}

/**
 * Creates the account, or takes over an unconfirmed one at the same address, and sends the
 * confirmation link. The answer is the same whether the address was new or taken (no session
 * until the e-mail link). Returns Better Auth's refusal to answer as is, or null when done.
 */
export async function signUp(
  deps: {
    db: Database;
    auth: Auth;
    logger: Logger;
    /**
     * Creates what a new member needs besides the Better Auth user, inside the sign-up transaction.
     * Given by the app (account/onboarding.ts), so auth never imports the account feature.
     */
    onMemberCreated: (tx: Tx, userId: string) => Promise<void>;
  },
  opts: {
    email: string;
    name?: string;
    password: string;
    /** Better Auth's sign-up endpoint, asked inside the transaction. */
    createUser: () => Promise<Response>;
  },
): Promise<Response | null> {
  const { db, auth } = deps;
  try {
    // The password is hashed before the transaction takes a pooled connection, not while it holds one.
    await withPasswordHashed(opts.password, () =>
      scopedTransaction(db, async (tx) => {
        // An unconfirmed account belongs to nobody yet: the newest sign-up takes it over (its
        // password, its name, a fresh link), so an earlier stranger's password cannot outlive the
        // owner's sign-up. Locked, so two sign-ups take turns.
        const [pending] = await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(and(eq(users.email, opts.email.trim().toLowerCase()), eq(users.emailVerified, false)))
          .for('update');
        if (pending) {
          await auth.takeOverUnconfirmedSignUp({
            ...pending,
            name: opts.name ?? '',
            password: opts.password,
          });
          return;
        }
        const answer = await opts.createUser();
        if (!answer.ok) throw new SignUpRefused(answer);
        const { user } = (await answer.json()) as { user: { id: string } };
        // For a taken address Better Auth answers with a made-up user (and mails the owner): only
        // a new row gets member records. Both ways ask the database once, so both take as long.
        const [created] = await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id));
        if (created) await deps.onMemberCreated(tx, created.id);
      }),
    );
    return null;
  } catch (error) {
    if (error instanceof SignUpRefused) return error.response;
    // No connection in time: answered as busy (503) by the error handler; nothing was created.
    if (isDatabaseBusy(error)) throw error;
    deps.logger.error({ err: error }, 'sign-up failed; nothing was created');
    throw new DomainError('failed', 'Failed to create an account. Please try again.', {
      code: 'sign_up_failed',
    });
  }
}
