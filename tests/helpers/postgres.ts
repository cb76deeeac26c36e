// Each test file on PostgreSQL gets its own fresh database, dropped when the file ends.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

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
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
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
