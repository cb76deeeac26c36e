import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, queryRows } from '../../src/server/db/client';
import { createTestApp } from '../helpers/app';
import { openTestDatabase, testEngine } from '../helpers/database';

const cleanup: Array<() => unknown> = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

describe(`migrations on ${testEngine}`, () => {
  it('applies every committed migration and creates the tables', async () => {
    const handle = await openTestDatabase();
    cleanup.push(() => handle.close());
    const { runMigrations } = await import('../../src/server/db/client');
    await runMigrations(handle); // a second run is a no-op
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'));
    const applied = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied[0].n).toBe(files.length);
    const tables = await queryRows<{ table_name: string }>(
      handle.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    const names = tables.map((r) => r.table_name);
    for (const t of [
      'user',
      'session',
      'profiles',
      'memberships',
      'image_usage',
      'credit_accounts',
      'credit_transactions',
      'generated_images',
      'generations',
    ]) {
      expect(names).toContain(t);
    }
  });
});

describe('health when the database is down', () => {
  it('answers 503 with db down', async () => {
    const t = await createTestApp();
    await t.deps.database.close();
    const res = await t.request('/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'degraded', db: 'down' });
    await t.close().catch(() => {});
  });
});
