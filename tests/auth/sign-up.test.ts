import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meSchema } from '../../src/core/api';
import { MESSAGES } from '../../src/core/messages';
import { errorOf, rows, waitForMail } from '../helpers/accounts';
import {
  confirmationToken,
  confirmEmail,
  cookieFrom,
  createTestApp,
  signUp,
  type TestApp,
} from '../helpers/app';

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
        // Until the member chooses a display name, they see their neutral username: never the e-mail.
        name: profile.username,
        fullName: '',
        username: profile.username,
        usernameChangedAt: null,
        signedInBefore: false,
      },
      membership: { tier: 'free', status: 'active', imageCount: 0, periodEnd: null },
      credits: 0,
    });
  });

  it('greets "Welcome" in the first session only: signing out and in again is a return', async () => {
    const { cookie, user, email, password } = await signUp(t);
    const meOf = async (c: string) =>
      meSchema.parse(await (await t.request('/api/me', { cookie: c })).json()).user.signedInBefore;
    expect(await meOf(cookie)).toBe(false);
    const [first] = await rows<{ first: Date; session: Date }>(
      t,
      sql`select p.first_signed_in_at as first, s.created_at as session from profiles p join session s on s.user_id = p.user_id where p.user_id = ${user.id}`,
    );
    expect(new Date(first.first).getTime()).toBe(new Date(first.session).getTime());

    // Signing out deletes the first session; the next one is still a return.
    const out = await t.request('/api/auth/sign-out', { method: 'POST', cookie, json: {} });
    expect(out.status).toBe(200);
    expect(await rows(t, sql`select id from session where user_id = ${user.id}`)).toEqual([]);
    const again = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
    expect(again.status).toBe(200);
    expect(await meOf(cookieFrom(again))).toBe(true);
    // Set once: the later session did not move the first sign-in.
    const [after] = await rows<{ first: Date }>(
      t,
      sql`select first_signed_in_at as first from profiles where user_id = ${user.id}`,
    );
    expect(new Date(after.first).getTime()).toBe(new Date(first.first).getTime());
  });

  it('keeps "Welcome" in the first session while a second one is open elsewhere', async () => {
    const { cookie, email, password } = await signUp(t);
    const other = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
    const meOf = async (c: string) =>
      meSchema.parse(await (await t.request('/api/me', { cookie: c })).json()).user.signedInBefore;
    expect(await meOf(cookieFrom(other))).toBe(true);
    expect(await meOf(cookie)).toBe(false);
  });

  it('trims and lower-cases the e-mail', async () => {
    const res = await signUpRequest({ email: '  Mixed.Case@Example.COM ', password: 'long enough pw' });
    expect(res.status).toBe(200);
    await confirmEmail(t, 'mixed.case@example.com');
    const [row] = await rows(t, sql`select email from "user" where email ilike 'mixed.case@example.com'`);
    expect(row).toEqual({ email: 'mixed.case@example.com' });
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
      // Nor does a confirmation link for an account that was never made leave.
      await new Promise((r) => setTimeout(r, 200));
      expect(await rows(t, sql`select 1 from outbox where "to" = 'atomic@example.com'`)).toEqual([]);
    } finally {
      await db.execute(sql`drop trigger fail_membership on memberships`);
      await db.execute(sql`drop function fail_membership()`);
    }
    // The same address can sign up once the fault is gone.
    await signUp(t, 'atomic@example.com');
  });
});

describe('sign-up does not tell who is a member', () => {
  const outboxOf = (email: string) =>
    rows<{ kind: string; text: string }>(
      t,
      sql`select kind, text from outbox where "to" = ${email} order by created_at`,
    );

  it('answers a taken address exactly as a new one, mailing its owner instead of creating anything', async () => {
    const owner = await signUp(t, 'owner@example.com');
    const taken = await signUpRequest({ email: ' Owner@Example.com', password: 'somebody else entirely' });
    const fresh = await signUpRequest({ email: 'newcomer@example.com', password: 'somebody else entirely' });
    for (const res of [taken, fresh]) {
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(res.headers.get('content-type')).toBe('application/json');
    }
    expect(await taken.json()).toEqual({ status: 'confirmation_sent' });
    expect(await fresh.json()).toEqual({ status: 'confirmation_sent' });

    // The newcomer gets the link that finishes the sign-up; the owner a note with sign-in and reset links.
    await confirmationToken(t, 'newcomer@example.com');
    const note = await waitForMail(t, 'owner@example.com', { kind: 'sign-up-attempt' });
    expect(note.subject).toBe('Someone tried to sign up to Clipsmith with your e-mail');
    expect(note.text).toContain('http://localhost:3000/login');
    expect(note.text).toContain('http://localhost:3000/forgot-password');
    expect((await outboxOf('owner@example.com')).map((m) => m.kind)).toEqual([
      'email-verification',
      'sign-up-attempt',
    ]);

    // Nothing about the owner's account changed: one user, the old password, not the new one.
    const [{ n }] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from "user" where email = 'owner@example.com'`,
    );
    expect(n).toBe(1);
    const signIn = (password: string) =>
      t.request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email: 'owner@example.com', password },
      });
    expect((await signIn('somebody else entirely')).status).toBe(401);
    expect((await signIn(owner.password)).status).toBe(200);
  });

  it('mails the owner of a taken address at most once an hour', async () => {
    await signUp(t, 'pestered@example.com');
    for (let i = 0; i < 3; i++) {
      const res = await signUpRequest({
        email: 'pestered@example.com',
        password: `attempt number ${i} here`,
      });
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 100));
    }
    const kinds = (await outboxOf('pestered@example.com')).map((m) => m.kind);
    expect(kinds.filter((k) => k === 'sign-up-attempt')).toHaveLength(1);
  });

  it('takes about as long for a taken address as for a new one', async () => {
    await signUp(t, 'timed@example.com');
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await signUpRequest({ email, password: 'lantern orchard velvet' });
      expect(res.status).toBe(200);
      return performance.now() - started;
    };
    const taken: number[] = [];
    const fresh: number[] = [];
    for (let i = 0; i < 7; i++) {
      taken.push(await timed('timed@example.com'));
      fresh.push(await timed(`timed-new-${i}@example.com`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    // Both hash the password (tens of milliseconds); before, a taken address answered at once.
    const [takenMs, freshMs] = [median(taken), median(fresh)];
    expect(takenMs, `taken ${takenMs} ms, new ${freshMs} ms`).toBeGreaterThan(freshMs * 0.5);
    expect(takenMs, `taken ${takenMs} ms, new ${freshMs} ms`).toBeLessThan(freshMs * 2);
  });

  it('opens no session before the e-mail link; the right password sends a new link, a wrong one says nothing', async () => {
    const email = 'pending@example.com';
    const password = 'lantern orchard velvet';
    expect((await signUpRequest({ email, password })).status).toBe(200);
    const first = await confirmationToken(t, email);

    const wrong = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password: 'not the password' },
    });
    const unknown = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'nobody-here@example.com', password: 'not the password' },
    });
    expect(wrong.status).toBe(401);
    expect(await errorOf(wrong)).toEqual(await errorOf(unknown));

    const right = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
    expect(right.status).toBe(403);
    expect(await errorOf(right)).toEqual({ code: 'email_not_verified', message: MESSAGES.emailNotConfirmed });
    expect(cookieFrom(right)).toBe('');
    await waitForMail(t, email, { kind: 'email-verification', count: 2 });
    const second = await confirmationToken(t, email);

    // The link confirms and signs in; the account is then a member's like any other.
    const confirmed = await t.request(`/api/auth/verify-email?token=${encodeURIComponent(second)}`);
    expect(confirmed.status).toBe(200);
    const me = await t.request('/api/me', { cookie: cookieFrom(confirmed) });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);
    expect(
      (await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } })).status,
    ).toBe(200);
    // Used again, a link opens nothing.
    const again = await t.request(`/api/auth/verify-email?token=${encodeURIComponent(first)}`);
    expect(again.status).toBe(200);
    expect(cookieFrom(again)).toBe('');
  });

  it('refuses a made-up confirmation link in the JSON error shape', async () => {
    const res = await t.request('/api/auth/verify-email?token=made-up');
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('invalid_token');
  });

  it('a password reset confirms the address (the reset link proves the mailbox)', async () => {
    const email = 'squatted@example.com';
    // Someone else signed up with this address and never confirmed; the owner resets the password.
    expect((await signUpRequest({ email, password: 'the squatter password' })).status).toBe(200);
    await t.request('/api/auth/request-password-reset', { method: 'POST', json: { email } });
    const mail = await waitForMail(t, email, { kind: 'password-reset' });
    const token = decodeURIComponent(/\/reset-password\?token=([^\s"<&]+)/.exec(mail.text)![1]);
    const reset = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'the owner chose this one' },
    });
    expect(reset.status).toBe(200);
    const signIn = (password: string) =>
      t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
    expect((await signIn('the owner chose this one')).status).toBe(200);
    expect((await signIn('the squatter password')).status).toBe(401);
  });
});
