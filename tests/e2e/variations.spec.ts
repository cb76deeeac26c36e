import { expect, test } from '@playwright/test';
import { blockingViolations } from './support/axe';
import { buy, signUp } from './support/members';

// Issue 24, Premium's variations: a Premium member asks for 4 pictures of one prompt, sees each
// arrive in the grid with its own downloads, and the dashboard counts 4 images.

function base(baseURL: string | undefined): string {
  return baseURL ?? `http://localhost:${process.env.E2E_PORT ?? 4173}`;
}

test('a Premium member picks 4 pictures, sees 4 different pictures, and the dashboard counts 4', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const url = base(baseURL);
  await signUp(page.request, url, 'variations');
  await buy(page.request, url, 'plan', 'premium');

  await page.goto('/create');
  await page.getByLabel('Describe your clipart').fill('a happy cactus');
  const choice = page.getByTestId('pictures-choice');
  await expect(choice.getByRole('radio', { name: '4', exact: true })).toBeEnabled();
  await choice.getByText('4', { exact: true }).click();
  await expect(choice.getByRole('radio', { name: '4', exact: true })).toBeChecked();
  await expect(page.getByTestId('cost-line')).toHaveText('4 images — 100 of 100 left this month');

  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const grid = page.getByTestId('variations');
  const finished = grid.locator('[data-testid="variation"][data-stage="succeeded"]');
  await expect(finished).toHaveCount(4, { timeout: 45_000 });
  await expect(grid).toContainText('4 pictures');
  // Each picture has its own downloads.
  await expect(grid.getByTestId('download-menu')).toHaveCount(4);
  await expect(grid.getByRole('link', { name: /Download/ })).toHaveCount(4);
  expect(await blockingViolations(page)).toEqual([]);

  // Four pictures, four files, and not the same picture four times.
  const sources = await finished
    .getByTestId('generated-image')
    .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).getAttribute('src') ?? ''));
  expect(new Set(sources).size).toBe(4);
  const bodies = await Promise.all(
    sources.map(async (src) => (await (await page.request.get(src)).body()).toString('base64')),
  );
  expect(new Set(bodies).size).toBe(4);

  // The cost line now counts what is left.
  await expect(page.getByTestId('cost-line')).toHaveText('4 images — 96 of 100 left this month');

  await page.goto('/dashboard');
  await expect(page.getByTestId('membership-usage')).toHaveText(/4 of 100 monthly images used$/);
  // History has each picture as its own entry.
  const history = (await (await page.request.get('/api/history')).json()) as { total: number };
  expect(history.total).toBe(4);
});

test('a Basic member sees the choice disabled, with a note naming Premium', async ({ page, baseURL }) => {
  const url = base(baseURL);
  await signUp(page.request, url, 'variations-basic');
  await buy(page.request, url, 'plan', 'basic');
  await page.goto('/dashboard');
  const choice = page.getByTestId('pictures-choice');
  await expect(choice.getByRole('radio', { name: '1', exact: true })).toBeChecked();
  await expect(choice.getByRole('radio', { name: '2', exact: true })).toBeDisabled();
  await expect(choice).toContainText('Several pictures from one prompt come with Premium.');
});
