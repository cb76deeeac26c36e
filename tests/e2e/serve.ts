// The app as `npm start` runs it, on a throwaway DATA_DIR, for the browser tests. With
// TEST_DATABASE_URL (CI) it runs as operators deploy it instead: on a new PostgreSQL database of its
// own, with the pg-boss queue. (On this 2-core machine they also ran about a tenth faster there than
// on PGlite.)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, dropStaleTestDatabases } from '../helpers/postgres';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV ??= 'test';
process.env.LOG_LEVEL ??= 'warn';
const testDatabaseUrl = process.env.TEST_DATABASE_URL;
if (testDatabaseUrl) {
  await dropStaleTestDatabases(testDatabaseUrl);
  process.env.DATABASE_URL = (await createTestDatabase(testDatabaseUrl)).url;
  process.env.JOB_QUEUE = 'pg-boss';
}
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
process.on('exit', cleanup);
// (The database is named after this process: the next test run drops it once the process is gone.)
await import('../../src/server/main');
