// Enterprise teams: an owner shares their Enterprise plan with up to TEAM_SEATS - 1 colleagues.
// The rules (who may invite, seats, one team per person, the link's addressee) are here; the rows
// are Better Auth's organization plugin's, written through its server API (auth.api.*) inside our
// transaction, so its own checks (recipient, expiry, single use, roles) apply too. The plan a
// member gets from their team is decided in membership/plan.ts with everyone else's.
import { and, asc, count, eq, gt, ne } from 'drizzle-orm';
import type { Team, TeamAnswer, TeamInvitation, TeamRole } from '../../core/api';
import { DomainError } from '../../core/domain-error';
import { tierAt } from '../../core/membership';
import { TEAM_MESSAGES } from '../../core/messages';
import { hasTeam, TEAM_SEATS } from '../../core/tiers';
import { displayName } from '../../core/user';
import { revokeKeysWithoutApiAccess } from '../api-keys/service';
import type { Auth } from '../auth/auth';
import type { Database, DbExecutor, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { profiles, teamInvitations, teamMembers, teams, users } from '../db/schema';
import { scopedTransaction } from '../db/tx-scope';
import { membershipState } from '../membership/plan';

export type TeamDeps = { db: Database; auth: Auth };
/** The signed-in member and their request's headers (the plugin reads the session from them). */
export type Caller = { userId: string; headers: Headers };

export const enterpriseRequired = () =>
  new DomainError('plan_required', TEAM_MESSAGES.enterpriseRequired, { code: 'enterprise_required' });
const ownerOnly = () => new DomainError('forbidden', TEAM_MESSAGES.ownerOnly, { code: 'team_owner_only' });
const invitationNotFound = () =>
  new DomainError('not_found', TEAM_MESSAGES.invitationNotFound, { code: 'invitation_not_found' });
const memberNotFound = () =>
  new DomainError('not_found', TEAM_MESSAGES.memberNotFound, { code: 'member_not_found' });

type Seat = { teamId: string; role: TeamRole; rowId: string };

async function seatOf(db: DbExecutor, userId: string): Promise<Seat | null> {
  const [row] = await db
    .select({ teamId: teamMembers.organizationId, role: teamMembers.role, rowId: teamMembers.id })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId));
  return row
    ? { teamId: row.teamId, role: row.role === 'owner' ? 'owner' : 'member', rowId: row.rowId }
    : null;
}

/** The owner's own plan (not one they would get from a team: an owner's team is their own). */
async function ownTier(db: DbExecutor, userId: string) {
  const state = await membershipState(db, userId);
  return tierAt(state ? { ...state, team: null } : null);
}

/** Locks the team's row so seat counts and joins of one team take turns. */
async function lockTeam(tx: Tx, teamId: string): Promise<{ id: string; name: string } | null> {
  const [row] = await tx
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.id, teamId))
    .for('update');
  return row ?? null;
}

/**
 * The Enterprise owner's team, made on first need ("<name>'s team") by the plugin's server call.
 * Refuses below Enterprise and for a member of someone else's team.
 */
async function ownTeam(deps: TeamDeps, userId: string): Promise<string> {
  const seat = await seatOf(deps.db, userId);
  if (seat && seat.role !== 'owner')
    throw new DomainError('conflict', TEAM_MESSAGES.ownerInOtherTeam, { code: 'already_in_team' });
  if (!hasTeam(await ownTier(deps.db, userId))) throw enterpriseRequired();
  if (seat) return seat.teamId;
  const [profile] = await deps.db
    .select({ fullName: profiles.fullName, username: profiles.username })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  const name = `${displayName({ fullName: profile?.fullName, username: profile?.username })}'s team`;
  try {
    await scopedTransaction(deps.db, () =>
      // A server call (no headers): the plugin makes the team and the owner's seat in one go.
      deps.auth.api.createOrganization({
        body: { name, slug: userId, userId, keepCurrentActiveOrganization: true },
      }),
    );
  } catch (error) {
    // Two first requests at once: the other made it (the slug is the owner's id).
    if (!isUniqueViolation(error) && !isPluginError(error, 'ORGANIZATION_ALREADY_EXISTS')) throw error;
  }
  const made = await seatOf(deps.db, userId);
  if (!made) throw new Error('team not created');
  return made.teamId;
}

function isPluginError(error: unknown, code: string): boolean {
  const body = (error as { body?: { code?: string } } | null)?.body;
  return body?.code === code;
}

/** What GET /api/team answers: the team as the asking member sees it. */
async function teamView(db: DbExecutor, teamId: string, viewer: Seat, now: Date): Promise<Team> {
  const [team] = await db.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.id, teamId));
  const isOwner = viewer.role === 'owner';
  const members = await db
    .select({
      userId: teamMembers.userId,
      role: teamMembers.role,
      joinedAt: teamMembers.createdAt,
      email: users.email,
      fullName: profiles.fullName,
      username: profiles.username,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .leftJoin(profiles, eq(profiles.userId, teamMembers.userId))
    .where(eq(teamMembers.organizationId, teamId))
    .orderBy(asc(teamMembers.createdAt));
  const invitations = isOwner ? await pendingInvitations(db, teamId, now) : [];
  return {
    id: team.id,
    name: team.name,
    seats: TEAM_SEATS,
    role: viewer.role,
    members: members
      .map((m) => ({
        userId: m.userId,
        // Addresses are the owner's to see; members see each other's names only.
        email: isOwner ? m.email : null,
        name: displayName({ fullName: m.fullName, username: m.username }),
        role: (m.role === 'owner' ? 'owner' : 'member') as TeamRole,
        joinedAt: m.joinedAt.toISOString(),
      }))
      .sort((a, b) => (a.role === b.role ? 0 : a.role === 'owner' ? -1 : 1)),
    invitations,
  };
}

/** Invitations still waiting, each holding a seat; an expired one holds none and is not shown. */
async function pendingInvitations(db: DbExecutor, teamId: string, now: Date): Promise<TeamInvitation[]> {
  const rows = await db
    .select({ id: teamInvitations.id, email: teamInvitations.email, expiresAt: teamInvitations.expiresAt })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.organizationId, teamId),
        eq(teamInvitations.status, 'pending'),
        gt(teamInvitations.expiresAt, now),
      ),
    )
    .orderBy(asc(teamInvitations.createdAt));
  return rows.map((r) => ({ id: r.id, email: r.email, expiresAt: r.expiresAt.toISOString() }));
}

/** The member's team, or null; an Enterprise member without one gets theirs made (lazily). */
export async function getTeam(deps: TeamDeps, userId: string, now = new Date()): Promise<TeamAnswer> {
  let seat = await seatOf(deps.db, userId);
  if (!seat && hasTeam(await ownTier(deps.db, userId))) {
    await ownTeam(deps, userId);
    seat = await seatOf(deps.db, userId);
  }
  if (!seat) return { team: null };
  return { team: await teamView(deps.db, seat.teamId, seat, now) };
}

/**
 * The owner invites an address: a new invitation, or the pending one re-issued (a fresh 7 days
 * and the mail again: "resend"). Every seat counts the owner, the members and the pending
 * invitations.
 */
export async function inviteToTeam(
  deps: TeamDeps,
  caller: Caller,
  email: string,
  now = new Date(),
): Promise<TeamInvitation> {
  const seat = await seatOf(deps.db, caller.userId);
  if (seat && seat.role !== 'owner') throw ownerOnly();
  const teamId = await ownTeam(deps, caller.userId);
  const invitation = await scopedTransaction(deps.db, async (tx) => {
    await lockTeam(tx, teamId);
    const [member] = await tx
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.organizationId, teamId), eq(users.email, email)));
    if (member) throw new DomainError('conflict', TEAM_MESSAGES.alreadyMember, { code: 'already_member' });
    const pending = await pendingInvitations(tx, teamId, now);
    const resend = pending.some((i) => i.email === email);
    if (!resend) {
      const [{ members }] = await tx
        .select({ members: count() })
        .from(teamMembers)
        .where(eq(teamMembers.organizationId, teamId));
      if (members + pending.length >= TEAM_SEATS)
        throw new DomainError('conflict', TEAM_MESSAGES.seatsFull(TEAM_SEATS), { code: 'seats_full' });
    }
    return deps.auth.api.createInvitation({
      headers: caller.headers,
      body: { email, role: 'member', organizationId: teamId, resend },
    });
  });
  return {
    id: invitation.id,
    email: invitation.email,
    expiresAt: new Date(invitation.expiresAt).toISOString(),
  };
}

/** The owner withdraws a pending invitation: its link stops working and its seat is free. */
export async function revokeInvitation(deps: TeamDeps, caller: Caller, invitationId: string): Promise<void> {
  const seat = await seatOf(deps.db, caller.userId);
  if (seat?.role !== 'owner') throw ownerOnly();
  await scopedTransaction(deps.db, async (tx) => {
    await lockTeam(tx, seat.teamId);
    const [invitation] = await tx
      .select({ id: teamInvitations.id })
      .from(teamInvitations)
      .where(
        and(
          eq(teamInvitations.id, invitationId),
          eq(teamInvitations.organizationId, seat.teamId),
          eq(teamInvitations.status, 'pending'),
        ),
      );
    if (!invitation) throw invitationNotFound();
    await deps.auth.api.cancelInvitation({ headers: caller.headers, body: { invitationId } });
  });
}

/**
 * The invitee joins with the link's token: once, before it expires, and only signed in as the
 * address it was sent to (anyone else gets 403 and nothing changes).
 */
export async function joinTeam(
  deps: TeamDeps,
  caller: Caller & { email: string },
  token: string,
  now = new Date(),
): Promise<TeamAnswer> {
  const [invitation] = await deps.db
    .select({
      id: teamInvitations.id,
      teamId: teamInvitations.organizationId,
      email: teamInvitations.email,
      status: teamInvitations.status,
      expiresAt: teamInvitations.expiresAt,
    })
    .from(teamInvitations)
    .where(eq(teamInvitations.id, token));
  if (!invitation || invitation.status === 'canceled') throw invitationNotFound();
  if (invitation.email !== caller.email.toLowerCase())
    throw new DomainError('forbidden', TEAM_MESSAGES.invitationOtherAddress, {
      code: 'invitation_other_address',
    });
  if (invitation.status !== 'pending' || invitation.expiresAt.getTime() <= now.getTime())
    throw new DomainError('gone', TEAM_MESSAGES.invitationUsed, { code: 'invitation_expired' });
  if (await seatOf(deps.db, caller.userId))
    throw new DomainError('conflict', TEAM_MESSAGES.alreadyInTeam, { code: 'already_in_team' });
  await scopedTransaction(deps.db, async (tx) => {
    await lockTeam(tx, invitation.teamId);
    const [owner] = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.organizationId, invitation.teamId), eq(teamMembers.role, 'owner')));
    if (!owner || !hasTeam(await ownTier(tx, owner.userId)))
      throw new DomainError('conflict', TEAM_MESSAGES.teamInactive, { code: 'team_inactive' });
    try {
      await deps.auth.api.acceptInvitation({ headers: caller.headers, body: { invitationId: token } });
    } catch (error) {
      if (isPluginError(error, 'ORGANIZATION_MEMBERSHIP_LIMIT_REACHED'))
        throw new DomainError('conflict', TEAM_MESSAGES.seatsFull(TEAM_SEATS), { code: 'seats_full' });
      if (isUniqueViolation(error))
        throw new DomainError('conflict', TEAM_MESSAGES.alreadyInTeam, { code: 'already_in_team' });
      throw error;
    }
  });
  return getTeam(deps, caller.userId, now);
}

/**
 * The owner removes a member, or a member leaves (removes themself). Either way the member is
 * back on their own plan at once, and their API keys made under the team's plan are revoked.
 */
export async function removeFromTeam(deps: TeamDeps, caller: Caller, memberUserId: string): Promise<void> {
  const seat = await seatOf(deps.db, caller.userId);
  if (!seat) throw memberNotFound();
  const leaving = memberUserId === caller.userId;
  if (leaving && seat.role === 'owner')
    throw new DomainError('conflict', TEAM_MESSAGES.ownerCannotLeave, { code: 'owner_cannot_leave' });
  if (!leaving && seat.role !== 'owner') throw ownerOnly();
  await scopedTransaction(deps.db, async (tx) => {
    await lockTeam(tx, seat.teamId);
    if (leaving) {
      await deps.auth.api.leaveOrganization({
        headers: caller.headers,
        body: { organizationId: seat.teamId },
      });
    } else {
      const [target] = await tx
        .select({ rowId: teamMembers.id })
        .from(teamMembers)
        .where(
          and(
            eq(teamMembers.organizationId, seat.teamId),
            eq(teamMembers.userId, memberUserId),
            ne(teamMembers.role, 'owner'),
          ),
        );
      if (!target) throw memberNotFound();
      await deps.auth.api.removeMember({
        headers: caller.headers,
        body: { memberIdOrEmail: target.rowId, organizationId: seat.teamId },
      });
    }
    await revokeKeysWithoutApiAccess(tx, memberUserId);
  });
}

async function memberIdsOfTeam(db: DbExecutor, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.organizationId, teamId), ne(teamMembers.role, 'owner')));
  return rows.map((r) => r.userId);
}

/** Members (not the owner) of the team `ownerId` owns. */
export async function teamMemberIdsOf(db: DbExecutor, ownerId: string): Promise<string[]> {
  const owned = await seatOf(db, ownerId);
  return owned?.role === 'owner' ? memberIdsOfTeam(db, owned.teamId) : [];
}

/**
 * The owner's account is being deleted: the team ends (its seats and invitations go with it), and
 * every member is back on their own plan, their team-plan API keys revoked. Run in the deletion's
 * transaction. A member's own deletion needs nothing here: their seat goes with their account.
 */
export async function endTeamOf(tx: Tx, ownerId: string): Promise<void> {
  const owned = await seatOf(tx, ownerId);
  if (owned?.role !== 'owner') return;
  const memberIds = await memberIdsOfTeam(tx, owned.teamId);
  await tx.delete(teams).where(eq(teams.id, owned.teamId));
  for (const memberId of memberIds) await revokeKeysWithoutApiAccess(tx, memberId);
}
