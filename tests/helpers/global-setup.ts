// Builds the PGlite template once per run (initdb + migrations are slow); every test file then
// starts from a copy in memory. With TEST_DATABASE_URL, a migrated PostgreSQL database is made the
// same way, and leftover test databases (the template too) are dropped.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, runMigrations } from '../../src/server/db/client';
import {
  createTestDatabase,
  databaseShape,
  dropOwnedTestDatabases,
  dropStaleTestDatabases,
} from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** With TEST_DATABASE_URL: the migrated database each test database is copied from. */
    postgresTemplate?: string;
    /** This run's main process: its workers' test databases are named after it. */
    postgresOwner?: number;
    /** The template's tables and columns (databaseShape): a lent database must keep them. */
    postgresShape?: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = path.resolve('.tmp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${process.pid}.tar`);
  const handle = await openDatabase({ kind: 'pglite-memory' });
  await runMigrations(handle);
  const dump = await handle.pglite!.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    await dropStaleTestDatabases(pgUrl);
    // The PostgreSQL twin of the PGlite template: migrated once, copied for each test database.
    const template = await createTestDatabase(pgUrl);
    const migrated = await openDatabase({ kind: 'postgres', url: template.url, max: 1 });
    await runMigrations(migrated);
    project.provide('postgresShape', await databaseShape(migrated.pool!));
    await migrated.close();
    project.provide('postgresTemplate', new URL(template.url).pathname.slice(1));
    project.provide('postgresOwner', process.pid);
  }
  return async () => {
    if (!pgUrl) return;
    // The template and every database the workers lent, then what killed runs left.
    await dropOwnedTestDatabases(pgUrl);
    await dropStaleTestDatabases(pgUrl);
  };
}
