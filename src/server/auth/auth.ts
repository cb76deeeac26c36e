// Better Auth, configured once: e-mail + password, cookie sessions in our database.
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware, createEmailVerificationToken, isAPIError } from 'better-auth/api';
import { organization } from 'better-auth/plugins/organization';
import { and, eq, isNull, like } from 'drizzle-orm';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../core/constants';
import { TEAM_INVITATION_DAYS, TEAM_SEATS } from '../../core/tiers';
import { displayName } from '../../core/user';
import type { Config } from '../config';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import { scopedDatabase, whenCommitted } from '../db/tx-scope';
import type { Logger } from '../logger';
import { createBudgetedSender } from '../mail/budget';
import type { Mailer, MailMessage } from '../mail/mailer';
import {
  emailVerificationMail,
  passwordResetMail,
  signUpAttemptMail,
  teamInvitationMail,
} from '../mail/templates';
import { hashPasswordOnce } from './password-hash';
import { createSessionReader } from './session-reader';
import {
  confirmContestedAccount,
  liveConfirmationLinkUser,
  recordConfirmationLink,
  signOutBeforeConfirming,
  takeOverUnconfirmedAccount,
} from './unconfirmed';

export const SESSION_DAYS = 30;
const SESSION_SECONDS = 60 * 60 * 24 * SESSION_DAYS;
/** A session in use is extended once a day. */
const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;
export const RESET_TOKEN_SECONDS = 60 * 60;
/** How long the link that finishes a sign-up works (signing in with the password sends a new one). */
export const VERIFY_EMAIL_HOURS = 24;
/** Set by our front of Better Auth (routes.ts) from clientIp(): the only address header it reads. */
export const CLIENT_IP_HEADER = 'x-clipsmith-client-ip';

/**
 * Every outstanding password-reset link of a member stops working: once a reset link has been
 * used or the password changed, an older link (in a forwarded or stolen mailbox) must not set it
 * again.
 */
async function forgetResetLinks(db: Database, userId: string) {
  await db
    .delete(schema.verifications)
    .where(
      and(like(schema.verifications.identifier, 'reset-password:%'), eq(schema.verifications.value, userId)),
    );
}

/** Resetting the password proves the mailbox is the member's, as the sign-up link would have. */
async function confirmEmail(db: Database, userId: string) {
  await db.update(schema.users).set({ emailVerified: true }).where(eq(schema.users.id, userId));
}

export function createAuth(opts: {
  config: Config;
  db: Database;
  secret: string;
  mailer: Mailer;
  logger: Logger;
}) {
  const { config, db, mailer, logger } = opts;
  const sendWithinBudget = createBudgetedSender({ db, mailer });
  /**
   * Not awaited: a slow or failing SMTP server would otherwise make a known address answer later
   * than an unknown one. Each kind of mail has a budget per recipient (mail/budget.ts); past it the
   * mail is not sent and the answer is the same. Failures are logged and kept in the outbox row.
   */
  const sendInBackground = (message: MailMessage) => {
    void sendWithinBudget(message).catch((err: unknown) => {
      logger.error({ err, to: message.to, kind: message.kind }, 'e-mail not recorded');
    });
  };
  const confirmationLinkSeconds = VERIFY_EMAIL_HOURS * 3600;
  /**
   * Makes a confirmation link for the account's current owner, remembers it (in the caller's
   * transaction, if any) and mails it once that has committed. Only remembered links confirm
   * (routes.ts). Ours, not the token Better Auth made: its tokens are the same for every link asked
   * within one second, so one could not be withdrawn without the other.
   */
  const mailConfirmationLink = async (user: { id: string; email: string }) => {
    const token = await createEmailVerificationToken(
      opts.secret,
      user.email,
      undefined,
      confirmationLinkSeconds,
      {
        jti: crypto.randomUUID(),
      },
    );
    const expiresAt = new Date(Date.now() + confirmationLinkSeconds * 1000);
    await recordConfirmationLink(scopedDatabase(db), { userId: user.id, token, expiresAt });
    // Our own page, which confirms with the token and signs in.
    const link = `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    whenCommitted(() =>
      sendInBackground({ to: user.email, ...emailVerificationMail({ link, hours: VERIFY_EMAIL_HOURS }) }),
    );
  };

  const auth = betterAuth({
    appName: 'Clipsmith',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: opts.secret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(scopedDatabase(db), {
      provider: 'pg',
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        organization: schema.teams,
        member: schema.teamMembers,
        invitation: schema.teamInvitations,
      },
    }),
    plugins: [
      // Enterprise teams (decision 019). None of its endpoints is open over HTTP (routes.ts lists
      // the open ones); team/service.ts checks our rules (plan, owner, seats) and calls auth.api.
      organization({
        // Only for an Enterprise owner, by team/service.ts (a server call with the owner's id).
        allowUserToCreateOrganization: false,
        organizationLimit: 1,
        creatorRole: 'owner',
        membershipLimit: TEAM_SEATS,
        invitationLimit: TEAM_SEATS,
        invitationExpiresIn: TEAM_INVITATION_DAYS * 24 * 3600,
        requireEmailVerificationOnInvitation: true,
        async sendInvitationEmail({ id, email, organization: team, inviter }) {
          // The invitation's id is the link's token: a random UUID only its addressee can use.
          const link = `${config.publicUrl}/team/join?token=${encodeURIComponent(id)}`;
          const [profile] = await scopedDatabase(db)
            .select({ fullName: schema.profiles.fullName, username: schema.profiles.username })
            .from(schema.profiles)
            .where(eq(schema.profiles.userId, inviter.user.id));
          const inviterName = displayName({ fullName: profile?.fullName ?? '', username: profile?.username });
          whenCommitted(() =>
            sendInBackground({
              to: email,
              ...teamInvitationMail({ link, teamName: team.name, inviterName, days: TEAM_INVITATION_DAYS }),
            }),
          );
        },
      }),
    ],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Sign-up must not tell who is a member: a new address and a taken one get the same answer
      // (no session; "check your e-mail"), the same password hashing, and an e-mail each: a link
      // that finishes the sign-up, or a note to the owner. See docs/security.md.
      requireEmailVerification: true,
      // Sign-up hashes before its transaction opens (password-hash.ts); verifying stays Better Auth's.
      password: { hash: hashPasswordOnce },
      // Only a confirmed account meets this: routes.ts hands an unconfirmed one to the new sign-up.
      async onExistingUserSignUp({ user }) {
        whenCommitted(() =>
          sendInBackground({
            to: user.email,
            ...signUpAttemptMail({
              signInLink: `${config.publicUrl}/login`,
              resetLink: `${config.publicUrl}/forgot-password`,
            }),
          }),
        );
      },
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async onPasswordReset({ user }) {
        await forgetResetLinks(db, user.id);
        await confirmEmail(db, user.id);
      },
      async sendResetPassword({ user, token }) {
        // Our own page, not Better Auth's redirect endpoint: the SPA posts the token back.
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        sendInBackground({ to: user.email, ...passwordResetMail({ link }) });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A member who lost the link gets a new one by signing in with the right password.
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: confirmationLinkSeconds,
      async sendVerificationEmail({ user }) {
        await mailConfirmationLink(user);
      },
      // Better Auth opens the confirmer's session right after this.
      async afterEmailVerification(user) {
        await signOutBeforeConfirming(db, user.id);
      },
    },
    databaseHooks: {
      session: {
        create: {
          // The member's first session is "Welcome"; set once, so signing out and in again
          // (which deletes that session) is still a return.
          async after(session) {
            await scopedDatabase(db)
              .update(schema.profiles)
              .set({ firstSignedInAt: session.createdAt })
              .where(
                and(eq(schema.profiles.userId, session.userId), isNull(schema.profiles.firstSignedInAt)),
              );
          },
        },
      },
    },
    hooks: {
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/change-password') return;
        const userId = ctx.context.session?.user.id;
        if (userId && ctx.context.returned && !isAPIError(ctx.context.returned))
          await forgetResetLinks(db, userId);
      }),
    },
    session: {
      expiresIn: SESSION_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    // A session is read with its user in one query, on every signed-in request.
    experimental: { joins: true },
    // Our own database-backed limiter covers the auth endpoints (shared by every process).
    rateLimit: { enabled: false },
    advanced: {
      // Better Auth turns its origin check off when NODE_ENV is test; we want tests to see it.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies },
      // Its default reads X-Forwarded-For, which the client writes; ours honours TRUST_PROXY.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    logger: {
      log(level, message, ...args) {
        const line = { args: args.length ? args : undefined };
        if (level === 'error') logger.error(line, `auth: ${message}`);
        else if (level === 'warn') logger.warn(line, `auth: ${message}`);
        else logger.debug(line, `auth: ${message}`);
      },
    },
  });
  return Object.assign(auth, {
    /**
     * A sign-up meeting an unconfirmed account: the newest sign-up becomes its owner and gets a
     * fresh link (see unconfirmed.ts). Runs inside the sign-up's transaction scope, user row locked.
     */
    async takeOverUnconfirmedSignUp(account: { id: string; email: string; name: string; password: string }) {
      await takeOverUnconfirmedAccount(scopedDatabase(db), {
        userId: account.id,
        name: account.name,
        passwordHash: await hashPasswordOnce(account.password),
        now: new Date(),
      });
      await mailConfirmationLink(account);
    },
    /** The account a confirmation link may still confirm (mailed for its current owner, not expired), or null. */
    liveConfirmationLinkUser: (token: string) => liveConfirmationLinkUser(db, token),
    /** Confirms an account signed up for more than once without a password; the reset token, or null. */
    confirmContestedAccount: (userId: string) =>
      confirmContestedAccount(db, { userId, resetTokenSeconds: RESET_TOKEN_SECONDS }),
    /** The signed-in member behind a request's cookies, or null (see session-reader.ts). */
    readSession: createSessionReader({
      auth,
      db,
      expiresInSeconds: SESSION_SECONDS,
      updateAgeSeconds: SESSION_UPDATE_AGE_SECONDS,
    }),
  });
}

export type Auth = ReturnType<typeof createAuth>;
