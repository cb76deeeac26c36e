// Premium members' saved custom styles: listed, saved, edited and deleted here, and resolved for a
// generation. Saving, editing and using one needs Premium or Enterprise (core/tiers); a member who
// drops below keeps their styles and may still list and delete them. A team member may use (not
// edit) their team owner's styles.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CustomStyle, CustomStyleCreate, CustomStyleList, CustomStylePatch } from '../../core/api';
import { DomainError, notFound } from '../../core/domain-error';
import { isUuid } from '../../core/ids';
import { MESSAGES } from '../../core/messages';
import type { ThemeId } from '../../core/options';
import type { PaletteId } from '../../core/palettes';
import { CUSTOM_STYLE_LIMIT, hasCustomStyles, type Tier } from '../../core/tiers';
import type { Database, DbExecutor } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { type CustomStyleRow, customStyles, teamMembers, users } from '../db/schema';
import { effectiveTier } from '../membership/plan';

const NAME_INDEX = 'custom_styles_user_name_idx';

export const premiumRequired = () =>
  new DomainError('plan_required', MESSAGES.stylesNeedPremium, { code: 'premium_required' });

/** 403 unless the tier includes custom styles. */
export function requireCustomStyles(tier: Tier): void {
  if (!hasCustomStyles(tier)) throw premiumRequired();
}

function styleView(row: CustomStyleRow): CustomStyle {
  return {
    id: row.id,
    name: row.name,
    theme: row.theme as ThemeId,
    palette: row.palette as PaletteId,
    words: row.words,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A taken name answers 409 with the message naming it; any other error passes through. */
function nameTaken(error: unknown, name: string): never {
  if (isUniqueViolation(error, NAME_INDEX))
    throw new DomainError('conflict', MESSAGES.styleNameTaken(name), { code: 'style_name_taken' });
  throw error;
}

async function stylesOf(db: DbExecutor, userId: string): Promise<CustomStyle[]> {
  const rows = await db
    .select()
    .from(customStyles)
    .where(eq(customStyles.userId, userId))
    .orderBy(asc(sql`lower(${customStyles.name})`), asc(customStyles.id));
  return rows.map(styleView);
}

/**
 * The owner of the team the member belongs to as a member (not as its owner), or null: a team
 * member may use the owner's styles, as the team's custom styles (decision 019).
 */
async function teamOwnerOf(db: DbExecutor, userId: string): Promise<string | null> {
  const seat = alias(teamMembers, 'seat');
  const [row] = await db
    .select({ ownerId: teamMembers.userId })
    .from(seat)
    .innerJoin(
      teamMembers,
      and(eq(teamMembers.organizationId, seat.organizationId), eq(teamMembers.role, 'owner')),
    )
    .where(and(eq(seat.userId, userId), ne(seat.role, 'owner')));
  return row?.ownerId ?? null;
}

export async function listStyles(db: Database, userId: string): Promise<CustomStyleList> {
  const styles = await stylesOf(db, userId);
  const ownerId = await teamOwnerOf(db, userId);
  if (!ownerId) return { styles, limit: CUSTOM_STYLE_LIMIT };
  return { styles, limit: CUSTOM_STYLE_LIMIT, teamStyles: await stylesOf(db, ownerId) };
}

export async function createStyle(
  db: Database,
  opts: { userId: string; style: CustomStyleCreate },
): Promise<CustomStyle> {
  requireCustomStyles(await effectiveTier(db, opts.userId));
  const row = await db
    .transaction(async (tx) => {
      // Locking the member's row makes concurrent saves count one after the other.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, opts.userId)).for('update');
      const [{ count }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(customStyles)
        .where(eq(customStyles.userId, opts.userId));
      if (count >= CUSTOM_STYLE_LIMIT)
        throw new DomainError('conflict', MESSAGES.tooManyStyles(CUSTOM_STYLE_LIMIT), {
          code: 'too_many_styles',
        });
      const [inserted] = await tx
        .insert(customStyles)
        .values({ userId: opts.userId, ...opts.style })
        .returning();
      return inserted;
    })
    .catch((error: unknown) => nameTaken(error, opts.style.name));
  return styleView(row);
}

export async function updateStyle(
  db: Database,
  opts: { userId: string; id: string; patch: CustomStylePatch },
): Promise<CustomStyle> {
  requireCustomStyles(await effectiveTier(db, opts.userId));
  const own = and(eq(customStyles.id, opts.id), eq(customStyles.userId, opts.userId));
  if (!isUuid(opts.id)) throw notFound(MESSAGES.styleNotFound);
  const [row] = await db
    .update(customStyles)
    .set({ ...opts.patch, updatedAt: new Date() })
    .where(own)
    .returning()
    .catch((error: unknown) => nameTaken(error, opts.patch.name ?? ''));
  if (!row) throw notFound(MESSAGES.styleNotFound);
  return styleView(row);
}

/** Open to every plan: a member who left Premium can still tidy up what they saved. */
export async function deleteStyle(db: Database, opts: { userId: string; id: string }): Promise<void> {
  if (!isUuid(opts.id)) throw notFound(MESSAGES.styleNotFound);
  const deleted = await db
    .delete(customStyles)
    .where(and(eq(customStyles.id, opts.id), eq(customStyles.userId, opts.userId)))
    .returning({ id: customStyles.id });
  if (deleted.length === 0) throw notFound(MESSAGES.styleNotFound);
}

/**
 * The member's own style for a generation, or their team owner's, or 404 (another member's id
 * reveals nothing).
 */
export async function findOwnStyle(db: DbExecutor, userId: string, id: string): Promise<CustomStyle> {
  if (!isUuid(id)) throw notFound(MESSAGES.styleNotFound);
  const ownerId = await teamOwnerOf(db, userId);
  const [row] = await db
    .select()
    .from(customStyles)
    .where(
      and(
        eq(customStyles.id, id),
        ownerId ? inArray(customStyles.userId, [userId, ownerId]) : eq(customStyles.userId, userId),
      ),
    );
  if (!row) throw notFound(MESSAGES.styleNotFound);
  return styleView(row);
}
