import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Playwright specs live in tests/e2e and are run by Playwright, never by Vitest.
//
// Files share their worker's modules (isolate: false): importing the app graph and warming a
// database once per worker instead of once per file took the integration run on PGlite from 341 s to
// 153–189 s on this 2-core machine. The price: a file must leave no state behind (timers, env, open apps),
// and a file that replaces a module with vi.mock must be named *.isolated.test.ts, which runs with
// its own modules (tests/foundation/test-isolation.test.ts holds every file to that).
const ISOLATED = 'tests/**/*.isolated.test.ts';

// Files that never touch the test database (TEST_DATABASE_URL): the server process on its own
// PGlite folder, configuration, PGlite's own migrations, the bundle, storage, the OpenAI adapter,
// the lint and test rules. `npm test` runs the integration tests twice, on PGlite and then on
// PostgreSQL; these run on the first pass only (TEST_PASS=postgres marks the second), which saved
// about 40 s of the PostgreSQL pass here. tests/foundation/test-isolation.test.ts holds the list to
// that: a file here that opens a test database fails it.
export const ENGINE_INDEPENDENT = [
  'tests/foundation/server-process.test.ts',
  'tests/foundation/config.test.ts',
  'tests/foundation/data-dir.test.ts',
  'tests/foundation/bundle-secrets.test.ts',
  'tests/foundation/build-cache.test.ts',
  'tests/foundation/lint-rules.test.ts',
  'tests/foundation/test-isolation.test.ts',
  'tests/auth/first-sign-in.test.ts',
  'tests/account/neutral-usernames.test.ts',
  'tests/generation/openai-adapter.test.ts',
  'tests/storage/storage.test.ts',
];
const secondPass = process.env.TEST_PASS === 'postgres' ? ENGINE_INDEPENDENT : [];

const integration: TestProjectInlineConfiguration['test'] = {
  environment: 'node',
  setupFiles: ['tests/helpers/fail-on-console-error.ts'],
  globalSetup: ['tests/helpers/composer-index-setup.ts', 'tests/helpers/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  fileParallelism: true,
  // Three on this 2-core machine: a test waits on PostgreSQL, a child process or a timer often
  // enough that two left CPU idle. The PostgreSQL pass took 178 s with two, 144 s with three, 149 s
  // with four; the PGlite pass 153 s -> 141 s.
  maxWorkers: 3,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'node',
          isolate: false,
          setupFiles: ['tests/helpers/fail-on-console-error.ts'],
          globalSetup: ['tests/helpers/composer-index-setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        test: {
          ...integration,
          name: 'integration',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', ISOLATED, ...secondPass],
          isolate: false,
        },
      },
      {
        test: {
          ...integration,
          name: 'integration-isolated',
          include: [ISOLATED],
          exclude: secondPass,
          isolate: true,
        },
      },
    ],
  },
});
