import { expect, test } from '@playwright/test';
import { PASSWORD, signUp } from './support/members';

// The dashboard: membership, quick actions, the embedded generator, the newest images with the
// preview dialog, and the credit activity list.

test.describe('dashboard', () => {
  test('a new member: Free plan, 0 of 3 images, 0 credits with Buy more, empty clipart strip', async ({
    page,
    baseURL,
  }) => {
    await signUp(page.request, baseURL!, 'dash');
    await page.goto('/dashboard');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    // Just signed up: greeted, not welcomed "back" (a later sign-in is; tests/auth/sign-up.test.ts).
    await expect(page.getByTestId('dashboard-greeting')).toHaveText(/^Welcome, .+\.$/);
    await expect(page.getByText(/Welcome back/)).toHaveCount(0);
    await expect(page.getByTestId('membership-plan')).toContainText('Free');
    await expect(page.getByTestId('membership-usage')).toHaveText(/0 of 3 monthly images used$/);
    const credits = page.getByTestId('membership-credits');
    await expect(credits).toContainText('0 credits');
    await expect(credits.getByRole('link', { name: 'Buy more' })).toHaveAttribute('href', '/pricing');
    // The e2e server draws with the built-in composer, so the card names it instead of promising AI.
    await expect(
      page.getByText("Create custom clipart with Clipsmith's built-in clipart composer."),
    ).toBeVisible();
    await expect(page.getByText('Create custom clipart using AI.')).toHaveCount(0);
    await expect(page.getByTestId('generations-left')).toHaveText('You have 3 generations left this month.');
    await expect(page.getByTestId('recent-empty')).toBeVisible();
    await expect(page.getByTestId('credit-activity-empty')).toBeVisible();

    // Quick actions.
    await expect(page.getByRole('link', { name: 'Account Settings' })).toHaveAttribute('href', '/settings');
    await expect(page.getByRole('link', { name: 'Generation History' })).toHaveAttribute('href', '/history');
  });

  test('"Welcome" in the first session; after signing out and in again, "Welcome back"', async ({
    page,
    baseURL,
  }) => {
    const email = await signUp(page.request, baseURL!, 'dash');
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-greeting')).toHaveText(/^Welcome, .+\.$/);

    // Signing out deletes that first session; the next one is a return all the same.
    await page.getByTestId('user-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('dashboard-greeting')).toHaveText(/^Welcome back, .+\.$/);
  });

  test('generating from the dashboard updates usage and the clipart strip; the preview opens', async ({
    page,
    baseURL,
  }) => {
    await signUp(page.request, baseURL!, 'dash');
    await page.goto('/dashboard');
    await expect(page.getByTestId('membership-usage')).toHaveText(/0 of 3 monthly images used$/);

    await page.getByLabel('Describe your clipart').fill('Cute cartoon animal');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(page.getByTestId('generated-image')).toBeVisible({ timeout: 20_000 });

    await expect(page.getByTestId('membership-usage')).toHaveText(/1 of 3 monthly images used$/);
    await expect(page.getByTestId('generations-left')).toHaveText('You have 2 generations left this month.');
    await expect(page.getByTestId('membership-plan')).toContainText('Free');
    await expect(page.getByTestId('membership-credits')).toContainText('0 credits');
    await expect(
      page.getByTestId('membership-credits').getByRole('link', { name: 'Buy more' }),
    ).toBeVisible();

    const strip = page.getByTestId('recent-images');
    await expect(strip.getByRole('button')).toHaveCount(1);
    const thumb = strip.locator('img');
    await expect(thumb).toHaveAttribute('loading', 'lazy');
    await expect(thumb).toHaveAttribute('width', /\d+/);

    await strip.getByRole('button', { name: /Cute cartoon animal/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Cute cartoon animal' })).toBeVisible();
    await expect(dialog.getByText('Public')).toBeVisible();
    await expect(dialog.getByText('Default Style')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Download PNG 1024' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Copy share link' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('Sign Out signs out and goes to /login', async ({ page, baseURL }) => {
    await signUp(page.request, baseURL!, 'dash');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard/);
  });
});
