// Test databases on PostgreSQL: copies of a migrated template, named after the process whose end
// frees them, so a later run can drop what a killed one left.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PGBOSS_SCHEMA } from '../../src/server/jobs/pg-boss';

const PREFIX = 'clipsmith_t_';

function adminUrl(url: string) {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

/**
 * A new database, empty or a copy of `template` (a migrated one the run made once: migrating each
 * new one took 0.4-0.9 s here, and most test files open many).
 */
export async function createTestDatabase(
  baseUrl: string,
  template?: string,
  /** The process whose end frees it (a test run's main process, for databases its workers lend). */
  owner = process.pid,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${PREFIX}${owner}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(baseUrl) });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl(baseUrl) });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The tables, columns and schemas of a database, as one string: a lent database must still have
 * the template's (a test may add or drop some).
 */
export async function databaseShape(client: pg.Client | pg.Pool): Promise<string> {
  const { rows } = await client.query<{ shape: string }>(
    `select coalesce(string_agg(table_schema || '.' || table_name || '.' || column_name || ':' || data_type, ',' order by table_schema, table_name, column_name), '') as shape
       from information_schema.columns
      where table_schema not in ('pg_catalog', 'information_schema', '${PGBOSS_SCHEMA}')`,
  );
  return rows[0]!.shape;
}

/**
 * Empties a test database for the next app: ends any connection left open, drops pg-boss's schema
 * (a queue's app makes it anew) and deletes every row of our tables, triggers and foreign keys
 * aside. False when it no longer has the template's shape or could not be emptied: drop it then.
 */
export async function emptyTestDatabase(url: string, shape: string | undefined): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await client.query(`drop schema if exists ${PGBOSS_SCHEMA} cascade`);
    if (shape === undefined || (await databaseShape(client)) !== shape) return false;
    const { rows } = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
    );
    await client.query(
      `begin; set local session_replication_role = replica; ${rows.map((row) => `delete from ${row.name};`).join(' ')} commit;`,
    );
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Drops every test database `owner` made (a run's teardown: its workers' lent databases). */
export async function dropOwnedTestDatabases(baseUrl: string, owner = process.pid) {
  const c = new pg.Client({ connectionString: adminUrl(baseUrl) });
  await c.connect();
  const { rows } = await c.query<{ datname: string }>(
    `select datname from pg_database where datname like '${PREFIX}${owner}\\_%'`,
  );
  for (const row of rows) await c.query(`drop database if exists ${row.datname} with (force)`);
  await c.end();
}

export async function dropStaleTestDatabases(baseUrl: string) {
  const c = new pg.Client({ connectionString: adminUrl(baseUrl) });
  await c.connect();
  const { rows } = await c.query<{ datname: string }>(
    `select datname from pg_database where datname like '${PREFIX}%'`,
  );
  // Only databases whose creating process is gone: another test run may be using the rest.
  for (const row of rows) {
    const pid = Number(/^clipsmith_t_(\d+)_/.exec(row.datname)?.[1]);
    if (pid && isAlive(pid)) continue;
    await c.query(`drop database if exists ${row.datname} with (force)`);
  }
  await c.end();
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
