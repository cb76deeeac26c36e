// Migration 0013: members who could sign in before "first signed in" was recorded are greeted
// "Welcome back" in every session they have or open; a sign-up still waiting for its e-mail link
// gets "Welcome" in the session that link opens.
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { getMe } from '../../src/server/account/service';
import { type DatabaseHandle, MIGRATIONS_DIR, openDatabase, queryRows } from '../../src/server/db/client';
import { migrationsBefore, removeMigrationCopies } from '../helpers/migrations';

let handle: DatabaseHandle | undefined;
afterAll(async () => {
  await handle?.close();
  removeMigrationCopies();
});

it('backfills members who could sign in, so each of their sessions is a return', async () => {
  handle = await openDatabase({ kind: 'pglite-memory' });
  // biome-ignore lint/suspicious/noExplicitAny: the migrator takes the drizzle instance
  const db = handle.db as any;
  await migrate(db, { migrationsFolder: migrationsBefore('_first_signed_in_at') });
  const joined = new Date('2026-03-01T10:00:00Z');
  const members = [
    // Still in the one session they ever opened.
    { id: 'u-one-session', verified: true, session: new Date('2026-03-01T10:05:00Z') },
    // Signed out long ago: no session left.
    { id: 'u-signed-out', verified: true, session: null },
    // Signed up, link not clicked yet.
    { id: 'u-pending', verified: false, session: null },
  ];
  for (const m of members) {
    await handle.db.execute(
      sql`insert into "user" (id, email, email_verified, created_at) values (${m.id}, ${`${m.id}@example.com`}, ${m.verified}, ${joined})`,
    );
    await handle.db.execute(sql`insert into profiles (user_id, username) values (${m.id}, ${m.id})`);
    if (m.session)
      await handle.db.execute(
        sql`insert into session (id, token, user_id, expires_at, created_at, updated_at) values (${`s-${m.id}`}, ${`t-${m.id}`}, ${m.id}, ${new Date('2026-04-01')}, ${m.session}, ${m.session})`,
      );
  }

  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

  const rows = await queryRows<{ user_id: string; first_signed_in_at: Date | null }>(
    handle.db,
    sql`select user_id, first_signed_in_at from profiles order by user_id`,
  );
  const first = Object.fromEntries(rows.map((r) => [r.user_id, r.first_signed_in_at]));
  expect(new Date(first['u-one-session']!).getTime()).toBe(joined.getTime());
  expect(new Date(first['u-signed-out']!).getTime()).toBe(joined.getTime());
  expect(first['u-pending']).toBeNull();

  const now = new Date('2026-03-02T09:00:00Z');
  const greeting = async (id: string, sessionStartedAt: Date) =>
    (await getMe(handle!.db, id, now, sessionStartedAt)).user.signedInBefore ? 'Welcome back' : 'Welcome';
  expect(await greeting('u-one-session', members[0].session!)).toBe('Welcome back');
  expect(await greeting('u-signed-out', now)).toBe('Welcome back');
});
