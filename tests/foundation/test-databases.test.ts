// The test harness lends a closed app's emptied database to the next app (helpers/database.ts), a
// PGlite or a PostgreSQL database alike: the next app must start from empty tables, and the closed
// app must not reach the lent database.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { openTestDatabase, testEngine } from '../helpers/database';

async function currentDatabase(handle: Awaited<ReturnType<typeof openTestDatabase>>) {
  return (await queryRows<{ name: string }>(handle.db, sql`select current_database() as name`))[0]!.name;
}

describe(`test databases on ${testEngine}`, () => {
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
    if (testEngine === 'pglite') {
      await expect(first.db.execute(sql`select 1`)).rejects.toMatchObject({
        cause: { message: 'PGlite is closed' },
      });
      await expect(first.ping()).rejects.toThrow(/closed/);
      expect(first.pglite?.closed).toBe(true);
    } else {
      // (its own pool is ended: it never reaches the database now lent on)
      await expect(first.db.execute(sql`select 1`)).rejects.toMatchObject({
        cause: { message: 'Cannot use a pool after calling end on the pool' },
      });
      await expect(first.ping()).rejects.toThrow('Cannot use a pool after calling end on the pool');
    }
    await second.ping();
    await second.close();
  });
});

describe.skipIf(testEngine !== 'postgres')('test databases on PostgreSQL', () => {
  it('the next app gets the same database, without the queue a closed app left', async () => {
    const first = await openTestDatabase();
    const name = await currentDatabase(first);
    await first.db.execute(sql`create schema pgboss`);
    await first.db.execute(sql`create table pgboss.job (id text)`);
    await first.close();

    const second = await openTestDatabase();
    expect(await currentDatabase(second)).toBe(name);
    expect(
      await queryRows(
        second.db,
        sql`select schema_name from information_schema.schemata where schema_name = 'pgboss'`,
      ),
    ).toEqual([]);
    await second.close();
  });

  it('a database whose tables a test changed is dropped, not lent on', async () => {
    const first = await openTestDatabase();
    const name = await currentDatabase(first);
    await first.db.execute(sql`alter table outbox add column stray text`);
    await first.close();

    const second = await openTestDatabase();
    expect(await currentDatabase(second)).not.toBe(name);
    expect(
      await queryRows(
        second.db,
        sql`select column_name from information_schema.columns where table_name = 'outbox' and column_name = 'stray'`,
      ),
    ).toEqual([]);
    await second.close();
  });
});
