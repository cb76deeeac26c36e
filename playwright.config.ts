import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './tests/e2e/chromium';

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // Three files at a time against the one server, on this 2-core machine: each test waits on the
  // browser or the server in turn, and with two the CPUs were busy about 78 % of the time (1.55 of
  // 2) on a11y + account, which three took from 2.5 to 2.0 min (four: 2.1). On the whole suite it
  // gained little here (7.7 to 7.6 min): most files keep both CPUs busy. Tests use their own members.
  workers: 3,
  retries: 0,
  // (An axe scan of a full page takes several seconds of this 2-core machine's CPU while another
  // file runs beside it: 30 s was too little for the longest, and they timed out at random.)
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'off',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node --import tsx tests/e2e/serve.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(port), PUBLIC_URL: baseURL, RATE_LIMIT: 'false' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
