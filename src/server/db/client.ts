// One Database type for both engines: PGlite (embedded default) and PostgreSQL (DATABASE_URL).
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: same query API as Database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbExecutor = Database | Tx;

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseHandle = {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** Runs a trivial query; throws when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool, for LISTEN/NOTIFY and queues. */
  pool?: pg.Pool;
  pglite?: PGlite;
};

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

export type DatabaseOptions =
  | { kind: 'pglite'; dir: string }
  | { kind: 'pglite-memory'; loadDataDir?: Blob }
  | {
      kind: 'postgres';
      url: string;
      /** Connections in the pool (10 by default; DATABASE_POOL_SIZE). */
      max?: number;
      /** How long a query waits for a free pooled connection before it fails as busy (5 s). */
      connectionWaitMs?: number;
    };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') return openPostgres(options.url, options.max, options.connectionWaitMs);
  if (options.kind === 'pglite-memory') {
    const client = await PGlite.create({ loadDataDir: options.loadDataDir });
    return fromPglite(client);
  }
  mkdirSync(options.dir, { recursive: true });
  const releaseLock = takeFolderLock(options.dir);
  try {
    const client = await PGlite.create({ dataDir: options.dir });
    return fromPglite(client, releaseLock);
  } catch (error) {
    releaseLock();
    throw error;
  }
}

function fromPglite(client: PGlite, onClose?: () => void): DatabaseHandle {
  return pgliteHandle(client, async () => {
    if (!client.closed) await client.close();
    onClose?.();
  });
}

/** A handle on a PGlite client whose `close` is the caller's (tests lend one client to app after app). */
export function pgliteHandle(client: PGlite, close: () => Promise<void>): DatabaseHandle {
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    async ping() {
      await client.query('select 1');
    },
    close,
  };
}

async function openPostgres(url: string, max = 10, connectionWaitMs = 5000): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: connectionWaitMs });
  // An idle client that loses its server emits 'error'; without a listener the process would crash.
  pool.on('error', () => {});
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    const where = safeUrl(url);
    throw new DatabaseUnavailableError(
      `Cannot connect to the database at ${where}: ${(error as Error).message || String(error)}`,
    );
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    pool,
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: both migrators accept the same drizzle instance shape
    await migratePglite(handle.db as any, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: see above
    await migratePg(handle.db as any, { migrationsFolder: MIGRATIONS_DIR });
  }
}

function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'the configured DATABASE_URL';
  }
}

/**
 * PGlite is a single-process database: two processes on one folder would corrupt it. A lock file
 * with our pid turns that into a clear error; a lock left by a dead process is taken over.
 */
export function takeFolderLock(dir: string): () => void {
  const lockFile = path.join(path.dirname(dir), `${path.basename(dir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(lockFile, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseUnavailableError(
          `The database folder ${dir} is in use by another Clipsmith process (pid ${pid}). ` +
            'The embedded database (PGlite) allows one process at a time: stop that process first, ' +
            'or set DATABASE_URL to a PostgreSQL database to run several processes.',
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseUnavailableError(`Could not lock the database folder ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Raw SQL returning rows, the same on both engines (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: DbExecutor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const preparedByDatabase = new WeakMap<object, Map<string, unknown>>();

/**
 * A statement prepared once per database under `name` (on PostgreSQL a named server-side
 * statement), for reads on every request: later calls only bind values.
 */
export function preparedOnce<T>(db: DbExecutor, name: string, prepare: (name: string) => T): T {
  let statements = preparedByDatabase.get(db);
  if (!statements) {
    statements = new Map();
    preparedByDatabase.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = prepare(name);
    statements.set(name, statement);
  }
  return statement;
}
