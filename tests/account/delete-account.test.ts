import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/core/messages';
import { imageKeys } from '../../src/server/storage/storage';
import { errorOf, rows } from '../helpers/accounts';
import { createTestApp, signUp, type TestApp } from '../helpers/app';

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

  it('keeps only amounts, kinds and dates for the books: no prompt text, contact message or mail of the member', async () => {
    const { cookie, user } = await signUp(t, 'Private.Person@example.com');
    const keeper = await signUp(t, 'keeper@example.com');
    const db = t.deps.database.db;
    await db.execute(
      sql`insert into credit_transactions (user_id, type, amount, description, reference_id) values
          (${user.id}, 'purchase', 10, 'Purchased Starter pack', 'scrub-ref-1'),
          (${user.id}, 'spend', -1, 'my secret birthday surprise for ann', 'scrub-ref-2'),
          (${user.id}, 'refund', 1, 'Refund: my secret birthday surprise for ann', 'scrub-ref-3'),
          (${keeper.user.id}, 'spend', -1, 'a keeper prompt', 'scrub-ref-4')`,
    );
    await db.execute(
      sql`insert into contact_messages (name, email, message, user_id) values
          ('Private Person', 'private.person@example.com', 'signed-in question', ${user.id}),
          ('P', 'PRIVATE.PERSON@example.com', 'question sent while signed out', null),
          ('Keeper', 'keeper@example.com', 'keeper question', ${keeper.user.id})`,
    );
    await db.execute(
      sql`insert into outbox ("to", subject, text, transport) values
          ('private.person@example.com', 'Reset your password', 'link', 'outbox'),
          ('keeper@example.com', 'Reset your password', 'link', 'outbox')`,
    );

    const res = await t.request('/api/me', {
      method: 'DELETE',
      json: { confirmEmail: 'private.person@example.com' },
      cookie,
    });
    expect(res.status).toBe(200);

    const ledger = await rows<{ user_id: string | null; type: string; amount: number; description: string }>(
      t,
      sql`select user_id, type, amount, description from credit_transactions
          where reference_id in ('scrub-ref-1', 'scrub-ref-2', 'scrub-ref-3', 'scrub-ref-4') order by reference_id`,
    );
    expect(ledger).toEqual([
      { user_id: null, type: 'purchase', amount: 10, description: 'Credit purchase' },
      { user_id: null, type: 'spend', amount: -1, description: 'Credit spent' },
      { user_id: null, type: 'refund', amount: 1, description: 'Credit refund' },
      { user_id: keeper.user.id, type: 'spend', amount: -1, description: 'a keeper prompt' },
    ]);
    const everything = JSON.stringify([
      await rows(t, sql`select name, email, message, user_id from contact_messages`),
      await rows(t, sql`select "to", subject from outbox`),
    ]).toLowerCase();
    expect(everything).not.toContain('private.person');
    expect(everything).toContain('keeper@example.com');
    const [{ n: mail }] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from outbox where "to" = 'keeper@example.com'`,
    );
    expect(mail).toBeGreaterThanOrEqual(1);
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
