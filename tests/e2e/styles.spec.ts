import { expect, test } from '@playwright/test';
import { blockingViolations } from './support/axe';
import { buy, signUp } from './support/members';

// Saved custom styles: a Premium member saves the generator's theme with a palette and words as a
// style, finds it again after a reload, generates with it and manages it on Settings → Styles; a
// Basic member sees a line saying styles come with Premium instead of the controls.

test('a Premium member saves a style from the generator, picks it after a reload and generates with it', async ({
  page,
  baseURL,
}) => {
  // Sign-up, the Premium checkout, two page loads and a generation: slow on a busy machine.
  test.slow();
  await signUp(page.request, baseURL ?? '', 'styles');
  await buy(page.request, baseURL ?? '', 'plan', 'premium');

  await page.goto('/create');
  await page.getByRole('radio', { name: /Comic Book/ }).check();
  await page.getByRole('button', { name: 'Save as style' }).click();
  await page.getByLabel('Style name').fill('Bold robots');
  await page.getByLabel('Palette').selectOption({ label: 'Forest' });
  await page.getByLabel('Style words (optional)').fill('thick outlines');
  expect(await blockingViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Save style' }).click();

  const myStyles = page.getByRole('combobox', { name: 'My styles' });
  await expect(myStyles.locator('option:checked')).toHaveText('Bold robots');
  const applied = page.getByTestId('style-applied');
  await expect(applied).toContainText('Comic Book theme');
  await expect(applied).toContainText('Forest');
  await expect(applied).toContainText('thick outlines');

  // Back to no style, then a fresh page load: the saved style is offered again.
  await myStyles.selectOption({ label: 'No saved style' });
  await page.getByRole('radio', { name: /Default Style/ }).check();
  await page.reload();
  await page.getByRole('combobox', { name: 'My styles' }).selectOption({ label: 'Bold robots' });
  await expect(page.getByRole('radio', { name: /Comic Book/ })).toBeChecked();
  await expect(page.getByTestId('style-applied')).toContainText('Forest');

  await page.getByLabel('Describe your clipart').fill('a robot');
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/generations'));
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const { styles } = (await (await page.request.get('/api/styles')).json()) as { styles: { id: string }[] };
  expect((await sent).postDataJSON()).toMatchObject({
    prompt: 'a robot',
    theme: 'comic',
    styleId: styles[0].id,
  });
  await expect(page.getByTestId('more-like-this')).toBeVisible({ timeout: 30_000 });
  expect(await blockingViolations(page)).toEqual([]);

  // Settings → Styles: rename it, then delete it.
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Manage styles' }).click();
  await expect(page).toHaveURL(/\/settings\/styles$/);
  await expect(page.getByTestId('style-row')).toHaveCount(1);
  expect(await blockingViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Edit Bold robots' }).click();
  await page.getByLabel('Style name').fill('Forest robots');
  await page.getByRole('button', { name: 'Save Bold robots' }).click();
  await expect(page.getByRole('heading', { name: 'Forest robots' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Forest robots' }).click();
  await expect(page.getByText('No styles yet.')).toBeVisible();
});

test('a Basic member sees that custom styles come with Premium', async ({ page, baseURL }) => {
  test.slow();
  await signUp(page.request, baseURL ?? '', 'styles-basic');
  await buy(page.request, baseURL ?? '', 'plan', 'basic');
  await page.goto('/create');
  const note = page.getByTestId('styles-premium-note');
  await expect(note).toContainText('come with Premium');
  await expect(note.getByRole('link', { name: 'Premium' })).toHaveAttribute('href', /^\/pricing/);
  await expect(page.getByRole('combobox', { name: 'My styles' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save as style' })).toHaveCount(0);
});
