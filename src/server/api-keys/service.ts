// Enterprise members' API keys: made, listed, revoked, and checked on every /api/v1 request.
// A key is 32 random bytes; only its SHA-256 is stored, and the presented key's digest is
// compared in constant time with the rows that share its visible prefix.

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { DomainError, notFound } from '../../core/domain-error';
import { isUuid } from '../../core/ids';
import {
  API_KEY_PREFIX,
  API_MESSAGES,
  type ApiKey,
  type CreatedApiKey,
  MAX_API_KEYS,
} from '../../core/public-api';
import { hasApiAccess } from '../../core/tiers';
import type { Database, DbExecutor } from '../db/client';
import { type ApiKeyRow, apiKeys, users } from '../db/schema';
import { effectiveTier } from '../membership/plan';

/** The visible part: "csk_" and 8 characters of the random part (48 of its 256 bits). */
const VISIBLE_LENGTH = API_KEY_PREFIX.length + 8;
/** base64url of 32 bytes. */
const KEY_LENGTH = API_KEY_PREFIX.length + 43;
/** Last-used times are written at most this often per key, not on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export const enterpriseRequired = () =>
  new DomainError('plan_required', API_MESSAGES.enterpriseOnly, { code: 'enterprise_required' });

function digest(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

function keyView(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

async function requireApiAccess(db: Database, userId: string): Promise<void> {
  if (!hasApiAccess(await effectiveTier(db, userId))) throw enterpriseRequired();
}

/** Makes a key for an Enterprise member; the answer is the only place the secret ever appears. */
export async function createApiKey(opts: {
  db: Database;
  userId: string;
  name: string;
}): Promise<CreatedApiKey> {
  await requireApiAccess(opts.db, opts.userId);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await opts.db.transaction(async (tx) => {
    // Locking the member's row makes concurrent creations count one after the other.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, opts.userId)).for('update');
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, opts.userId), isNull(apiKeys.revokedAt)));
    if (count >= MAX_API_KEYS)
      throw new DomainError('conflict', API_MESSAGES.tooManyKeys, { code: 'too_many_api_keys' });
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        userId: opts.userId,
        name: opts.name,
        prefix: key.slice(0, VISIBLE_LENGTH),
        hash: digest(key).toString('hex'),
      })
      .returning();
    return inserted;
  });
  return { id: row.id, name: row.name, prefix: row.prefix, createdAt: row.createdAt.toISOString(), key };
}

/** The member's working keys, newest first, without secrets (revoked ones are gone for good). */
export async function listApiKeys(opts: { db: Database; userId: string }): Promise<ApiKey[]> {
  const rows = await opts.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, opts.userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(keyView);
}

/** Revokes at once: the very next request with the key is refused. */
export async function revokeApiKey(opts: { db: Database; userId: string; id: string }): Promise<void> {
  if (!isUuid(opts.id)) throw notFound(API_MESSAGES.keyNotFound);
  const revoked = await opts.db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, opts.id), eq(apiKeys.userId, opts.userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (revoked.length === 0) throw notFound(API_MESSAGES.keyNotFound);
}

/**
 * Revokes all the member's keys when their plan (as it applies now) no longer includes the API,
 * so that buying Enterprise again does not bring old, perhaps forgotten, keys back to life. Run
 * after every change of plan, in the same transaction. Returns how many keys it revoked.
 */
export async function revokeKeysWithoutApiAccess(db: DbExecutor, userId: string): Promise<number> {
  if (hasApiAccess(await effectiveTier(db, userId))) return 0;
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length;
}

export type ApiCaller = { keyId: string; userId: string };

/** The key's owner, or null for anything that is not a current key. */
export async function findApiKeyOwner(
  db: Database,
  presented: string,
  now = new Date(),
): Promise<ApiCaller | null> {
  if (presented.length !== KEY_LENGTH || !presented.startsWith(API_KEY_PREFIX)) return null;
  const candidates = await db
    .select({ id: apiKeys.id, userId: apiKeys.userId, hash: apiKeys.hash })
    .from(apiKeys)
    .where(and(eq(apiKeys.prefix, presented.slice(0, VISIBLE_LENGTH)), isNull(apiKeys.revokedAt)));
  const presentedDigest = digest(presented);
  const match = candidates.find((row) => {
    const stored = Buffer.from(row.hash, 'hex');
    return stored.length === presentedDigest.length && timingSafeEqual(stored, presentedDigest);
  });
  if (!match) return null;
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(eq(apiKeys.id, match.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))),
    );
  return { keyId: match.id, userId: match.userId };
}

/**
 * The caller of an /api/v1 request: a current key whose owner still has Enterprise. 401 for a
 * missing, malformed, unknown or revoked key. 403 when the owner's plan no longer includes the API
 * though no plan change revoked the key (a paid period that ran out): the owner's keys are revoked
 * then, so from the next request on they answer 401 like any revoked key.
 */
export async function authenticateApiKey(
  db: Database,
  authorization: string | undefined,
): Promise<ApiCaller> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) throw new DomainError('unauthorized', API_MESSAGES.missingKey, { challenge: 'Bearer' });
  const caller = await findApiKeyOwner(db, match[1]);
  if (!caller) {
    throw new DomainError('unauthorized', API_MESSAGES.invalidKey, {
      code: 'invalid_api_key',
      challenge: 'Bearer error="invalid_token"',
    });
  }
  if ((await revokeKeysWithoutApiAccess(db, caller.userId)) > 0) throw enterpriseRequired();
  return caller;
}
