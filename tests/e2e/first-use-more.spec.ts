import { expect, test } from '@playwright/test';
import { expectAxeClean, expectNoSidewaysScroll } from './support/axe';
import { buy, generate, signUp } from './support/members';

// A first-time member's path, continued (issue 37): the truth said before the click, and looks.

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

for (const width of [1280, 360]) {
  test(`Explore cards shorten a long prompt to two lines, as History does (${width} px)`, async ({
    page,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 800 });
    await signUp(page.request, baseURL!, 'longprompt');
    const token = Date.now().toString(36);
    const prompt = `a red fox reading ${token} `.padEnd(990, 'with a blue book and a green apple ');
    await generate(page.request, baseURL!, prompt, { privacy: 'public' });
    // Searched for: Explore's unsearched first page is shared for a moment and may not have it yet.
    await page.goto(`/explore?q=${token}`);
    const card = page.getByRole('article').filter({ has: page.getByRole('button', { name: prompt.trim() }) });
    const text = card.getByTestId('explore-prompt');
    await expect(text).toBeVisible();
    const lineHeight = await text.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
    expect((await text.boundingBox())!.height).toBeLessThanOrEqual(2 * lineHeight + 1);
    // The card stays about as tall as its picture, not a page of text.
    const [cardBox, imageBox] = [(await card.boundingBox())!, (await card.locator('img').boundingBox())!];
    expect(cardBox.height).toBeLessThan(imageBox.height + 150);
    await expectNoSidewaysScroll(page);
  });
}

test('phone: each of four pictures has its Download button inside its own column', async ({
  page,
  baseURL,
}) => {
  test.slow();
  await page.setViewportSize({ width: 360, height: 800 });
  await signUp(page.request, baseURL!, 'grid4');
  await buy(page.request, baseURL!, 'plan', 'premium');
  await page.goto('/create');
  await page.getByLabel('Describe your clipart').fill('a happy cactus');
  await page.getByTestId('pictures-choice').getByText('4', { exact: true }).click();
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const cells = page.getByTestId('variations').locator('[data-testid="variation"][data-stage="succeeded"]');
  await expect(cells).toHaveCount(4, { timeout: 45_000 });
  for (let n = 0; n < 4; n++) {
    const cell = cells.nth(n);
    const cellBox = (await cell.boundingBox())!;
    for (const part of [cell.getByTestId('download-menu'), cell.getByRole('button', { name: /Copy/ })]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(cellBox.x - 0.5);
      expect(box.x + box.width).toBeLessThanOrEqual(cellBox.x + cellBox.width + 0.5);
    }
    // Nothing inside the Download button is cut off either.
    const link = cell.getByRole('link', { name: /Download/ });
    expect(await link.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  await expectNoSidewaysScroll(page);
  await expectAxeClean(page);
});

test('/dev/mail fits a phone: a viewport, and its long links wrap', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signUp(page.request, baseURL!, 'devmail');
  await page.goto('/dev/mail');
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', /width=device-width/);
  await expect(page.getByRole('link').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('plain notices wear the same drawn info icon: account deleted and checkout cancelled', async ({
  page,
  baseURL,
}) => {
  await signUp(page.request, baseURL!, 'toasticon');
  await page.goto('/pricing?checkout=cancelled');
  const cancelled = page.getByRole('status').filter({ hasText: /cancel/i });
  await expect(cancelled).toBeVisible();
  const toastOf = (text: string | RegExp) =>
    page
      .locator('div')
      .filter({ has: page.getByRole('status').filter({ hasText: text }) })
      .last();
  await expect(toastOf(/cancel/i).getByTestId('toast-info-icon')).toBeVisible();
  await expect(toastOf(/cancel/i)).not.toContainText('ℹ');

  await page.goto('/settings');
  const email = ((await (await page.request.get('/api/me')).json()) as { user: { email: string } }).user
    .email;
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel(/type your email address/).fill(email);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(toastOf('Your account has been deleted').getByTestId('toast-info-icon')).toBeVisible();
  await expect(toastOf('Your account has been deleted')).not.toContainText('👋');
});
