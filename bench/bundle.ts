// The JavaScript and CSS a visitor's browser loads for a page before any interaction, gzipped.
// Budget: at most 120 KB of JS for `/`; heavier pages load their code on demand.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/chromium';
import { startServer } from '../tests/helpers/process';

const BUDGET_KB = 120;
const executablePath = chromiumPath();
if (!existsSync('dist/web/index.html') || !executablePath) {
  console.info('bench web: needs `npm run build` and Chromium (apt-get install -y chromium); skipped.');
  process.exit(0);
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-bench-web-'));
const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  console.info('page               JS gzip    CSS gzip   requests');
  for (const route of ['/', '/pricing', '/how-it-works', '/login', '/signup']) {
    const page = await browser.newPage();
    const sizes = { js: 0, css: 0, count: 0 };
    page.on('response', async (res) => {
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const body = await res.body().catch(() => Buffer.alloc(0));
      sizes[type === 'script' ? 'js' : 'css'] += gzipSync(body, { level: 9 }).length;
      sizes.count++;
    });
    await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
    await page.close();
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const flag =
      route === '/'
        ? sizes.js / 1024 <= BUDGET_KB
          ? ` (budget ${BUDGET_KB} KB: ok)`
          : ` (budget ${BUDGET_KB} KB: OVER)`
        : '';
    console.info(
      `${route.padEnd(18)} ${kb(sizes.js).padStart(9)} ${kb(sizes.css).padStart(10)} ${String(sizes.count).padStart(9)}${flag}`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
