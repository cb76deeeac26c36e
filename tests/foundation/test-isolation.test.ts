// Test files share their worker's modules (vitest.config.ts), so a file that replaces a module
// with vi.mock would replace it for whichever files the worker runs next, or too late for itself.
// Such a file is named *.isolated.test.ts and runs with modules of its own.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE_INDEPENDENT } from '../../vitest.config';
import { ROOT } from '../helpers/process';

// Built from parts so that this file's own text names none of them.
const OPENS_THE_TEST_DATABASE = new RegExp(
  `\\b(${['createTest' + 'App', 'openTest' + 'Database', 'createTest' + 'Database', 'TEST_' + 'DATABASE_URL', 'test' + 'Engine'].join('|')})\\b`,
);

const MOCKS_A_MODULE = /\bvi\s*\.\s*(mock|doMock|unmock|doUnmock)\s*\(/;

/** Test files under `root`'s src/ and tests/ that replace a module without being named *.isolated.test.ts. */
function mockingWithoutIsolation(root: string): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') visit(full);
      } else if (/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.isolated.test.ts')) {
        if (MOCKS_A_MODULE.test(readFileSync(full, 'utf8'))) found.push(path.relative(root, full));
      }
    }
  };
  for (const top of ['src', 'tests']) visit(path.join(root, top));
  return found.sort();
}

describe('test isolation', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-isolation-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('finds a file that mocks a module under a shared name, and lets an *.isolated.test.ts one be', () => {
    mkdirSync(path.join(scratch, 'src'), { recursive: true });
    mkdirSync(path.join(scratch, 'tests', 'auth'), { recursive: true });
    // Joined here so that this file's own text mocks nothing.
    const mocking = ['vi', "mock('better-auth/crypto', () => ({}));\n"].join('.');
    writeFileSync(path.join(scratch, 'tests', 'auth', 'shared.test.ts'), mocking);
    writeFileSync(path.join(scratch, 'tests', 'auth', 'own.isolated.test.ts'), mocking);
    writeFileSync(path.join(scratch, 'src', 'plain.test.ts'), "vi.fn();\nvi.spyOn(console, 'info');\n");
    expect(mockingWithoutIsolation(scratch)).toEqual([path.join('tests', 'auth', 'shared.test.ts')]);
  });

  it('holds every test file of the project to it', () => {
    expect(mockingWithoutIsolation(ROOT)).toEqual([]);
  });
});

// The files `npm test` runs on its PGlite pass only must be ones whose outcome no test database
// can change: none of them opens one.
describe('files that run once, not on both databases', () => {
  it.each(ENGINE_INDEPENDENT)('%s exists and opens no test database', (file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    expect(text.match(OPENS_THE_TEST_DATABASE)?.[0]).toBeUndefined();
  });

  it('a file that opens one is caught', () => {
    const opener = ['createTest', 'App'].join('');
    expect(OPENS_THE_TEST_DATABASE.test(`const t = await ${opener}();`)).toBe(true);
    expect(OPENS_THE_TEST_DATABASE.test("import { confirmationTokenIn } from '../helpers/app';")).toBe(false);
  });
});
