// README screenshots of the current screens: starts the built app on a throwaway DATA_DIR (as the
// browser tests do), makes a member with a few pictures from the built-in composer, and saves
// desktop and phone screenshots into docs/screenshots/. Run `npm run build` first.
//   npm run screenshots            (port 4199; SCREENSHOT_PORT=… to change)
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/chromium';
import { confirmThroughApi } from '../tests/e2e/mail';

const port = Number(process.env.SCREENSHOT_PORT ?? 4199);
const baseURL = `http://localhost:${port}`;
const outDir = path.join(import.meta.dirname, '..', 'docs', 'screenshots');
const PROMPTS = [
  'A lighthouse with waves',
  'A happy cactus wearing sunglasses',
  'Robot assistant',
  'Space exploration',
  'A red fox in the forest',
  'Cute cartoon animal',
];

async function waitForHealth(server: ChildProcess): Promise<void> {
  const end = Date.now() + 120_000;
  while (Date.now() < end) {
    if (server.exitCode !== null) throw new Error(`the app exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('the app did not start within 2 minutes');
}

async function generate(page: Page, prompt: string): Promise<void> {
  const headers = { origin: baseURL };
  const created = await page.request.post('/api/generations', { data: { prompt }, headers });
  if (created.status() !== 202) throw new Error(`generation refused: ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  for (let i = 0; i < 100; i++) {
    const body = (await (await page.request.get(`/api/generations/${id}`)).json()) as { status: string };
    if (body.status === 'succeeded') return;
    if (body.status === 'failed') throw new Error(`generation failed: ${prompt}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`generation did not finish: ${prompt}`);
}

async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Lazy images and deferred sections settle before the picture is taken.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(outDir, `${name}.png`), fullPage });
  console.info(`wrote docs/screenshots/${name}.png`);
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const server = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/serve.ts'], {
    env: { ...process.env, PORT: String(port), PUBLIC_URL: baseURL, RATE_LIMIT: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    await waitForHealth(server);
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();

    await page.goto('/');
    await shoot(page, 'home');

    const email = `screens-${Date.now()}@example.com`;
    const signUp = await page.request.post('/api/auth/sign-up/email', {
      data: { email, password: 'correct horse battery' },
      headers: { origin: baseURL },
    });
    if (!signUp.ok()) throw new Error(`sign-up failed: ${await signUp.text()}`);
    // The link of the confirmation mail signs the new member in.
    await confirmThroughApi(page.request, email);
    await page.request.patch('/api/me/profile', {
      data: { fullName: 'Sam Rivera' },
      headers: { origin: baseURL },
    });
    // Buy Basic in the test checkout, so the screens show a member with room for a few pictures.
    const checkout = await page.request.post('/api/billing/checkout', {
      data: { kind: 'plan', id: 'basic' },
      headers: { origin: baseURL },
    });
    const { url } = (await checkout.json()) as { url: string };
    await page.request.post(`${url}/pay`, { headers: { origin: baseURL }, maxRedirects: 0 });
    for (const prompt of PROMPTS) await generate(page, prompt);

    await page.goto('/create');
    await page.getByLabel('Describe your clipart').fill('A lighthouse on a rocky island at sunset');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByTestId('more-like-this').waitFor({ timeout: 30_000 });
    await shoot(page, 'create');

    await page.goto('/dashboard');
    await page.getByTestId('dashboard-greeting').waitFor();
    await shoot(page, 'dashboard');

    await page.goto('/explore');
    await page.getByRole('list', { name: 'Public images' }).waitFor();
    await shoot(page, 'explore');

    await page.goto('/history');
    await page.getByRole('list', { name: /^Your images/ }).waitFor();
    await shoot(page, 'history');

    await page.goto('/pricing');
    await shoot(page, 'pricing');

    await page.setViewportSize({ width: 360, height: 760 });
    await page.goto('/create');
    await page.getByLabel('Describe your clipart').waitFor();
    await shoot(page, 'create-phone');
    await page.goto('/history');
    await page.getByTestId('history-prompt').first().waitFor();
    await shoot(page, 'history-phone');
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}

await main();
