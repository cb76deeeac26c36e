// Shared steps of the team tests: inviting, reading the link from the mail, joining.
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Team, TeamInvitation } from '../../src/core/api';
import { queryRows } from '../../src/server/db/client';
import type { TestApp } from '../helpers/app';
import type { Member } from '../helpers/members';
import { waitFor } from '../helpers/wait';

export async function getTeam(app: TestApp, who: Pick<Member, 'cookie'>): Promise<Team | null> {
  const res = await app.request('/api/team', { cookie: who.cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { team: Team | null }).team;
}

export function inviteRequest(app: TestApp, who: Pick<Member, 'cookie'>, email: string) {
  return app.request('/api/team/invitations', { method: 'POST', cookie: who.cookie, json: { email } });
}

export async function invite(app: TestApp, owner: Pick<Member, 'cookie'>, email: string) {
  const res = await inviteRequest(app, owner, email);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as TeamInvitation;
}

/** The token of the newest team invitation link mailed to `email` (the mail leaves after the answer). */
export async function invitationToken(app: TestApp, email: string, after = new Date(0)): Promise<string> {
  return waitFor(`team invitation to ${email}`, async () => {
    const [mail] = await queryRows<{ text: string }>(
      app.deps.database.db,
      sql`select text from outbox where "to" = ${email.toLowerCase()} and kind = 'team-invitation'
          and created_at >= ${after} order by created_at desc limit 1`,
    );
    const match = mail && /\/team\/join\?token=([^\s"<&]+)/.exec(mail.text);
    return match ? decodeURIComponent(match[1]) : undefined;
  }, 10_000);
}

export function joinRequest(app: TestApp, who: Pick<Member, 'cookie'>, token: string) {
  return app.request('/api/team/join', { method: 'POST', cookie: who.cookie, json: { token } });
}

/** The owner invites `joiner`, who joins through the mailed link. */
export async function addToTeam(app: TestApp, owner: Pick<Member, 'cookie'>, joiner: Member) {
  await invite(app, owner, joiner.email);
  const res = await joinRequest(app, joiner, await invitationToken(app, joiner.email));
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { team: Team }).team;
}

export function removeRequest(app: TestApp, who: Pick<Member, 'cookie'>, userId: string) {
  return app.request(`/api/team/members/${userId}`, { method: 'DELETE', cookie: who.cookie });
}

export async function meOf(app: TestApp, who: Pick<Member, 'cookie'>) {
  const res = await app.request('/api/me', { cookie: who.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    membership: { tier: string; imageCount: number; imageLimit: number | null };
    team: { id: string; name: string; role: string } | null;
  };
}

export async function errorOf(res: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await res.json()) as { error: { code: string; message: string } };
  return { status: res.status, ...body.error };
}
