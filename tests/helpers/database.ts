import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase, pgliteHandle, runMigrations } from '../../src/server/db/client';
import { createTestDatabase, emptyTestDatabase } from './postgres';

export const testEngine: 'postgres' | 'pglite' = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

let template: Blob | undefined;

/** A fresh, migrated database: an empty PGlite or a new PostgreSQL database, each from a template. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) return lendPostgres(baseUrl);
  return lendPglite();
}

// Starting a PGlite from the template costs ~300 ms of CPU, emptying one ~20 ms: an app's closed
// database is emptied and lent to the next app, of this file or the next one the worker runs (files
// share their worker's modules); the worker's exit frees them. The app sees a closed database after its
// close, as with its own, so a late write can never land in the next test's data.
const idle: PGlite[] = [];

async function lendPglite(): Promise<DatabaseHandle> {
  template ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  const client = idle.pop() ?? (await PGlite.create({ loadDataDir: template }));
  let lent = true;
  const view = new Proxy(client, {
    get(target, prop) {
      if (prop === 'closed') return !lent || target.closed;
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (!lent) throw new Error('PGlite is closed');
        return value.apply(target, args);
      };
    },
  });
  return pgliteHandle(view, async () => {
    if (!lent) return;
    lent = false;
    if (client.closed) return;
    try {
      await emptyTables(client);
      idle.push(client);
    } catch {
      await client.close().catch(() => {});
    }
  });
}

let publicTables: string | undefined;
async function emptyTables(client: PGlite) {
  publicTables ??= (
    await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
    )
  ).rows
    .map((row) => row.name)
    .join(', ');
  await client.exec(`truncate ${publicTables} restart identity cascade`);
}

// Creating a PostgreSQL database from the template and dropping it took ~0.3 s here (more when the
// machine is busy), and most files open many apps: as with PGlite, a closed app's database is emptied
// (and its other connections ended) and lent to the next app of this worker. One a test changed the
// shape of, or that cannot be emptied, is dropped instead. The run's teardown drops them all.
const idlePostgres: { url: string; drop(): Promise<void> }[] = [];

async function lendPostgres(baseUrl: string): Promise<DatabaseHandle> {
  const fresh =
    idlePostgres.pop() ??
    (await createTestDatabase(baseUrl, inject('postgresTemplate'), inject('postgresOwner')));
  const handle = await openDatabase({ kind: 'postgres', url: fresh.url, max: 20 });
  // A copy of the migrated template is already migrated; this only checks that it is.
  await runMigrations(handle);
  const close = handle.close;
  let lent = true;
  handle.close = async () => {
    if (!lent) return;
    lent = false;
    await close();
    if (await emptyTestDatabase(fresh.url, inject('postgresShape'))) idlePostgres.push(fresh);
    else await fresh.drop();
  };
  return handle;
}
