import { expect, test } from '@playwright/test';
import { confirmThroughApi } from './mail';
import { blockingViolations } from './support/axe';

// axe-core on every page, public and signed in, phone and desktop width: no serious or critical
// violation.

// The longest file by far (an axe scan takes seconds): its tests, each on its own page and member,
// are shared out between both workers rather than queued on one.
test.describe.configure({ mode: 'parallel' });

const PUBLIC_PAGES = [
  '/',
  '/login',
  '/login?redirectTo=%2Fexplore&from=%2Fexplore',
  '/signup',
  '/pricing',
  '/how-it-works',
  '/terms',
  '/privacy',
  '/contact',
  '/about',
  '/blog',
  '/blog/writing-prompts-for-clipart',
  '/faq',
  '/forgot-password',
  '/reset-password',
  '/checkout/success',
  '/docs/api',
];

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const path of PUBLIC_PAGES) {
      test(`${path} has no serious or critical axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // Let lazily loaded sections (the landing pricing cards) mount before scanning.
        await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
        await page.waitForLoadState('networkidle');
        expect(await blockingViolations(page)).toEqual([]);
      });
    }
  });
}

// Signed in: a member with one picture, on every page a member sees, including the generator with
// its result, the download menu open and "More like this", and the picture's share page.
for (const width of [360, 1280]) {
  test(`signed-in pages have no serious or critical axe violations at ${width} px`, async ({
    page,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 800 });
    const email = `axe-${width}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    const headers = { origin: baseURL ?? '' };
    const signUp = await page.request.post('/api/auth/sign-up/email', {
      data: { email, password: 'correct horse battery' },
      headers,
    });
    expect(signUp.ok(), await signUp.text()).toBe(true);
    await confirmThroughApi(page.request, email);
    const created = await page.request.post('/api/generations', {
      data: { prompt: 'A happy cactus', privacy: 'public' },
      headers,
    });
    expect(created.status()).toBe(202);
    const { id } = (await created.json()) as { id: string };
    let imageId = '';
    await expect
      .poll(
        async () => {
          const body = await (await page.request.get(`/api/generations/${id}`)).json();
          imageId = body.image?.id ?? '';
          return body.status;
        },
        { timeout: 20_000 },
      )
      .toBe('succeeded');

    const pages: Array<[string, () => Promise<void>]> = [
      ['/dashboard', () => expect(page.getByTestId('dashboard-greeting')).toBeVisible()],
      ['/history', () => expect(page.getByTestId('history-prompt').first()).toBeAttached()],
      ['/explore', () => expect(page.getByRole('list', { name: 'Public images' })).toBeVisible()],
      ['/settings', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
      ['/settings/api-keys', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
      ['/settings/styles', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
      ['/pricing', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
      ['/checkout/success', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
      [`/i/${imageId}`, () => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
      ['/create', () => expect(page.getByLabel('Describe your clipart')).toBeVisible()],
    ];
    const found: string[] = [];
    for (const [path, ready] of pages) {
      await page.goto(path);
      await ready();
      await page.waitForLoadState('networkidle');
      found.push(...(await blockingViolations(page)).map((v) => `${path}: ${v}`));
    }

    // The generator's finished state: the result, "More like this" and the open download menu.
    await page.getByLabel('Describe your clipart').fill('A happy cactus');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(page.getByTestId('more-like-this')).toBeVisible({ timeout: 20_000 });
    found.push(...(await blockingViolations(page)).map((v) => `/create result: ${v}`));
    await page.getByRole('button', { name: 'More download options' }).click();
    await expect(page.getByRole('dialog', { name: 'Download options' })).toBeVisible();
    found.push(...(await blockingViolations(page)).map((v) => `/create download menu: ${v}`));
    expect(found).toEqual([]);
  });
}
