import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Me, meSchema } from '../../src/core/api';
import { MESSAGES } from '../../src/core/messages';
import { errorOf, rows } from '../helpers/accounts';
import { createTestApp, signUp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const patch = (cookie: string, json: unknown) =>
  t.request('/api/me/profile', { method: 'PATCH', json, cookie });

describe('PATCH /api/me/profile', () => {
  it('needs a session', async () => {
    const res = await t.request('/api/me/profile', { method: 'PATCH', json: { fullName: 'X' } });
    expect(res.status).toBe(401);
  });

  it('saves the full name and answers the new Me', async () => {
    const { cookie } = await signUp(t, 'ada@example.com');
    const res = await patch(cookie, { fullName: '  Ada Lovelace ' });
    expect(res.status).toBe(200);
    const me = meSchema.parse(await res.json());
    expect(me.user).toMatchObject({
      fullName: 'Ada Lovelace',
      name: 'Ada Lovelace',
      avatarInitials: 'AL',
      usernameChangedAt: null,
    });
  });

  it('validates the full name and the username', async () => {
    const { cookie } = await signUp(t);
    const empty = await patch(cookie, { fullName: '   ' });
    expect(empty.status).toBe(400);
    expect(await errorOf(empty)).toEqual({ code: 'invalid_request', message: MESSAGES.fullNameRequired });
    for (const username of ['ab', 'a'.repeat(31), 'has space', 'dash-ed', 'émile']) {
      const res = await patch(cookie, { fullName: 'Someone', username });
      expect(res.status, username).toBe(400);
      expect(await errorOf(res)).toEqual({ code: 'invalid_request', message: MESSAGES.usernameInvalid });
    }
  });

  it('stores the username lower-case and allows one change only', async () => {
    const { cookie, user } = await signUp(t);
    const first = await patch(cookie, { fullName: 'Grace Hopper', username: 'Grace_Hopper_1906' });
    expect(first.status).toBe(200);
    const me = (await first.json()) as Me;
    expect(me.user.username).toBe('grace_hopper_1906');
    expect(me.user.usernameChangedAt).not.toBeNull();
    const [row] = await rows(t, sql`select username from profiles where user_id = ${user.id}`);
    expect(row.username).toBe('grace_hopper_1906');

    // Saving the same name again (any case) is not a change.
    const same = await patch(cookie, { fullName: 'Grace B. Hopper', username: 'GRACE_hopper_1906' });
    expect(same.status).toBe(200);

    const second = await patch(cookie, { fullName: 'Grace Hopper', username: 'amazing_grace' });
    expect(second.status).toBe(409);
    expect(await errorOf(second)).toEqual({
      code: 'username_locked',
      message: MESSAGES.usernameAlreadyChanged,
    });
    const after = (await (await t.request('/api/me', { cookie })).json()) as Me;
    expect(after.user.username).toBe('grace_hopper_1906');
    expect(after.user.fullName).toBe('Grace B. Hopper');
  });

  it('refuses a username another member has, whatever the case, without using the change', async () => {
    const a = await signUp(t);
    await patch(a.cookie, { fullName: 'First', username: 'unique_name' });
    const b = await signUp(t);
    const res = await patch(b.cookie, { fullName: 'Second', username: 'Unique_Name' });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: 'username_taken', message: MESSAGES.usernameTaken });
    const me = (await (await t.request('/api/me', { cookie: b.cookie })).json()) as Me;
    expect(me.user.usernameChangedAt).toBeNull();
    // The change is still available for a free name.
    expect((await patch(b.cookie, { fullName: 'Second', username: 'another_name' })).status).toBe(200);
  });

  it('refuses the starting username of another member', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const start = (
      (await (await t.request('/api/me', { cookie: a.cookie })).json()) as { user: { username: string } }
    ).user.username;
    const res = await patch(b.cookie, { fullName: 'B', username: start.toUpperCase() });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe('username_taken');
  });

  it('lets only one of two simultaneous changes through', async () => {
    const { cookie } = await signUp(t);
    const results = await Promise.all([
      patch(cookie, { fullName: 'Racer', username: 'racer_one' }),
      patch(cookie, { fullName: 'Racer', username: 'racer_two' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});
