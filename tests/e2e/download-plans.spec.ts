import { expect, type Page, test } from '@playwright/test';
import { buy, generate, signUp } from './support/members';

// Standard resolution in the download menu (issue 33): on Free, and for a visitor, 2048 px is shown
// disabled with the plan that opens it; the same member on Basic downloads the earlier picture at 2048 px.

const NOTE = 'Free downloads up to 1024 px: 2048 px needs the Basic plan or above.';

function base(baseURL: string | undefined): string {
  return baseURL ?? `http://localhost:${process.env.E2E_PORT ?? 4173}`;
}

async function openMenu(page: Page, imageId: string) {
  await page.goto(`/i/${imageId}`);
  await page.getByRole('button', { name: 'More download options' }).click();
  return page.getByRole('dialog', { name: 'Download options' });
}

for (const width of [1280, 360]) {
  test(`at ${width} px: 2048 px is Basic's; a member who upgrades gets it for an earlier picture`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const url = base(baseURL);
    await signUp(page.request, url, 'sizes');
    const imageId = await generate(page.request, url, `a red kite ${Date.now()}`);

    let options = await openMenu(page, imageId);
    const full = options.getByRole('radio', { name: '2048 px (upscaled)' });
    await expect(full).toBeDisabled();
    await expect(options.getByText(NOTE)).toBeVisible();
    await expect(options.getByRole('radio', { name: '1024 px' })).toBeEnabled();
    expect((await page.request.get(`/images/${imageId}/download?format=png&size=2048`)).status()).toBe(403);

    // A visitor on the share page counts as Free.
    const visitor = await browser.newContext({ baseURL: url, viewport: { width, height: 800 } });
    const visitorPage = await visitor.newPage();
    const visitorOptions = await openMenu(visitorPage, imageId);
    await expect(visitorOptions.getByRole('radio', { name: '2048 px (upscaled)' })).toBeDisabled();
    await expect(visitorOptions.getByText(NOTE)).toBeVisible();
    await visitor.close();

    await buy(page.request, url, 'plan', 'basic');
    options = await openMenu(page, imageId);
    await expect(options.getByRole('radio', { name: '2048 px (upscaled)' })).toBeEnabled();
    await expect(options.getByText(NOTE)).toHaveCount(0);
    await options.getByText('2048 px (upscaled)', { exact: true }).click();
    const href = await options.getByRole('link', { name: 'Download PNG' }).getAttribute('href');
    const res = await page.request.get(href ?? '');
    expect(res.status()).toBe(200);
    const png = await res.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([2048, 2048]);
  });
}
