// Migration 0004: members whose username is still the e-mail-derived starting one get a neutral
// one; a username the member chose stays, and nobody's one change is used up.
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { type DatabaseHandle, MIGRATIONS_DIR, openDatabase, queryRows } from '../../src/server/db/client';
import { migrationsBefore, removeMigrationCopies } from '../helpers/migrations';

const NEUTRAL = /^[a-z]{3,9}_[a-z]{3,9}_\d{4}$/;
let handle: DatabaseHandle | undefined;
afterAll(async () => {
  await handle?.close();
  removeMigrationCopies();
});

it('gives members with an e-mail-derived username a neutral one, and keeps chosen ones', async () => {
  handle = await openDatabase({ kind: 'pglite-memory' });
  // biome-ignore lint/suspicious/noExplicitAny: the migrator takes the drizzle instance
  const db = handle.db as any;
  await migrate(db, { migrationsFolder: migrationsBefore('_neutral_usernames') });
  const members = [
    { id: 'u-jane', email: 'jane.doe.private@example.com', username: 'jane_doe_private', changed: null },
    { id: 'u-bob', email: 'bob@example.com', username: 'bob', changed: null },
    {
      id: 'u-ada',
      email: 'ada.l@example.com',
      username: 'countess_of_code',
      changed: new Date('2025-01-02'),
    },
  ];
  for (const m of members) {
    await handle.db.execute(sql`insert into "user" (id, email) values (${m.id}, ${m.email})`);
    await handle.db.execute(
      sql`insert into profiles (user_id, username, username_changed_at) values (${m.id}, ${m.username}, ${m.changed})`,
    );
  }

  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

  const rows = await queryRows<{ user_id: string; username: string; username_changed_at: Date | null }>(
    handle.db,
    sql`select user_id, username, username_changed_at from profiles order by user_id`,
  );
  const byId = Object.fromEntries(rows.map((r) => [r.user_id, r]));
  for (const id of ['u-jane', 'u-bob']) {
    expect(byId[id].username).toMatch(NEUTRAL);
    expect(byId[id].username_changed_at).toBeNull();
  }
  expect(byId['u-jane'].username).not.toContain('jane');
  expect(byId['u-bob'].username).not.toMatch(/^bob/);
  expect(byId['u-jane'].username).not.toBe(byId['u-bob'].username);
  expect(byId['u-ada'].username).toBe('countess_of_code');
});
