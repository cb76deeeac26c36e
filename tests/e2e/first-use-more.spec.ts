import { expect, type Page, test } from '@playwright/test';
import { blockingViolations } from './support/axe';
import { buy, generate, signUp } from './support/members';

// A first-time member's path, continued (issue 37): the truth said before the click, and looks.

async function expectAxeClean(page: Page) {
  expect(await blockingViolations(page)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );
}

for (const width of [1280, 360]) {
  test(`the copy button names the link it copies; a private one says it only works for you (${width} px)`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.setViewportSize({ width, height: 800 });
    await signUp(page.request, baseURL!, 'copylink');
    await buy(page.request, baseURL!, 'pack', 'starter'); // a private picture costs a credit
    await generate(page.request, baseURL!, 'A public lighthouse', { privacy: 'public' });
    await generate(page.request, baseURL!, 'A private lighthouse', { privacy: 'private' });
    await page.goto('/history');
    const dialog = page.getByTestId('image-preview-dialog');

    await page.getByRole('button', { name: /A public lighthouse/ }).click();
    await dialog.getByRole('button', { name: 'Copy share link' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`^${baseURL}/i/[\\w-]+$`),
    );
    await expect(dialog.getByText(/Only works for you/)).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /A private lighthouse/ }).click();
    const copy = dialog.getByRole('button', { name: 'Copy image link' });
    await expect(copy).toHaveAccessibleDescription('Only works for you, signed in: others get “not found”.');
    await expect(dialog.getByText('Only works for you, signed in: others get “not found”.')).toBeVisible();
    await copy.click();
    await expect(dialog.getByRole('button', { name: 'Copied!' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.startsWith(`${baseURL}/`)).toBe(true);
    expect(copied).not.toMatch(/\/i\//);
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page);
  });
}

for (const width of [1280, 360]) {
  test(`the one-time username change: the rule while typing, refused characters, a confirmation first (${width} px)`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signUp(page.request, baseURL!, 'uname');
    await page.goto('/settings');
    await page.getByLabel('Display name').fill('Ada');
    const username = page.getByLabel('Username');
    const starting = await username.inputValue();
    await page.getByRole('button', { name: 'Change username' }).click();
    // The rule is there before anything is saved.
    await expect(username).toHaveAccessibleDescription(/3–30 letters, numbers or underscores/);

    // "Bad Name!" is refused as typed, never lower-cased into something else.
    await username.fill('Bad Name!');
    await expect(username).toHaveValue('Bad Name!');
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByText('Username must be 3–30 characters: letters, numbers and underscores'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(
      ((await (await page.request.get('/api/me')).json()) as { user: { username: string } }).user.username,
    ).toBe(starting);

    // A valid name asks first, saying it can be done once; "Keep" changes nothing.
    const wanted = `ada_${Date.now().toString(36)}`;
    await username.fill(wanted);
    await expect(username).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const dialog = page.getByRole('dialog', { name: `Change your username to @${wanted}?` });
    await expect(dialog).toContainText('You can change your username only once.');
    await expectAxeClean(page);
    await dialog.getByRole('button', { name: `Keep @${starting}` }).click();
    await expect(dialog).toHaveCount(0);
    expect(
      ((await (await page.request.get('/api/me')).json()) as { user: { username: string } }).user.username,
    ).toBe(starting);

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByRole('button', { name: `Change to @${wanted}` }).click();
    await expect(page.getByText('Your username has already been changed once')).toBeVisible();
    await expect(username).toHaveValue(wanted);
    await expectNoSidewaysScroll(page);
  });
}

for (const width of [1280, 360]) {
  test(`a paid plan's two dates say what each counts, in Settings and on the dashboard (${width} px)`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signUp(page.request, baseURL!, 'cycle');
    await buy(page.request, baseURL!, 'plan', 'basic');
    const firstOfNextMonth = /Monthly pictures start again on [A-Z][a-z]{2} 1, the 1st of every month\./;

    await page.goto('/settings');
    await expect(page.getByTestId('billing-images-this-month-note')).toHaveText(firstOfNextMonth);
    await expect(page.getByTestId('billing-current-period-ends')).toBeVisible();
    await expect(page.getByTestId('billing-current-period-ends-note')).toHaveText(
      'Your billing date: the plan renews then (or ends, if cancelled). It does not reset your monthly pictures.',
    );
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page);

    await page.goto('/dashboard');
    const cycle = page.getByTestId('membership-cycle');
    await expect(cycle).toContainText(firstOfNextMonth);
    await expect(cycle).toContainText(/Your plan renews on [A-Z][a-z]{2} \d{1,2} \(billing only\)\./);
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page);
  });
}
