import { defineConfig } from 'vitest/config';

// Playwright specs live in tests/e2e and are run by Playwright, never by Vitest.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'node',
          setupFiles: ['tests/helpers/fail-on-console-error.ts'],
          globalSetup: ['tests/helpers/composer-index-setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**'],
          environment: 'node',
          setupFiles: ['tests/helpers/fail-on-console-error.ts', 'tests/helpers/database-setup.ts'],
          globalSetup: ['tests/helpers/composer-index-setup.ts', 'tests/helpers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
