// Pre-account hijacking: a stranger who signs up first with someone's address must not end up
// holding the account once its owner signs up and confirms. The newest sign-up owns an unconfirmed
// account, only its links confirm, confirming leaves nobody else signed in, and unconfirmed
// accounts are deleted once their links have expired.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/core/messages';
import { VERIFY_EMAIL_HOURS } from '../../src/server/auth/auth';
import { deleteUnconfirmedAccounts, UNCONFIRMED_MARGIN_MS } from '../../src/server/auth/unconfirmed';
import { errorOf, rows, waitForMail } from '../helpers/accounts';
import { confirmationToken, cookieFrom, createTestApp, signUp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { background: false } });
});
afterAll(() => t?.close());

const signUpAs = (email: string, password: string, name?: string) =>
  t.request('/api/auth/sign-up/email', { method: 'POST', json: { email, password, name } });
const signIn = (email: string, password: string) =>
  t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
const follow = (token: string) => t.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
/** Follows a link to an account signed up for more than once: confirmed, no session, a reset token. */
const followToChoosePassword = async (token: string) => {
  const res = await follow(token);
  expect(res.status).toBe(200);
  expect(cookieFrom(res)).toBe('');
  const body = (await res.json()) as { status: string; resetToken: string; message: string };
  expect(body.status).toBe('choose_password');
  expect(body.message).toBe(MESSAGES.choosePasswordAfterContestedSignUp);
  const [user] = await rows<{ verified: boolean }>(
    t,
    sql`select email_verified as verified from "user" u join verification v on v.value = u.id
        where v.identifier = ${`reset-password:${body.resetToken}`}`,
  );
  expect(user.verified).toBe(true);
  return body.resetToken;
};
const choosePassword = (token: string, newPassword: string) =>
  t.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword } });
const kindsTo = async (email: string) =>
  (
    await rows<{ kind: string }>(t, sql`select kind from outbox where "to" = ${email} order by created_at`)
  ).map((r) => r.kind);

describe('a sign-up that meets an unconfirmed account', () => {
  it('makes the newest sign-up its owner: the earlier password and link stop working', async () => {
    const email = 'victim@example.com';
    // The attacker signs up first with the victim's address and his own password and name.
    expect((await signUpAs(email, 'attacker knows this one', 'Mallory')).status).toBe(200);
    const attackersLink = await confirmationToken(t, email);

    // The victim signs up later: the same neutral answer, and a fresh link of his own.
    const victims = await signUpAs(email, 'the victim chose this', 'Victor');
    expect(victims.status).toBe(200);
    expect(await victims.json()).toEqual({ status: 'confirmation_sent' });
    await waitForMail(t, email, { kind: 'email-verification', count: 2 });
    // Not "someone tried to sign up with your e-mail": the account was nobody's yet.
    expect(await kindsTo(email)).toEqual(['email-verification', 'email-verification']);
    const victimsLink = await confirmationToken(t, email);
    expect(victimsLink).not.toBe(attackersLink);

    // The attacker's link (in the victim's mailbox) no longer confirms anything.
    const stale = await follow(attackersLink);
    expect(stale.status).toBe(401);
    expect((await errorOf(stale)).code).toBe('invalid_token');
    expect(cookieFrom(stale)).toBe('');

    // Signed up for twice: the link confirms the address but keeps no password and opens no session.
    const resetToken = await followToChoosePassword(victimsLink);
    const [user] = await rows<{ name: string }>(t, sql`select name from "user" where email = ${email}`);
    expect(user.name).toBe('Victor');
    expect((await signIn(email, 'attacker knows this one')).status).toBe(401);
    expect((await signIn(email, 'the victim chose this')).status).toBe(401);

    // Only the password chosen after following the link opens the account.
    expect((await choosePassword(resetToken, 'victor picks anew')).status).toBe(200);
    expect((await signIn(email, 'attacker knows this one')).status).toBe(401);
    expect((await signIn(email, 'victor picks anew')).status).toBe(200);
    const [{ n }] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from "user" where email = ${email}`,
    );
    expect(n).toBe(1);
  });

  it("keeps no attacker's password when the victim signed up first and follows the attacker's link", async () => {
    const email = 'early-victim@example.com';
    // The victim signs up; then the attacker signs up with the victim's address and his password.
    expect((await signUpAs(email, 'the victim chose this', 'Victor')).status).toBe(200);
    const victimsLink = await confirmationToken(t, email);
    expect((await signUpAs(email, 'attacker knows this one', 'Mallory')).status).toBe(200);
    await waitForMail(t, email, { kind: 'email-verification', count: 2 });
    const attackersLink = await confirmationToken(t, email);
    expect((await follow(victimsLink)).status).toBe(401);
    const [user] = await rows<{ id: string }>(t, sql`select id from "user" where email = ${email}`);
    await t.deps.database.db.execute(
      sql`insert into session (id, expires_at, token, user_id) values ('mallory', now() + interval '1 day', 'mallory-token', ${user.id})`,
    );

    // The victim clicks the newest link in his mailbox: confirmed, and asked to choose a password.
    const resetToken = await followToChoosePassword(attackersLink);
    expect((await signIn(email, 'attacker knows this one')).status).toBe(401);
    expect(await rows(t, sql`select id from session where user_id = ${user.id}`)).toEqual([]);
    // The link is used up: following it again gives nothing more.
    expect((await follow(attackersLink)).status).toBe(401);

    expect((await choosePassword(resetToken, 'victor picks anew')).status).toBe(200);
    expect((await signIn(email, 'attacker knows this one')).status).toBe(401);
    const victim = await signIn(email, 'victor picks anew');
    expect(victim.status).toBe(200);
    expect((await t.request('/api/me', { cookie: cookieFrom(victim) })).status).toBe(200);
    // Confirmed now: a later sign-up with the address only mails its owner.
    expect((await signUpAs(email, 'attacker tries again')).status).toBe(200);
    await waitForMail(t, email, { kind: 'sign-up-attempt' });
    expect((await signIn(email, 'attacker tries again')).status).toBe(401);
  });

  it('withdraws the earlier sign-up links whichever order the two came in', async () => {
    const email = 'first-comer@example.com';
    expect((await signUpAs(email, 'owner signed up first')).status).toBe(200);
    const ownersLink = await confirmationToken(t, email);
    expect((await signUpAs(email, 'stranger came second')).status).toBe(200);
    await waitForMail(t, email, { kind: 'email-verification', count: 2 });
    // The owner's older link would confirm an account holding the stranger's password: refused.
    expect((await follow(ownersLink)).status).toBe(401);
    expect((await signIn(email, 'owner signed up first')).status).toBe(401);
  });

  it('keeps a confirmed account as it is and mails its owner instead', async () => {
    const owner = await signUp(t, 'confirmed-owner@example.com');
    expect((await signUpAs(owner.email, 'an intruder password')).status).toBe(200);
    await waitForMail(t, owner.email, { kind: 'sign-up-attempt' });
    expect((await signIn(owner.email, 'an intruder password')).status).toBe(401);
    expect((await signIn(owner.email, owner.password)).status).toBe(200);
  });
});

describe('confirming an address', () => {
  it('signs out every other session and credential the unconfirmed account had', async () => {
    const email = 'crowded@example.com';
    expect((await signUpAs(email, 'lantern orchard velvet')).status).toBe(200);
    const token = await confirmationToken(t, email);
    const [user] = await rows<{ id: string }>(t, sql`select id from "user" where email = ${email}`);
    // Whatever opened the account before its owner confirmed it (a session, an API key).
    await t.deps.database.db.execute(
      sql`insert into session (id, expires_at, token, user_id) values ('stray', now() + interval '1 day', 'stray-token', ${user.id})`,
    );
    await t.deps.database.db.execute(
      sql`insert into api_keys (user_id, name, prefix, hash) values (${user.id}, 'stray', 'cs_stray', 'stray-hash')`,
    );
    const confirmed = await follow(token);
    expect(confirmed.status).toBe(200);
    expect(await rows(t, sql`select id from session where token = 'stray-token'`)).toEqual([]);
    expect(await rows(t, sql`select id from api_keys where user_id = ${user.id}`)).toEqual([]);
    // The confirmer's own session is the one left.
    expect((await t.request('/api/me', { cookie: cookieFrom(confirmed) })).status).toBe(200);
    const [{ n }] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from session where user_id = ${user.id}`,
    );
    expect(n).toBe(1);
  });
});

describe('unconfirmed accounts are deleted', () => {
  it('once their newest link has expired (plus a margin), with their member records', async () => {
    const db = t.deps.database.db;
    const stale = 'never-confirmed@example.com';
    const renewed = 'renewed-link@example.com';
    const fresh = 'just-signed-up@example.com';
    for (const email of [stale, renewed, fresh])
      expect((await signUpAs(email, 'lantern orchard velvet')).status).toBe(200);
    await confirmationToken(t, fresh);
    const confirmed = await signUp(t, 'confirmed-long-ago@example.com');

    const now = new Date();
    const longAgo = new Date(now.getTime() - VERIFY_EMAIL_HOURS * 3600_000 - UNCONFIRMED_MARGIN_MS - 60_000);
    // Three accounts signed up long ago; one of them asked for a new link by signing in today.
    await db.execute(
      sql`update "user" set created_at = ${longAgo} where email in (${stale}, ${renewed}, ${confirmed.email})`,
    );
    await db.execute(
      sql`update verification set expires_at = ${new Date(longAgo.getTime() + VERIFY_EMAIL_HOURS * 3600_000)}
          where value in (select id from "user" where email in (${stale}, ${renewed}))`,
    );
    expect((await signIn(renewed, 'lantern orchard velvet')).status).toBe(403);
    await waitForMail(t, renewed, { kind: 'email-verification', count: 2 });
    const [gone] = await rows<{ id: string }>(t, sql`select id from "user" where email = ${stale}`);

    expect(await deleteUnconfirmedAccounts(db, { linkHours: VERIFY_EMAIL_HOURS, now })).toBe(1);
    const left = await rows<{ email: string }>(
      t,
      sql`select email from "user" where email in (${stale}, ${renewed}, ${fresh}, ${confirmed.email}) order by email`,
    );
    expect(left.map((r) => r.email)).toEqual([confirmed.email, fresh, renewed].sort());
    for (const table of ['profiles', 'memberships', 'credit_accounts', 'account'])
      expect(await rows(t, sql`select 1 from ${sql.identifier(table)} where user_id = ${gone.id}`)).toEqual(
        [],
      );

    // The address is free again: its owner signs up as new and confirms.
    expect((await signUpAs(stale, 'the real owner now')).status).toBe(200);
    await waitForMail(t, stale, { kind: 'email-verification', count: 2 });
    expect((await follow(await confirmationToken(t, stale))).status).toBe(200);
  });
  it('with nothing of theirs left behind, also when signed up for more than once', async () => {
    const db = t.deps.database.db;
    const email = 'signed-up-twice-never-confirmed@example.com';
    expect((await signUpAs(email, 'lantern orchard velvet')).status).toBe(200);
    expect((await signUpAs(email, 'another orchard velvet')).status).toBe(200);
    await waitForMail(t, email, { kind: 'email-verification', count: 2 });
    const [user] = await rows<{ id: string }>(t, sql`select id from "user" where email = ${email}`);
    const now = new Date();
    const longAgo = new Date(now.getTime() - VERIFY_EMAIL_HOURS * 3600_000 - UNCONFIRMED_MARGIN_MS - 60_000);
    await db.execute(sql`update "user" set created_at = ${longAgo} where id = ${user.id}`);
    await db.execute(
      sql`update verification set expires_at = ${longAgo} where identifier like 'email-link:%' and value = ${user.id}`,
    );
    expect(await deleteUnconfirmedAccounts(db, { linkHours: VERIFY_EMAIL_HOURS, now })).toBe(1);
    expect(await rows(t, sql`select identifier from verification where value = ${user.id}`)).toEqual([]);
  });
});
