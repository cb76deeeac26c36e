// Builds the PGlite template once per run (initdb + migrations are slow); every test file then
// starts from a copy in memory. With TEST_DATABASE_URL, leftover per-file databases are dropped.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, runMigrations } from '../../src/server/db/client';
import { dropStaleTestDatabases } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
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
  if (process.env.TEST_DATABASE_URL) await dropStaleTestDatabases(process.env.TEST_DATABASE_URL);
  return async () => {
    if (process.env.TEST_DATABASE_URL) await dropStaleTestDatabases(process.env.TEST_DATABASE_URL);
  };
}
