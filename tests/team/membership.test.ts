// Enterprise teams, the member's side: joining with the mailed link (once, in time, only as its
// addressee), generating under the team's plan with their own pictures, usage and credits, and
// falling back at once when they leave, are removed, or the owner's Enterprise ends.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamInvitations, teamMembers } from '../../src/server/db/schema';
import { queuedGenerations } from '../../src/server/generation/service';
import { createKey, v1 } from '../helpers/api-keys';
import { createTestApp, type TestApp } from '../helpers/app';
import { generate, type Member, member, setTier } from '../helpers/members';
import { type FakeSmtp, startFakeSmtp } from '../helpers/smtp';
import {
  addToTeam,
  errorOf,
  getTeam,
  invitationToken,
  invite,
  joinRequest,
  meOf,
  removeRequest,
} from './support';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
}, 180_000);
afterAll(async () => {
  await app?.close();
});

describe('joining a team', () => {
  it('works once, only for the address the link was sent to; another account gets 403 and nothing changes', async () => {
    const owner = await member(app, { tier: 'enterprise' });
    const invitee = await member(app);
    const other = await member(app);
    const invitation = await invite(app, owner, invitee.email);
    const token = await invitationToken(app, invitee.email);

    const wrong = await errorOf(await joinRequest(app, other, token));
    expect(wrong).toMatchObject({ status: 403, code: 'invitation_other_address' });
    expect(await getTeam(app, other)).toBeNull();
    expect((await getTeam(app, owner))?.invitations).toEqual([invitation]);

    const joined = await joinRequest(app, invitee, token);
    expect(joined.status).toBe(200);
    const { team } = await joined.json();
    expect(team).toMatchObject({ role: 'member', seats: 5, invitations: [] });
    expect(team.members.map((m: { userId: string }) => m.userId)).toEqual([owner.user.id, invitee.user.id]);
    expect(Date.parse(team.members[1].joinedAt)).not.toBeNaN();
    const me = await meOf(app, invitee);
    expect(me.team).toEqual({ id: team.id, name: team.name, role: 'member' });
    expect(me.membership.tier).toBe('enterprise');
    expect(me.membership.imageLimit).toBeNull();
    expect((await getTeam(app, owner))?.invitations).toEqual([]);

    const again = await errorOf(await joinRequest(app, invitee, token));
    expect(again).toMatchObject({ status: 410, code: 'invitation_expired' });
    expect((await errorOf(await joinRequest(app, invitee, 'no-such-token'))).status).toBe(404);
  });

  it('refuses a link past its 7 days and a revoked one', async () => {
    const owner = await member(app, { tier: 'enterprise' });
    const late = await member(app);
    const invitation = await invite(app, owner, late.email);
    await app.deps.database.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.id, invitation.id));
    expect(await errorOf(await joinRequest(app, late, invitation.id))).toMatchObject({
      status: 410,
      code: 'invitation_expired',
    });
    expect(await getTeam(app, late)).toBeNull();

    const revokedFor = await member(app);
    const revoked = await invite(app, owner, revokedFor.email);
    await app.request(`/api/team/invitations/${revoked.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect((await joinRequest(app, revokedFor, revoked.id)).status).toBe(404);
    expect((await meOf(app, revokedFor)).team).toBeNull();
  });

  it('mails the link through SMTP to the invitee', async () => {
    const smtp: FakeSmtp = await startFakeSmtp();
    const mailing = await createTestApp({ env: { SMTP_URL: smtp.url } });
    try {
      const owner = await member(mailing, { tier: 'enterprise' });
      const to = `invitee-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const invitation = await invite(mailing, owner, to);
      const mail = await smtp.waitFor(to, { timeoutMs: 15_000 });
      expect(mail.headers.subject).toMatch(/invited you to .*team on Clipsmith/);
      expect(mail.text).toContain(`http://localhost:3000/team/join?token=${invitation.id}`);
      expect(mail.text).toContain('7 days');
    } finally {
      await mailing.close();
      await smtp.close();
    }
  });
});

describe("a member under the team's plan", () => {
  it("generates past Free's limit with their own count, and is back at Free's limit when removed", async () => {
    const owner = await member(app, { tier: 'enterprise' });
    const colleague = await member(app, { used: 4, credits: 2 });
    await addToTeam(app, owner, colleague);
    const made = await generate(app, colleague, { prompt: 'a red fox', privacy: 'private' });
    expect(made.status).toBe('succeeded');
    const me = await meOf(app, colleague);
    expect(me.membership).toMatchObject({ tier: 'enterprise', imageCount: 5, imageLimit: null });
    expect((await meOf(app, owner)).membership.imageCount).toBe(0);
    // Credits stay personal: the team's plan spent none.
    expect(me.credits).toBe(2);
    // The picture is the member's own, in their history, not the owner's.
    const history = await (await app.request('/api/history', { cookie: colleague.cookie })).json();
    expect(JSON.stringify(history)).toContain(made.image?.id);
    const ownersHistory = await (await app.request('/api/history', { cookie: owner.cookie })).json();
    expect(JSON.stringify(ownersHistory)).not.toContain(made.image?.id);

    expect((await removeRequest(app, owner, colleague.user.id)).status).toBe(204);
    const after = await meOf(app, colleague);
    expect(after.membership).toMatchObject({ tier: 'free', imageCount: 5, imageLimit: 3 });
    expect(after.team).toBeNull();
    expect((await getTeam(app, owner))?.members).toHaveLength(1);
    // Past Free's 3 this month, a picture now costs one of their own credits.
    expect((await generate(app, colleague, { prompt: 'a blue fox', privacy: 'private' })).status).toBe(
      'succeeded',
    );
    expect((await meOf(app, colleague)).credits).toBe(1);
  }, 120_000);

  it('makes API keys of their own, revoked when they leave', async () => {
    const owner = await member(app, { tier: 'enterprise' });
    const colleague = await member(app);
    await addToTeam(app, owner, colleague);
    const key = await createKey(app, colleague);
    expect((await v1(app, key.key, '/images')).status).toBe(200);

    expect((await removeRequest(app, colleague, colleague.user.id)).status).toBe(204);
    expect((await v1(app, key.key, '/images')).status).toBe(401);
    expect((await meOf(app, colleague)).membership.tier).toBe('free');
    expect((await getTeam(app, owner))?.members.map((m) => m.userId)).toEqual([owner.user.id]);
  });

  it("uses the team owner's custom styles (listed, not editable), until they leave the team", async () => {
    const owner = await member(app, { tier: 'enterprise' });
    const colleague = await member(app);
    const saved = await app.request('/api/styles', {
      method: 'POST',
      cookie: owner.cookie,
      json: { name: 'House style', theme: 'comic', palette: 'bauhaus' },
    });
    expect(saved.status).toBe(201);
    const style = await saved.json();
    await addToTeam(app, owner, colleague);
    const list = await (await app.request('/api/styles', { cookie: colleague.cookie })).json();
    expect(list.styles).toEqual([]);
    expect(list.teamStyles.map((s: { id: string }) => s.id)).toEqual([style.id]);
    const edit = await app.request(`/api/styles/${style.id}`, {
      method: 'PATCH',
      cookie: colleague.cookie,
      json: { name: 'Mine now' },
    });
    expect(edit.status).toBe(404);
    const made = await generate(app, colleague, { prompt: 'a cat', styleId: style.id, privacy: 'private' });
    expect(made.status).toBe('succeeded');

    await removeRequest(app, colleague, colleague.user.id);
    const refused = await app.request('/api/generations', {
      method: 'POST',
      cookie: colleague.cookie,
      json: { prompt: 'a cat', styleId: style.id, privacy: 'private' },
    });
    expect(refused.status).toBe(404);
  }, 120_000);

  it('lets only the owner remove others, and the owner cannot remove themself', async () => {
    const owner = await member(app, { tier: 'enterprise' });
    const a = await member(app);
    const b = await member(app);
    await addToTeam(app, owner, a);
    await addToTeam(app, owner, b);
    expect((await errorOf(await removeRequest(app, a, b.user.id))).status).toBe(403);
    expect((await errorOf(await removeRequest(app, a, owner.user.id))).status).toBe(403);
    expect(await errorOf(await removeRequest(app, owner, owner.user.id))).toMatchObject({
      status: 409,
      code: 'owner_cannot_leave',
    });
    expect((await getTeam(app, owner))?.members).toHaveLength(3);
  });

  it("falls back at once when the owner's Enterprise ends, keys revoked, and comes back with it", async () => {
    const owner = await member(app, { tier: 'enterprise' });
    const colleague = await member(app);
    await addToTeam(app, owner, colleague);
    const key = await createKey(app, colleague);

    await setTier(app, owner.user.id, 'premium');
    expect((await meOf(app, colleague)).membership.tier).toBe('free');
    expect((await v1(app, key.key, '/images')).status).toBe(401);
    // A new member cannot join a team whose plan has ended.
    const late = await member(app);
    const lateToken = crypto.randomUUID();
    await app.deps.database.db.insert(teamInvitations).values({
      id: lateToken,
      organizationId: (await getTeam(app, owner))!.id,
      email: late.email,
      role: 'member',
      status: 'pending',
      expiresAt: new Date(Date.now() + 86_400_000),
      inviterId: owner.user.id,
    });
    expect(await errorOf(await joinRequest(app, late, lateToken))).toMatchObject({
      status: 409,
      code: 'team_inactive',
    });
    expect((await meOf(app, late)).team).toBeNull();

    await setTier(app, owner.user.id, 'enterprise');
    expect((await meOf(app, colleague)).membership.tier).toBe('enterprise');
  });

  it("ends the team with the owner's account; a member's account leaves its seat", async () => {
    const owner = await member(app, { tier: 'enterprise' });
    const stays = await member(app);
    const goes = await member(app);
    await addToTeam(app, owner, stays);
    await addToTeam(app, owner, goes);

    const deleted = await app.request('/api/me', {
      method: 'DELETE',
      cookie: goes.cookie,
      json: { confirmEmail: goes.email },
    });
    expect(deleted.status).toBe(200);
    expect((await getTeam(app, owner))?.members.map((m) => m.userId)).toEqual([owner.user.id, stays.user.id]);

    const ownerGone = await app.request('/api/me', {
      method: 'DELETE',
      cookie: owner.cookie,
      json: { confirmEmail: owner.email },
    });
    expect(ownerGone.status).toBe(200);
    const me = await meOf(app, stays);
    expect(me.team).toBeNull();
    expect(me.membership.tier).toBe('free');
    expect(await getTeam(app, stays)).toBeNull();
    const seats = await app.deps.database.db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.userId, stays.user.id));
    expect(seats).toEqual([]);
  });
});

describe("the team's priority", () => {
  it("a member's picture queues with Enterprise priority, ahead of a Free member's; after leaving it does not", async () => {
    // Jobs only queued (no workers), so their order can be read.
    const queueOnly = await createTestApp({ env: { WORKERS: '0' }, overrides: { background: false } });
    try {
      const owner = await member(queueOnly, { tier: 'enterprise' });
      const colleague = await member(queueOnly);
      await addToTeam(queueOnly, owner, colleague);
      const free = await member(queueOnly);
      const ask = async (who: Member) => {
        const res = await queueOnly.request('/api/generations', {
          method: 'POST',
          cookie: who.cookie,
          json: { prompt: 'a happy cactus' },
        });
        expect(res.status, await res.clone().text()).toBe(202);
        return ((await res.json()) as { id: string }).id;
      };
      const priorityOf = async (id: string) =>
        (await queuedGenerations(queueOnly.deps.database.db)).find((job) => job.id === id)!.priority;

      const freeJob = await ask(free);
      const colleagueJob = await ask(colleague);
      expect(await priorityOf(colleagueJob)).toBeGreaterThan(await priorityOf(freeJob));

      expect((await removeRequest(queueOnly, colleague, colleague.user.id)).status).toBe(204);
      // Back on Free: asked after another Free member, they are not ahead of them.
      const freeAgain = await ask(free);
      const afterLeaving = await ask(colleague);
      expect(await priorityOf(afterLeaving)).toBeLessThanOrEqual(await priorityOf(freeAgain));
    } finally {
      await queueOnly.close();
    }
  }, 180_000);
});
