// `npm test`: unit, integration (PGlite, then PostgreSQL when TEST_DATABASE_URL is set) and browser
// tests, then one summary line counting every tier together.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath } from '../tests/e2e/chromium';

type Counts = { passed: number; failed: number; skipped: number };
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const tmp = path.resolve('.tmp');
mkdirSync(tmp, { recursive: true });
let failedStep = false;

function run(label: string, cmd: string, args: string[], env: NodeJS.ProcessEnv) {
  console.info(`\n=== ${label} ===`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (res.status !== 0) failedStep = true;
  return res.status ?? 1;
}

function vitest(label: string, projects: string[], extraEnv: NodeJS.ProcessEnv) {
  const out = path.join(tmp, `vitest-${label.replace(/\W+/g, '-')}.json`);
  rmSync(out, { force: true });
  const env = { ...process.env, ...extraEnv };
  for (const [k, v] of Object.entries(extraEnv)) if (v === undefined) delete env[k];
  const code = run(
    label,
    'npx',
    [
      'vitest',
      'run',
      ...projects.flatMap((project) => ['--project', project]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    env,
  );
  if (!existsSync(out)) {
    total.failed += 1;
    return;
  }
  const r = JSON.parse(readFileSync(out, 'utf8'));
  total.passed += r.numPassedTests;
  total.failed += r.numFailedTests;
  total.skipped += r.numPendingTests + r.numTodoTests;
  // A file that fails to load has no tests to count; count it as a failure.
  if (code !== 0 && r.numFailedTests === 0) total.failed += 1;
}

const pgUrl = process.env.TEST_DATABASE_URL;
vitest('unit', ['unit'], {});
const integration = ['integration', 'integration-isolated'];
vitest('integration on PGlite', integration, { TEST_DATABASE_URL: undefined });
// (Files that never open the test database ran on the first pass: vitest.config.ts.)
if (pgUrl)
  vitest('integration on PostgreSQL', integration, { TEST_DATABASE_URL: pgUrl, TEST_PASS: 'postgres' });
else console.info('\n(TEST_DATABASE_URL is not set: integration tests ran on PGlite only.)');

const chromium = chromiumPath();
if (!chromium) {
  const bar = '!'.repeat(78);
  console.warn(
    `\n${bar}\n!! Browser tests SKIPPED: no Chromium found at /usr/bin/chromium (or $CHROMIUM_PATH).\n!! Install it with: apt-get update && apt-get install -y chromium\n${bar}`,
  );
} else {
  const build = run('build for browser tests', 'npm', ['run', 'build'], process.env);
  if (build !== 0) total.failed += 1;
  else {
    const out = path.join(tmp, 'playwright.json');
    rmSync(out, { force: true });
    run('browser tests (Playwright)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
      ...process.env,
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    });
    if (existsSync(out)) {
      const s = JSON.parse(readFileSync(out, 'utf8')).stats;
      total.passed += s.expected + (s.flaky ?? 0);
      total.failed += s.unexpected;
      total.skipped += s.skipped;
    } else total.failed += 1;
  }
}

if (failedStep && total.failed === 0) total.failed = 1;
const summary = `${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`;
writeFileSync(path.join(tmp, 'test-summary.txt'), `${summary}\n`);
console.info(`\n${summary}`);
process.exit(total.failed > 0 ? 1 : 0);
