// Data migrations are tested on a database built as it was before them.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/server/db/client';

const dirs: string[] = [];

/** The migrations folder as it was before the given migration. */
export function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-migrations-'));
  dirs.push(dir);
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(tag));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** Removes the folders migrationsBefore made (in afterAll). */
export function removeMigrationCopies(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
