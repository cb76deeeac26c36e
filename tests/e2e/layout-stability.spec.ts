import { expect, type Page, test } from '@playwright/test';
import { confirmThroughApi } from './mail';

// Nothing on screen jumps while a page loads or while a generated picture appears: the cumulative
// layout shift the browser reports (PerformanceObserver, `layout-shift`) stays at most 0.05, the
// bar Lighthouse calls good. Scripts are slowed down so the shell paints before the page's own
// chunk arrives, as on a phone; shifts right after a click or key press do not count (the
// browser marks them hadRecentInput), exactly as in the metric.

const CLS_BUDGET = 0.05;
const VIEWPORTS = [
  { name: 'phone', width: 412, height: 823 },
  { name: 'desktop', width: 1280, height: 720 },
];

type Shift = { value: number; sources: string[] };

async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((s) => {
          const node = s.node as Element | null | undefined;
          if (!node) return '(gone)';
          return `${node.nodeName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${String(node.className ?? '').slice(0, 60)}`;
        });
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The app's scripts arrive late, one after the other, like on a slow connection.
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 250));
    await route.continue();
  });
}

async function shifts(page: Page): Promise<{ total: number; list: Shift[] }> {
  const list = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
  return { total: list.reduce((sum, s) => sum + s.value, 0), list };
}

/** Waits until the page has settled: network quiet and two animation frames later. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForTimeout(300);
}

for (const viewport of VIEWPORTS) {
  test.describe(`layout stability on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const path of ['/', '/pricing']) {
      test(`${path} loads without visible layout shift`, async ({ page }) => {
        await watchLayoutShifts(page);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await settle(page);
        const { total, list } = await shifts(page);
        expect(total, `layout shifts on ${path}: ${JSON.stringify(list)}`).toBeLessThanOrEqual(CLS_BUDGET);
      });
    }

    test('/create stays put while it loads and while a generated picture appears', async ({
      page,
      baseURL,
    }) => {
      test.slow();
      const email = `cls-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
      const response = await page.request.post('/api/auth/sign-up/email', {
        data: { email, password: 'correct horse battery' },
        headers: { origin: baseURL ?? '' },
      });
      expect(response.ok(), await response.text()).toBe(true);
      await confirmThroughApi(page.request, email);

      await watchLayoutShifts(page);
      await page.goto('/create');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Custom Clipart');
      await settle(page);
      const loaded = await shifts(page);
      expect(
        loaded.total,
        `layout shifts loading /create: ${JSON.stringify(loaded.list)}`,
      ).toBeLessThanOrEqual(CLS_BUDGET);

      await page.getByLabel('Describe your clipart').fill('A happy cactus wearing sunglasses');
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      const image = page.getByTestId('generated-image');
      await expect(image).toBeVisible({ timeout: 30_000 });
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(1024);
      await settle(page);
      const { total, list } = await shifts(page);
      expect(total, `layout shifts on /create: ${JSON.stringify(list)}`).toBeLessThanOrEqual(CLS_BUDGET);
    });
  });
}
