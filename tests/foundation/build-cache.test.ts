// `npm start` builds only what changed: each build step is skipped while its inputs hash as they
// did when it last succeeded (scripts/build-cache.ts). The decision, the hash, and two builds in a
// row in separate processes, as two `npm start`s would run them.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decide, fingerprint, inputFiles } from '../../scripts/build-cache';
import { ROOT } from '../helpers/process';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-build-'));
  dirs.push(root);
  for (const [file, text] of Object.entries(files)) write(root, file, text);
  return root;
}

function write(root: string, file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

describe('the decision to build a step', () => {
  const hash = 'a'.repeat(64);
  it('builds what was never built, what changed, what is missing, and everything when forced', () => {
    expect(decide({ hash, recorded: undefined, missingOutputs: [], force: false })).toEqual({
      build: true,
      reason: 'not built yet',
    });
    expect(decide({ hash, recorded: 'b'.repeat(64), missingOutputs: [], force: false })).toEqual({
      build: true,
      reason: 'sources changed',
    });
    expect(decide({ hash, recorded: hash, missingOutputs: ['dist/web/index.html'], force: false })).toEqual({
      build: true,
      reason: 'dist/web/index.html is missing',
    });
    expect(decide({ hash, recorded: hash, missingOutputs: [], force: true }).build).toBe(true);
  });

  it('skips a step whose inputs hash the same and whose outputs are there', () => {
    expect(decide({ hash, recorded: hash, missingOutputs: [], force: false })).toEqual({
      build: false,
      reason: 'up to date',
    });
  });
});

describe('the hash of a step’s inputs', () => {
  it('changes with a file’s content, a new file, a renamed or deleted one, and nothing else', () => {
    const root = tree({
      'src/web/a.tsx': 'a',
      'src/web/b/c.ts': 'c',
      'vite.config.ts': 'v',
      'other/x.ts': 'x',
    });
    const inputs = ['src/web', 'vite.config.ts', 'missing-file.ts'];
    const first = fingerprint(root, inputs);
    expect(inputFiles(root, inputs)).toEqual(['src/web/a.tsx', 'src/web/b/c.ts', 'vite.config.ts']);
    // Files outside the inputs, and node_modules inside them, do not count.
    write(root, 'other/x.ts', 'changed');
    write(root, 'src/web/node_modules/pkg/index.js', 'dependency');
    expect(fingerprint(root, inputs)).toBe(first);

    write(root, 'src/web/a.tsx', 'a2');
    const edited = fingerprint(root, inputs);
    expect(edited).not.toBe(first);
    write(root, 'src/web/a.tsx', 'a');
    expect(fingerprint(root, inputs)).toBe(first);

    write(root, 'src/web/new.ts', '');
    expect(fingerprint(root, inputs)).not.toBe(first);
    rmSync(path.join(root, 'src/web/new.ts'));
    renameSync(path.join(root, 'src/web/b/c.ts'), path.join(root, 'src/web/b/d.ts'));
    expect(fingerprint(root, inputs)).not.toBe(first);
    expect(fingerprint(root, inputs, 'extra')).not.toBe(fingerprint(root, inputs));
  });
});

describe('two builds in a row (separate processes, as two `npm start`s)', () => {
  // A build with two steps: "bundle" reads src/web and writes out/bundle.txt, "pictures" reads
  // src/composer. Each run appends its step to out/runs.txt.
  const script = (root: string) => `
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runBuild } from ${JSON.stringify(path.join(ROOT, 'scripts/build-cache.ts'))};
const root = ${JSON.stringify(root)};
const out = (f) => path.join(root, 'out', f);
mkdirSync(path.join(root, 'out'), { recursive: true });
const step = (id, input) => ({
  id,
  title: id,
  inputs: [input],
  outputs: ['out/' + id + '.txt'],
  run() {
    appendFileSync(out('runs.txt'), id + '\\n');
    writeFileSync(out(id + '.txt'), readFileSync(path.join(root, input, 'main.ts')));
    return 'made';
  },
});
await runBuild([step('bundle', 'src/web'), step('pictures', 'src/composer')], {
  root,
  manifestFile: path.join(root, 'out', 'build-manifest.json'),
  force: process.argv.includes('--force'),
  firstBuildNote: 'Building the web app (the first start takes about a minute)…',
});
`;

  function build(root: string, ...args: string[]) {
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'build.mts'), ...args], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    return run.stdout;
  }
  const runs = (root: string) => readFileSync(path.join(root, 'out/runs.txt'), 'utf8').trim().split('\n');

  it('builds everything the first time with progress lines, skips it all the second, and rebuilds only what a touched file feeds', () => {
    const root = tree({ 'src/web/main.ts': 'web 1', 'src/composer/main.ts': 'art 1' });
    writeFileSync(path.join(root, 'build.mts'), script(root));

    const first = build(root);
    expect(first).toContain('Building the web app (the first start takes about a minute)…');
    expect(first).toMatch(/… bundle \(not built yet\)\n {2}✓ bundle: made, \d+\.\d s/);
    expect(first).toMatch(/Build done in \d+\.\d s\./);
    expect(runs(root)).toEqual(['bundle', 'pictures']);

    const second = build(root);
    expect(second).toContain('✓ bundle: up to date, skipped');
    expect(second).toContain('✓ pictures: up to date, skipped');
    expect(second).toContain('everything is up to date');
    expect(second).not.toContain('first start takes about a minute');
    expect(runs(root)).toEqual(['bundle', 'pictures']);

    write(root, 'src/web/main.ts', 'web 2');
    const third = build(root);
    expect(third).toContain('… bundle (sources changed)');
    expect(third).toContain('✓ pictures: up to date, skipped');
    expect(readFileSync(path.join(root, 'out/bundle.txt'), 'utf8')).toBe('web 2');
    expect(runs(root)).toEqual(['bundle', 'pictures', 'bundle']);

    // An output deleted by hand is made again; --force makes everything.
    rmSync(path.join(root, 'out/pictures.txt'));
    expect(build(root)).toContain('… pictures (out/pictures.txt is missing)');
    build(root, '--force');
    expect(runs(root)).toEqual(['bundle', 'pictures', 'bundle', 'pictures', 'bundle', 'pictures']);
  }, 60_000);
});
