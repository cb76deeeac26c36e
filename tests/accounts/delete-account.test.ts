import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/core/messages';
import { imageKeys } from '../../src/server/storage/storage';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { errorOf, rows } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function addImage(userId: string): Promise<string> {
  const [{ id }] = await rows<{ id: string }>(
    t,
    sql`insert into generated_images (user_id, prompt, final_prompt, theme, quality, privacy, provider, model, width, height)
        values (${userId}, 'a fox', 'a fox, clipart', 'default', 'low', 'public', 'offline', 'composer', 1024, 1024)
        returning id`,
  );
  await t.deps.storage.put(imageKeys.original(id), Buffer.from('png bytes'), 'image/png');
  await t.deps.storage.put(imageKeys.thumb(id), Buffer.from('webp bytes'), 'image/webp');
  return id;
}

const countFor = async (table: string, userId: string) => {
  const [{ n }] = await rows<{ n: number }>(
    t,
    sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`,
  );
  return n;
};

describe('DELETE /api/me', () => {
  it('refuses when the typed e-mail does not match, deleting nothing', async () => {
    const { cookie, user } = await signUp(t);
    const res = await t.request('/api/me', {
      method: 'DELETE',
      json: { confirmEmail: 'other@example.com' },
      cookie,
    });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({
      code: 'confirmation_mismatch',
      message: MESSAGES.confirmEmailMismatch,
    });
    expect(await countFor('profiles', user.id)).toBe(1);
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
  });

  it('needs a session', async () => {
    const res = await t.request('/api/me', { method: 'DELETE', json: { confirmEmail: 'a@example.com' } });
    expect(res.status).toBe(401);
  });

  it('deletes the member, sessions, records and image files; keeps ledger rows without the user', async () => {
    const { cookie, user, email, password } = await signUp(t, 'leaving@example.com');
    const other = await signUp(t);
    // A second session (another browser) must end too.
    const second = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
    const secondCookie = second.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const imageId = await addImage(user.id);
    const otherImage = await addImage(other.user.id);
    await t.deps.database.db.execute(
      sql`insert into image_usage (user_id, month, count) values (${user.id}, '2030-01', 3)`,
    );
    await t.deps.database.db.execute(
      sql`insert into credit_transactions (user_id, type, amount, description, reference_id)
          values (${user.id}, 'purchase', 10, 'Starter pack', 'test-ref-1')`,
    );

    const res = await t.request('/api/me', {
      method: 'DELETE',
      json: { confirmEmail: ' Leaving@Example.com ' },
      cookie,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: true });
    const cleared = res.headers.getSetCookie().find((c) => c.includes('session_token='));
    expect(cleared).toMatch(/Max-Age=0/);
    expect(cleared).toMatch(/HttpOnly/);

    for (const table of [
      'session',
      'account',
      'profiles',
      'memberships',
      'credit_accounts',
      'image_usage',
      'generated_images',
    ]) {
      expect(await countFor(table, user.id), table).toBe(0);
    }
    const [{ n: users }] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from "user" where id = ${user.id}`,
    );
    expect(users).toBe(0);
    const ledger = await rows(
      t,
      sql`select user_id, amount from credit_transactions where reference_id = 'test-ref-1'`,
    );
    expect(ledger).toEqual([{ user_id: null, amount: 10 }]);

    const imagesDir = t.deps.config.storage.kind === 'local' ? t.deps.config.storage.dir : '';
    expect(await t.deps.storage.get(imageKeys.original(imageId))).toBeNull();
    expect(existsSync(path.join(imagesDir, imageKeys.prefix(imageId)))).toBe(false);
    // Another member's image is untouched.
    expect(await t.deps.storage.get(imageKeys.original(otherImage))).not.toBeNull();
    expect(await countFor('generated_images', other.user.id)).toBe(1);

    for (const c of [cookie, secondCookie]) {
      const me = await t.request('/api/me', { cookie: c });
      expect(me.status).toBe(401);
    }
    const signIn = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
    expect(signIn.status).toBe(401);
    // The address is free again.
    await signUp(t, email);
  });
});
