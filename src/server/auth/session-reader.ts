// The session behind our own API routes, read on every signed-in request. Better Auth stays the
// authority: this only takes its fast, common path — a correctly signed session cookie whose row
// exists, has not expired and is not yet due for its daily refresh — in one prepared query. Every
// other case (expired, due for refresh, a cookie we cannot verify) goes to Better Auth's own
// getSession, which cleans up or extends the session. Signing out or revoking deletes the row, so
// it takes effect on the next request, in every process.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { parse } from 'hono/utils/cookie';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';

export type SessionUser = {
  id: string;
  email: string;
  /** When this session began ("Welcome" in the member's first session, "Welcome back" after). */
  sessionStartedAt: Date;
};
export type SessionReader = (headers: Headers) => Promise<SessionUser | null>;

type AuthLike = {
  api: {
    getSession(opts: {
      headers: Headers;
    }): Promise<{ user: { id: string; email: string }; session: { createdAt: Date } } | null>;
  };
  $context: Promise<{ secret: string; authCookies: { sessionToken: { name: string } } }>;
};

export function createSessionReader(opts: {
  auth: AuthLike;
  db: Database;
  /** Better Auth's session.expiresIn and session.updateAge, in seconds. */
  expiresInSeconds: number;
  updateAgeSeconds: number;
}): SessionReader {
  const { auth, db } = opts;
  const byToken = db
    .select({
      id: users.id,
      email: users.email,
      expiresAt: sessions.expiresAt,
      sessionStartedAt: sessions.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('session_by_token');
  const slowPath = async (headers: Headers): Promise<SessionUser | null> => {
    const session = await auth.api.getSession({ headers });
    return session
      ? {
          id: session.user.id,
          email: session.user.email,
          sessionStartedAt: new Date(session.session.createdAt),
        }
      : null;
  };

  return async (headers) => {
    const cookie = headers.get('cookie');
    if (!cookie) return null;
    const ctx = await auth.$context;
    const name = ctx.authCookies.sessionToken.name;
    const token = verifiedToken(cookie, name, ctx.secret);
    if (token === undefined) return null;
    if (token === false) return slowPath(headers);
    const [row] = await byToken.execute({ token });
    if (!row) return null;
    const now = Date.now();
    const refreshDue =
      row.expiresAt.getTime() - opts.expiresInSeconds * 1000 + opts.updateAgeSeconds * 1000 <= now;
    if (row.expiresAt.getTime() <= now || refreshDue) return slowPath(headers);
    return { id: row.id, email: row.email, sessionStartedAt: row.sessionStartedAt };
  };
}

/**
 * The session token in the cookie header: undefined when there is no well-formed signed cookie of
 * that name, false when its signature is wrong. Better Auth signs the cookie the way Hono does
 * (token, dot, base64 HMAC-SHA256); this is Hono's parseSigned with node:crypto's HMAC, which
 * costs microseconds where WebCrypto's key import and verify took a fifth of a web process's CPU
 * under load.
 */
export function verifiedToken(cookie: string, name: string, secret: string): string | false | undefined {
  const value = parse(cookie, name)[name];
  if (value === undefined) return undefined;
  const dot = value.lastIndexOf('.');
  if (dot < 0) return undefined;
  const token = value.substring(0, dot);
  const signature = value.substring(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return undefined;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : false;
}
