// The structure rules `npm run check` enforces: no import cycles, and src/server/config.ts as the
// only reader of the environment. Each is shown failing on a deliberate violation, linted with
// the project's own biome.json in a scratch folder (so the real tree is never touched). Also held
// here: src/server/membership/service.ts is the one writer of memberships (issue 36).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/process';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-lint-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function write(relative: string, text: string) {
  const file = path.join(scratch, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

// The project's rules as they are, without the git integration (the scratch folder is no checkout).
const config = JSON.parse(readFileSync(path.join(ROOT, 'biome.json'), 'utf8'));
config.$schema = undefined;
config.vcs = { enabled: false };
write('biome.json', JSON.stringify(config));

function lint(relative: string) {
  const biome = path.join(ROOT, 'node_modules', '.bin', 'biome');
  const res = spawnSync(biome, ['lint', '--max-diagnostics=50', relative], {
    cwd: scratch,
    encoding: 'utf8',
  });
  return { code: res.status, output: `${res.stdout}${res.stderr}` };
}

describe('structure rules', () => {
  it('refuses an import cycle, type-only imports included', () => {
    write('src/server/a/service.ts', "import type { B } from '../b/service';\nexport type A = { b?: B };\n");
    write('src/server/b/service.ts', "import type { A } from '../a/service';\nexport type B = { a?: A };\n");
    const cycle = lint('src/server');
    expect(cycle.code).not.toBe(0);
    expect(cycle.output).toContain('noImportCycles');

    write('src/server/b/service.ts', 'export type B = { name: string };\n');
    expect(lint('src/server').code).toBe(0);
  });

  it('lets only src/server/config.ts read process.env', () => {
    write('src/server/feature/service.ts', 'export const port = process.env.PORT;\n');
    const outside = lint('src/server/feature');
    expect(outside.code).not.toBe(0);
    expect(outside.output).toContain('noProcessEnv');

    write('src/server/config.ts', 'export const port = process.env.PORT;\n');
    expect(lint('src/server/config.ts').code).toBe(0);
  });
});

/** Files under `dir` that insert, update or delete rows of `memberships` (paths from `dir`). */
function membershipWriters(dir: string): string[] {
  const writes = /\.(insert|update|delete)\(\s*memberships\b/;
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .filter((file) => writes.test(readFileSync(path.join(dir, file), 'utf8')))
    .sort();
}

describe('where the plan is decided', () => {
  it('finds every file that writes memberships', () => {
    write('writers/billing/service.ts', 'await tx.update(memberships).set({ tier });\n');
    write('writers/membership/service.ts', 'await tx\n  .insert(memberships)\n  .values(row);\n');
    write('writers/account/service.ts', 'await tx.select().from(memberships);\n');
    expect(membershipWriters(path.join(scratch, 'writers'))).toEqual([
      path.join('billing', 'service.ts'),
      path.join('membership', 'service.ts'),
    ]);
  });

  it('only src/server/membership/service.ts writes memberships (its changePlan applies every consequence)', () => {
    expect(membershipWriters(path.join(ROOT, 'src'))).toEqual([
      path.join('server', 'membership', 'service.ts'),
    ]);
  });
});
