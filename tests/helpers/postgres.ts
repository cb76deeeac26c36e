// Each test file on PostgreSQL gets its own fresh database, dropped when the file ends.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const PREFIX = 'clipsmith_t_';

function adminUrl(url: string) {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

export async function createTestDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(baseUrl) });
  await admin.connect();
  await admin.query(`create database ${name}`);
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

export async function dropStaleTestDatabases(baseUrl: string) {
  const c = new pg.Client({ connectionString: adminUrl(baseUrl) });
  await c.connect();
  const { rows } = await c.query<{ datname: string }>(
    `select datname from pg_database where datname like '${PREFIX}%'`,
  );
  for (const row of rows) await c.query(`drop database if exists ${row.datname} with (force)`);
  await c.end();
}
