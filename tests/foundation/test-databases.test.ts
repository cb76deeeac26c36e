// The test harness lends a closed app's emptied PGlite to the next app (helpers/database.ts): the
// next app must start from empty tables, and the closed app must not reach the lent database.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { openTestDatabase, testEngine } from '../helpers/database';

describe.skipIf(testEngine !== 'pglite')('test databases on PGlite', () => {
  it('an app after another starts from empty tables', async () => {
    const first = await openTestDatabase();
    await first.db.execute(
      sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
          values ('u1', 'One', 'one@example.com', true, now(), now())`,
    );
    await first.db.execute(
      sql`insert into outbox ("to", subject, text, transport) values ('a@b.c', 's', 't', 'log')`,
    );
    await first.close();

    const second = await openTestDatabase();
    expect(await queryRows(second.db, sql`select id from "user"`)).toEqual([]);
    expect(await queryRows(second.db, sql`select id from outbox`)).toEqual([]);
    await second.close();
  });

  it('a closed app cannot read or write the database lent on to the next app', async () => {
    const first = await openTestDatabase();
    await first.close();
    const second = await openTestDatabase();
    await expect(first.db.execute(sql`select 1`)).rejects.toMatchObject({
      cause: { message: 'PGlite is closed' },
    });
    await expect(first.ping()).rejects.toThrow(/closed/);
    expect(first.pglite?.closed).toBe(true);
    await second.ping();
    await second.close();
  });
});
