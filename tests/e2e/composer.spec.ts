import { expect, test } from '@playwright/test';
import { signUp } from './support/members';

// What the built-in composer shows a person: each theme tile's sample picture, the "Drew: …" line
// under a result, and a prompt it cannot draw failing with the word named and nothing charged.

const _PASSWORD = 'correct horse battery';
const THEMES = ['default', 'comic', 'realistic', 'abstract', 'watercolor', 'pixel'];

for (const width of [1280, 360]) {
  test(`theme tiles show a sample picture of each theme (${width} px)`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: 900 });
    await signUp(page.request, baseURL!, 'composer');
    await page.goto('/create');
    for (const theme of THEMES) {
      const sample = page.getByTestId(`theme-sample-${theme}`);
      await sample.scrollIntoViewIfNeeded();
      await expect(sample).toBeVisible();
      await expect(sample).toHaveAttribute('src', `/samples/theme-${theme}.png`);
      // The picture really loaded (a broken image has no natural width).
      await expect
        .poll(() => sample.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(100);
    }
  });
}

test('a result says what it drew, and a prompt it cannot draw fails naming the word at no cost', async ({
  page,
  baseURL,
}) => {
  await signUp(page.request, baseURL!, 'composer');
  await page.goto('/create');
  const prompt = page.getByLabel('Describe your clipart');
  const generate = page.getByRole('button', { name: 'Generate', exact: true });

  await prompt.fill('A lighthouse with waves and sun');
  await generate.click();
  await expect(page.getByTestId('generated-image')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('drew-line')).toHaveText('Drew: lighthouse · waves · sun');
  // The cost line catches up with the picture just made (it refreshes after the result shows).
  const costLine = page.getByTestId('cost-line');
  await expect(costLine).toHaveText('Free plan — 2 of 3 left this month');

  await prompt.fill('A zorblax');
  await generate.click();
  const error = page.getByTestId('generation-error');
  await expect(error).toBeVisible({ timeout: 20_000 });
  await expect(error).toContainText('could not draw "zorblax"');
  await expect(error).toContainText('Nothing was charged');
  // The monthly count did not move: on the server, and then on the page.
  const me = await (await page.request.get('/api/me')).json();
  expect(me.membership.imageCount).toBe(1);
  expect(me.credits).toBe(0);
  await expect(costLine).toHaveText('Free plan — 2 of 3 left this month');
});
