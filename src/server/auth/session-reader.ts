// The session behind our own API routes, read on every signed-in request. Better Auth stays the
// authority: this only takes its fast, common path — a correctly signed session cookie whose row
// exists, has not expired and is not yet due for its daily refresh — in one prepared query. Every
// other case (expired, due for refresh, a cookie we cannot verify) goes to Better Auth's own
// getSession, which cleans up or extends the session. Signing out or revoking deletes the row, so
// it takes effect on the next request, in every process.
import { webcrypto } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';

export type SessionUser = { id: string; email: string };
export type SessionReader = (headers: Headers) => Promise<SessionUser | null>;

type AuthLike = {
  api: { getSession(opts: { headers: Headers }): Promise<{ user: { id: string; email: string } } | null> };
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
    .select({ id: users.id, email: users.email, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('session_by_token');
  let signing: Promise<{ cookieName: string; key: webcrypto.CryptoKey }> | undefined;
  const loadSigning = async () => {
    const ctx = await auth.$context;
    const key = await webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(ctx.secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    return { cookieName: ctx.authCookies.sessionToken.name, key };
  };
  const slowPath = async (headers: Headers): Promise<SessionUser | null> => {
    const session = await auth.api.getSession({ headers });
    return session ? { id: session.user.id, email: session.user.email } : null;
  };

  return async (headers) => {
    signing ??= loadSigning();
    const { cookieName, key } = await signing;
    const value = readCookie(headers.get('cookie'), cookieName);
    if (!value) return null;
    const token = await verifiedToken(value, key);
    if (!token) return slowPath(headers);
    const [row] = await byToken.execute({ token });
    if (!row) return null;
    const now = Date.now();
    const refreshDue =
      row.expiresAt.getTime() - opts.expiresInSeconds * 1000 + opts.updateAgeSeconds * 1000 <= now;
    if (row.expiresAt.getTime() <= now || refreshDue) return slowPath(headers);
    return { id: row.id, email: row.email };
  };
}

function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** `token.signature`, the signature a base64 HMAC-SHA256 of the token (Better Auth's signed cookie). */
async function verifiedToken(value: string, key: webcrypto.CryptoKey): Promise<string | null> {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const ok = await webcrypto.subtle.verify(
    'HMAC',
    key,
    Buffer.from(signature, 'base64'),
    new TextEncoder().encode(token),
  );
  return ok ? token : null;
}
