import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meSchema } from '../../src/core/api';
import { MESSAGES } from '../../src/core/messages';
import { cookieFrom, createTestApp, signUp, type TestApp } from '../helpers/app';
import { errorOf, rows } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const NEUTRAL_USERNAME = /^[a-z]{3,9}_[a-z]{3,9}_\d{4}$/;

const signUpRequest = (json: unknown) => t.request('/api/auth/sign-up/email', { method: 'POST', json });

describe('sign-up', () => {
  it('creates the user, a profile, an active free membership and 0 credits', async () => {
    const { cookie, user } = await signUp(t, 'jane.doe+clips@example.com');
    const [profile] = await rows<{ full_name: string; username: string }>(
      t,
      sql`select full_name, username from profiles where user_id = ${user.id}`,
    );
    expect(profile.full_name).toBe('');
    // Neutral: two words and a number, nothing taken from the e-mail.
    expect(profile.username).toMatch(NEUTRAL_USERNAME);
    expect(profile.username).not.toMatch(/jane|doe|clips/);
    const [membership] = await rows(t, sql`select tier, status from memberships where user_id = ${user.id}`);
    expect(membership).toEqual({ tier: 'free', status: 'active' });
    const [credits] = await rows(t, sql`select balance from credit_accounts where user_id = ${user.id}`);
    expect(credits).toEqual({ balance: 0 });

    const res = await t.request('/api/me', { cookie });
    expect(res.status).toBe(200);
    const me = meSchema.parse(await res.json());
    expect(me).toMatchObject({
      user: {
        email: 'jane.doe+clips@example.com',
        name: 'jane.doe+clips',
        fullName: '',
        username: profile.username,
        usernameChangedAt: null,
        signedInBefore: false,
      },
      membership: { tier: 'free', status: 'active', imageCount: 0, periodEnd: null },
      credits: 0,
    });
  });

  it('counts a member as returning once they sign in again after the sign-up session', async () => {
    const { cookie, user, email, password } = await signUp(t);
    const meOf = async (c: string) =>
      meSchema.parse(await (await t.request('/api/me', { cookie: c })).json()).user.signedInBefore;
    expect(await meOf(cookie)).toBe(false);
    // A sign-in seconds after sign-up (the same visit) is still the first time…
    const again = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
    expect(again.status).toBe(200);
    expect(await meOf(cookieFrom(again))).toBe(false);
    // …one a day later is a return, and every session of that member now says so.
    await rows(t, sql`update "user" set created_at = created_at - interval '1 day' where id = ${user.id}`);
    await rows(
      t,
      sql`update session set created_at = created_at - interval '1 day' where user_id = ${user.id}`,
    );
    expect(await meOf(cookie)).toBe(false);
    const later = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
    expect(later.status).toBe(200);
    expect(await meOf(cookieFrom(later))).toBe(true);
    expect(await meOf(cookie)).toBe(true);
  });

  it('trims and lower-cases the e-mail', async () => {
    const res = await signUpRequest({ email: '  Mixed.Case@Example.COM ', password: 'long enough pw' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { email: string } };
    expect(body.user.email).toBe('mixed.case@example.com');
    const signIn = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'MIXED.case@example.com ', password: 'long enough pw' },
    });
    expect(signIn.status).toBe(200);
  });

  it('gives each member a different neutral username that leaves their one change unused', async () => {
    const a = await signUp(t, 'twin@one.example');
    const b = await signUp(t, 'twin@two.example');
    const names = await rows<{ username: string }>(
      t,
      sql`select username from profiles where user_id in (${a.user.id}, ${b.user.id})`,
    );
    expect(new Set(names.map((n) => n.username)).size).toBe(2);
    for (const { username } of names) expect(username).toMatch(NEUTRAL_USERNAME);
    const change = await t.request('/api/me/profile', {
      method: 'PATCH',
      cookie: a.cookie,
      json: { fullName: 'Twin One', username: 'twin_one' },
    });
    expect(change.status).toBe(200);
    expect(((await change.json()) as { user: { username: string } }).user.username).toBe('twin_one');
  });

  it('refuses a short or a long password with a clear message', async () => {
    const short = await signUpRequest({ email: 'short@example.com', password: '1234567' });
    expect(short.status).toBe(400);
    expect(await errorOf(short)).toEqual({ code: 'invalid_request', message: MESSAGES.passwordTooShort });

    const long = await signUpRequest({ email: 'long@example.com', password: 'x'.repeat(129) });
    expect(long.status).toBe(400);
    expect(await errorOf(long)).toEqual({ code: 'invalid_request', message: MESSAGES.passwordTooLong });

    // The longest allowed: a passphrase of exactly 128 characters.
    const passphrase =
      'the quiet lighthouse keeper paints seven blue herons every tuesday at dawn, then sings to the gulls '
        .padEnd(128, 'z')
        .slice(0, 128);
    expect(passphrase).toHaveLength(128);
    const edge = await signUpRequest({ email: 'edge@example.com', password: passphrase });
    expect(edge.status).toBe(200);
  });

  it('refuses an invalid e-mail', async () => {
    const res = await signUpRequest({ email: 'not-an-email', password: 'long enough pw' });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ code: 'invalid_request', message: MESSAGES.invalidEmail });
  });

  it('refuses an e-mail already registered, in the JSON error shape, creating nothing', async () => {
    await signUp(t, 'taken@example.com');
    const res = await signUpRequest({ email: 'Taken@example.com', password: 'another password' });
    expect(res.status).toBe(422);
    expect(res.headers.getSetCookie()).toEqual([]);
    const error = await errorOf(res);
    expect(error.code).toBe('user_already_exists_use_another_email');
    expect(error.message).toMatch(/already exists/i);
    const [{ n }] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from "user" where email = 'taken@example.com'`,
    );
    expect(n).toBe(1);
  });

  it('creates nothing when the membership cannot be created, and answers an error', async () => {
    const db = t.deps.database.db;
    await db.execute(sql`create function fail_membership() returns trigger language plpgsql as $$
      begin raise exception 'membership insert refused by test'; end $$`);
    await db.execute(
      sql`create trigger fail_membership before insert on memberships for each row execute function fail_membership()`,
    );
    try {
      const res = await signUpRequest({ email: 'atomic@example.com', password: 'long enough pw' });
      expect(res.status).toBe(500);
      expect(await errorOf(res)).toEqual({
        code: 'sign_up_failed',
        message: 'Failed to create an account. Please try again.',
      });
      expect(cookieFrom(res)).toBe('');
      const leftovers = await rows<{
        users: number;
        accounts: number;
        sessions: number;
        profiles: number;
        credits: number;
      }>(
        t,
        sql`select
          (select count(*)::int from "user" where email = 'atomic@example.com') as users,
          (select count(*)::int from account a where not exists (select 1 from "user" u where u.id = a.user_id)) as accounts,
          (select count(*)::int from session s where not exists (select 1 from memberships m where m.user_id = s.user_id)) as sessions,
          (select count(*)::int from profiles p where not exists (select 1 from memberships m where m.user_id = p.user_id)) as profiles,
          (select count(*)::int from credit_accounts c where not exists (select 1 from memberships m where m.user_id = c.user_id)) as credits`,
      );
      expect(leftovers[0]).toEqual({ users: 0, accounts: 0, sessions: 0, profiles: 0, credits: 0 });
    } finally {
      await db.execute(sql`drop trigger fail_membership on memberships`);
      await db.execute(sql`drop function fail_membership()`);
    }
    // The same address can sign up once the fault is gone.
    await signUp(t, 'atomic@example.com');
  });
});
