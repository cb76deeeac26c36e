// Enterprise teams, the owner's side: the team made on first need, invitations by e-mail within
// the seats, resend and revoke, and who may do what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEAM_SEATS } from '../../src/core/tiers';
import { profiles } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { member, setTier } from '../helpers/members';
import { addToTeam, errorOf, getTeam, invitationToken, invite, inviteRequest } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

const email = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('an Enterprise team, from the owner', () => {
  it('has no team below Enterprise, and inviting says Enterprise is needed', async () => {
    for (const tier of ['free', 'basic', 'premium'] as const) {
      const someone = await member(app, { tier });
      expect(await getTeam(app, someone)).toBeNull();
      const refused = await errorOf(await inviteRequest(app, someone, email('colleague')));
      expect(refused).toMatchObject({ status: 403, code: 'enterprise_required' });
      expect(refused.message).toMatch(/Enterprise/);
    }
  });

  it("makes the Enterprise owner's team on first sight, named after them, with 5 seats", async () => {
    const owner = await member(app, { tier: 'enterprise' });
    await app.deps.database.db
      .update(profiles)
      .set({ fullName: 'Ada Lovelace' })
      .where(eq(profiles.userId, owner.user.id));
    const team = await getTeam(app, owner);
    expect(team).toEqual({
      id: expect.any(String),
      name: "Ada Lovelace's team",
      seats: TEAM_SEATS,
      role: 'owner',
      members: [
        {
          userId: owner.user.id,
          email: owner.email,
          name: 'Ada Lovelace',
          role: 'owner',
          joinedAt: expect.any(String),
        },
      ],
      invitations: [],
    });
    expect(TEAM_SEATS).toBe(5);
    // The same team on every later look.
    expect((await getTeam(app, owner))?.id).toBe(team?.id);
    const me = await (await app.request('/api/me', { cookie: owner.cookie })).json();
    expect(me.team).toEqual({ id: team?.id, name: "Ada Lovelace's team", role: 'owner' });
  });

  it('invites by e-mail: 201 with the invitation, listed as pending, and a link mailed for 7 days', async () => {
    const owner = await member(app, { tier: 'enterprise' });
    const to = email('Colleague');
    const before = Date.now();
    const res = await inviteRequest(app, owner, `  ${to.toUpperCase()} `);
    expect(res.status).toBe(201);
    const invitation = await res.json();
    expect(invitation).toEqual({ id: expect.any(String), email: to.toLowerCase(), expiresAt: expect.any(String) });
    const days = (Date.parse(invitation.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    expect((await getTeam(app, owner))?.invitations).toEqual([invitation]);
    expect(await invitationToken(app, to)).toBe(invitation.id);
  });

  it('refuses a bad address with a field error, and an address already in the team', async () => {
    const owner = await member(app, { tier: 'enterprise' });
    const bad = await inviteRequest(app, owner, 'not-an-address');
    expect(bad.status).toBe(400);
    const self = await errorOf(await inviteRequest(app, owner, owner.email));
    expect(self).toMatchObject({ status: 409, code: 'already_member' });
    const colleague = await member(app);
    await addToTeam(app, owner, colleague);
    expect(await errorOf(await inviteRequest(app, owner, colleague.email))).toMatchObject({
      status: 409,
      code: 'already_member',
    });
  });

  it('re-issues a pending invitation when asked again (resend): same invitation, fresh link time, mail again', async () => {
    const owner = await member(app, { tier: 'enterprise' });
    const to = email('resend');
    const first = await invite(app, owner, to);
    await invitationToken(app, to);
    const sentAgainAfter = new Date();
    await new Promise((r) => setTimeout(r, 20));
    const again = await invite(app, owner, to);
    expect(again.id).toBe(first.id);
    expect(Date.parse(again.expiresAt)).toBeGreaterThan(Date.parse(first.expiresAt));
    expect(await invitationToken(app, to, sentAgainAfter)).toBe(first.id);
    expect((await getTeam(app, owner))?.invitations).toHaveLength(1);
  });

  it('counts the owner, members and pending invitations against the 5 seats, and names them when full', async () => {
    const owner = await member(app, { tier: 'enterprise' });
    const joined = await member(app);
    await addToTeam(app, owner, joined);
    const pending = [];
    for (let i = 0; i < TEAM_SEATS - 2; i++) pending.push(await invite(app, owner, email(`seat${i}`)));
    const full = await errorOf(await inviteRequest(app, owner, email('one-too-many')));
    expect(full).toMatchObject({ status: 409, code: 'seats_full' });
    expect(full.message).toContain(`${TEAM_SEATS} seats`);
    // Resending a pending one is not a new seat.
    expect((await inviteRequest(app, owner, pending[0].email)).status).toBe(201);

    // Revoking frees its seat, and its link stops working.
    const revoked = await app.request(`/api/team/invitations/${pending[0].id}`, {
      method: 'DELETE',
      cookie: owner.cookie,
    });
    expect(revoked.status).toBe(204);
    expect((await getTeam(app, owner))?.invitations.map((i) => i.id)).not.toContain(pending[0].id);
    expect((await inviteRequest(app, owner, email('now-fits'))).status).toBe(201);
    const gone = await app.request(`/api/team/invitations/${pending[0].id}`, {
      method: 'DELETE',
      cookie: owner.cookie,
    });
    expect(gone.status).toBe(404);
  });

  it('lets only the owner invite and revoke; members see names but not addresses or invitations', async () => {
    const owner = await member(app, { tier: 'enterprise' });
    const colleague = await member(app);
    await addToTeam(app, owner, colleague);
    const pending = await invite(app, owner, email('pending'));

    expect(await errorOf(await inviteRequest(app, colleague, email('x')))).toMatchObject({
      status: 403,
      code: 'team_owner_only',
    });
    const revoke = await app.request(`/api/team/invitations/${pending.id}`, {
      method: 'DELETE',
      cookie: colleague.cookie,
    });
    expect(revoke.status).toBe(403);

    const seen = await getTeam(app, colleague);
    expect(seen?.role).toBe('member');
    expect(seen?.invitations).toEqual([]);
    expect(seen?.members.map((m) => m.email)).toEqual([null, null]);
    expect(seen?.members.map((m) => m.role)).toEqual(['owner', 'member']);
    const ownersView = await getTeam(app, owner);
    expect(ownersView?.members.map((m) => m.email)).toEqual([owner.email, colleague.email]);

    // Another owner cannot touch this team's invitation.
    const stranger = await member(app, { tier: 'enterprise' });
    await getTeam(app, stranger);
    const foreign = await app.request(`/api/team/invitations/${pending.id}`, {
      method: 'DELETE',
      cookie: stranger.cookie,
    });
    expect(foreign.status).toBe(404);
  });

  it('refuses new invitations once the owner has left Enterprise', async () => {
    const owner = await member(app, { tier: 'enterprise' });
    await getTeam(app, owner);
    await setTier(app, owner.user.id, 'premium');
    expect(await errorOf(await inviteRequest(app, owner, email('late')))).toMatchObject({
      status: 403,
      code: 'enterprise_required',
    });
  });

  it('needs a signed-in member', async () => {
    expect((await app.request('/api/team')).status).toBe(401);
  });
});
