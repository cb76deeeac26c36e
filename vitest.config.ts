import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Playwright specs live in tests/e2e and are run by Playwright, never by Vitest.
//
// Files share their worker's modules (isolate: false): importing the app graph and warming a
// database once per worker instead of once per file took the integration run on PGlite from 341 s to
// 153–189 s on this 2-core machine. The price: a file must leave no state behind (timers, env, open apps),
// and a file that replaces a module with vi.mock must be named *.isolated.test.ts, which runs with
// its own modules (tests/foundation/test-isolation.test.ts holds every file to that).
const ISOLATED = 'tests/**/*.isolated.test.ts';

const integration: TestProjectInlineConfiguration['test'] = {
  environment: 'node',
  setupFiles: ['tests/helpers/fail-on-console-error.ts'],
  globalSetup: ['tests/helpers/composer-index-setup.ts', 'tests/helpers/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  fileParallelism: true,
  maxWorkers: 2,
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
          exclude: ['tests/e2e/**', ISOLATED],
          isolate: false,
        },
      },
      {
        test: {
          ...integration,
          name: 'integration-isolated',
          include: [ISOLATED],
          isolate: true,
        },
      },
    ],
  },
});
