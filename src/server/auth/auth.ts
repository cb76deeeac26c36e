// Better Auth, configured once: e-mail + password, cookie sessions in our database.
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { and, eq, like } from 'drizzle-orm';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../core/constants';
import type { Config } from '../config';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import { scopedDatabase } from '../db/tx-scope';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { passwordResetMail } from '../mail/templates';
import { createSessionReader } from './session-reader';

export const SESSION_DAYS = 30;
const SESSION_SECONDS = 60 * 60 * 24 * SESSION_DAYS;
/** A session in use is extended once a day. */
const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;
export const RESET_TOKEN_SECONDS = 60 * 60;
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

export function createAuth(opts: {
  config: Config;
  db: Database;
  secret: string;
  mailer: Mailer;
  logger: Logger;
}) {
  const { config, db, mailer, logger } = opts;
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
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async onPasswordReset({ user }) {
        await forgetResetLinks(db, user.id);
      },
      async sendResetPassword({ user, token }) {
        // Our own page, not Better Auth's redirect endpoint: the SPA posts the token back.
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        // Not awaited: a slow or failing SMTP server would otherwise make a known address answer
        // later than an unknown one. Failures are logged and kept in the outbox row.
        void mailer.send({ to: user.email, ...passwordResetMail({ link }) }).catch((err: unknown) => {
          logger.error({ err, to: user.email, kind: 'password-reset' }, 'e-mail not recorded');
        });
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
