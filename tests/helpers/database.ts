import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase, runMigrations } from '../../src/server/db/client';
import { createTestDatabase } from './postgres';

export const testEngine: 'postgres' | 'pglite' = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

let template: Blob | undefined;

/** A fresh, migrated database: a copy of the PGlite template, or a new PostgreSQL database. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const fresh = await createTestDatabase(baseUrl);
    const handle = await openDatabase({ kind: 'postgres', url: fresh.url, max: 20 });
    await runMigrations(handle);
    const close = handle.close;
    handle.close = async () => {
      await close();
      await fresh.drop();
    };
    return handle;
  }
  template ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  return openDatabase({ kind: 'pglite-memory', loadDataDir: template });
}
