import { expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { expectAxeClean } from './support/axe';
import { generate, PASSWORD, signUp } from './support/members';

// A first-time member's path (issue 37): nothing blocks or loses their work, one identity, clear
// entry points, and the truth said before the click.

for (const width of [1280, 360]) {
  test(`Settings changes the password at ${width} px: the rule up front, live feedback, other devices signed out`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const email = await signUp(page.request, baseURL!, 'pw');
    // The same member on another device.
    const other = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    expect((await other.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD } })).ok()).toBe(
      true,
    );
    expect((await other.get('/api/me')).status()).toBe(200);

    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Password' });
    const current = section.getByLabel('Current password');
    const next = section.getByLabel('New password', { exact: true });
    const confirm = section.getByLabel('Confirm new password');
    await expect(next).toHaveAccessibleDescription(/At least 8 characters and hard to guess/);

    // Live feedback while typing, before any click.
    await next.fill('password123');
    await expect(section.getByTestId('change-password-next-strength')).toHaveText(
      /This password is too easy to guess/,
    );
    const chosen = 'violet kettles hum beneath tidal stairs';
    await next.fill(chosen);
    await expect(section.getByTestId('change-password-next-strength')).toHaveText('Strong enough.');
    await confirm.fill(chosen);

    // A wrong current password is said at that field; nothing changes.
    await current.fill('not my password at all');
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(current).toHaveAccessibleDescription('This is not your current password.');
    await expect(current).toBeFocused();

    await current.fill(PASSWORD);
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(section.getByRole('status')).toContainText('Every other device');
    await expect(current).toHaveValue('');
    await expectAxeClean(page);

    // This device stays signed in; the other one is out; the new password signs in.
    expect((await page.request.get('/api/me')).status()).toBe(200);
    expect((await other.get('/api/me')).status()).toBe(401);
    const fresh = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    expect((await fresh.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD } })).ok()).toBe(
      false,
    );
    expect((await fresh.post('/api/auth/sign-in/email', { data: { email, password: chosen } })).ok()).toBe(
      true,
    );
    await other.dispose();
    await fresh.dispose();
  });
}

test('a weak new password is refused by the server at its field', async ({ page, baseURL }) => {
  await signUp(page.request, baseURL!, 'pwweak');
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Password' });
  await section.getByLabel('Current password').fill(PASSWORD);
  // Past the browser's preview (it may not have loaded yet): the server's check is the authority.
  await section.getByLabel('New password', { exact: true }).fill('Password1!');
  await section.getByLabel('Confirm new password').fill('Password1!');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(
    /^This password is too easy to guess/,
  );
});

/** Whether the whole box of `selector` is inside the viewport, with the figures that say so. */
async function fullyInView(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const box = document.querySelector(sel)!.getBoundingClientRect();
    const inView = box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
    return {
      inView,
      top: box.top,
      bottom: box.bottom,
      viewport: window.innerHeight,
      scrollY: window.scrollY,
    };
  }, selector);
}

for (const width of [1280, 360]) {
  test(`after Generate at ${width} px the picture is in view with the focus; reload and Back show it again`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 720 });
    await signUp(page.request, baseURL!, 'gen');
    await page.goto('/create');
    await page.getByLabel('Describe your clipart').fill('A happy cactus wearing sunglasses');
    const generate = page.getByRole('button', { name: 'Generate', exact: true });
    await generate.scrollIntoViewIfNeeded();
    await generate.click();
    const image = page.getByTestId('generated-image');
    await expect(image).toBeVisible({ timeout: 20_000 });
    // (On a failure the figures are printed beside the verdict.)
    await expect
      .poll(() => fullyInView(page, '[data-testid="generated-image"]'))
      .toMatchObject({ inView: true });
    await expect(page.getByRole('region', { name: 'Your clipart' })).toBeFocused();
    const src = await image.getAttribute('src');

    // A reload in the same tab shows the finished picture again, not the empty panel.
    await page.reload();
    await expect(page.getByTestId('generated-image')).toHaveAttribute('src', src!);
    await expect(page.getByText('Your clipart will appear here')).toHaveCount(0);

    // So does coming Back from another page.
    await page.goto('/history');
    await page.goBack();
    await expect(page).toHaveURL(/\/create$/);
    await expect(page.getByTestId('generated-image')).toHaveAttribute('src', src!);
    await expectAxeClean(page);
  });
}

test('a reload while a picture is being made follows it to the end', async ({ page, baseURL }) => {
  await signUp(page.request, baseURL!, 'genreload');
  await page.goto('/create');
  await page.getByLabel('Describe your clipart').fill('A red fox reading a book');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  // Reloaded as soon as the page knows the server accepted the request (Queued or further).
  await expect
    .poll(
      async () =>
        (await page
          .getByTestId('generation-progress')
          .or(page.getByTestId('generated-image'))
          .first()
          .textContent()) ?? '',
    )
    .not.toBe('Starting…');
  await page.reload();
  await expect(page.getByTestId('generated-image')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('generated-image')).toHaveAttribute('alt', 'A red fox reading a book');
});

test('History: Back closes an open picture and stays on History; Esc gives the focus back to its tile', async ({
  page,
  baseURL,
}) => {
  await signUp(page.request, baseURL!, 'hist');
  await generate(page.request, baseURL!, 'A blue whale with a tiny hat');
  await page.goto('/dashboard');
  await page.goto('/history');
  const tile = page.getByRole('button', { name: /A blue whale with a tiny hat/ });
  const dialog = page.getByTestId('image-preview-dialog');

  await tile.click();
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await tile.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(tile).toBeFocused();
  // Closed with Esc, the picture's own history entry is gone too: Back leaves for the dashboard.
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('phone: the Download options panel keeps its Download button in view wherever it opens', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await signUp(page.request, baseURL!, 'dlmenu');
  await generate(page.request, baseURL!, 'A green frog on a lily pad');
  await page.goto('/history');
  await page.getByRole('button', { name: /A green frog on a lily pad/ }).click();
  const dialog = page.getByTestId('image-preview-dialog');
  const more = dialog.getByRole('button', { name: 'More download options' });
  // The options button in the upper half of the screen, where the panel had least room.
  await more.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await more.click();
  const panel = page.getByRole('dialog', { name: 'Download options' });
  await expect(panel).toBeVisible();
  const action = panel.getByRole('link', { name: /^Download PNG/ });
  await expect(action).toBeInViewport({ ratio: 1 });
  const [panelBox, actionBox] = [(await panel.boundingBox())!, (await action.boundingBox())!];
  expect(actionBox.y + actionBox.height).toBeLessThanOrEqual(panelBox.y + panelBox.height);
  expect(actionBox.y).toBeGreaterThanOrEqual(panelBox.y);
  await expectAxeClean(page);
});

test('phone sign-up: the terms box has a 44 px target and the terms open without losing the form', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/signup');
  await page.getByLabel('Email address').fill('reader@example.com');
  const terms = page.getByRole('checkbox', { name: /I agree to the/ });
  const target = await terms.evaluate((el) => {
    const after = getComputedStyle(el, '::after');
    return { width: Number.parseFloat(after.width), height: Number.parseFloat(after.height) };
  });
  expect(target.width).toBeGreaterThanOrEqual(44);
  expect(target.height).toBeGreaterThanOrEqual(44);
  // A tap just beside the small box still ticks it.
  const box = (await terms.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2 - 12, box.y + box.height / 2 + 12);
  await expect(terms).toBeChecked();

  const opened = context.waitForEvent('page');
  await page.getByRole('link', { name: 'Terms of Service (opens in a new tab)' }).click();
  const termsTab = await opened;
  await expect(termsTab).toHaveURL(/\/terms$/);
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByLabel('Email address')).toHaveValue('reader@example.com');
  await expect(terms).toBeChecked();

  // Even a trip away and Back in the same tab finds the e-mail and the box as they were.
  await page.goto('/about');
  await page.goBack();
  await expect(page.getByLabel('Email address')).toHaveValue('reader@example.com');
  await expect(page.getByRole('checkbox', { name: /I agree to the/ })).toBeChecked();
  await expectAxeClean(page);
});

for (const width of [1280, 360]) {
  test(`first visit at ${width} px: the member chooses one display name, shown in the header, Settings and on Explore`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const email = await signUp(page.request, baseURL!, 'walker');
    const { user } = (await (await page.request.get('/api/me')).json()) as { user: { username: string } };
    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: 'Choose the name you are shown by' });
    const field = card.getByLabel('Display name');
    // Prefilled with the neutral username, never the e-mail; one sentence says what is public.
    await expect(field).toHaveValue(user.username);
    expect(user.username).not.toContain(email.split('@')[0]);
    await expect(field).toHaveAccessibleDescription(
      /shown in your menu and with the pictures you make public/,
    );
    await expect(page.getByTestId('dashboard-greeting')).toHaveText(`Welcome, ${user.username}.`);
    await expectAxeClean(page);

    await field.fill('Pixel Walker');
    await card.getByRole('button', { name: 'Save name' }).click();
    await expect(card).toHaveCount(0);
    await expect(page.getByTestId('dashboard-greeting')).toHaveText('Welcome, Pixel Walker.');
    if (width >= 768) await expect(page.getByTestId('user-menu-name')).toHaveText('Pixel Walker');

    await page.goto('/settings');
    await expect(page.getByLabel('Display name')).toHaveValue('Pixel Walker');

    const imageId = await generate(page.request, baseURL!, 'A proud walrus with a scarf');
    await page.goto(`/i/${imageId}`);
    await expect(page.locator('main').getByText('Pixel Walker')).toBeVisible();
    await page.goto('/explore');
    await expect(
      page
        .getByRole('article')
        .filter({ hasText: 'A proud walrus with a scarf' })
        .getByText('Pixel Walker')
        .first(),
    ).toBeVisible();
  });
}

test('History is in the user menu and the phone menu', async ({ page, baseURL }) => {
  await signUp(page.request, baseURL!, 'menus');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard');
  await page.getByTestId('user-menu-trigger').click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/history$/);

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByTestId('mobile-menu').getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/history$/);
});

for (const width of [1280, 360]) {
  test(`a visitor's Start Creating leads to Sign up (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/', '/about', '/how-it-works']) {
      await page.goto(path);
      const start = page.getByRole('link', { name: /Start Creating/ }).first();
      await expect(start).toHaveAttribute('href', '/signup');
    }
    await page
      .getByRole('link', { name: /Start Creating/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create a new account');
  });
}

test('signed out, /checkout/success asks the visitor to sign in instead of thanking them', async ({
  page,
}) => {
  await page.goto('/checkout/success');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout%2Fsuccess/);
  await expect(page.getByText('Thank you for your purchase')).toHaveCount(0);
});

test('a pasted prompt over 1,000 characters is cut, and the page says so', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signUp(page.request, baseURL!, 'paste');
  await page.goto('/create');
  const prompt = page.getByLabel('Describe your clipart');
  await page.evaluate((text) => navigator.clipboard.writeText(text), 'a cat '.repeat(200));
  await prompt.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(prompt).toHaveValue('a cat '.repeat(200).slice(0, 1000));
  await expect(page.getByTestId('paste-cut')).toHaveText(
    'The pasted text was cut to 1,000 characters: its last 200 characters were left out.',
  );
  await prompt.press('Backspace');
  await expect(page.getByTestId('paste-cut')).toHaveCount(0);
});

for (const width of [1280, 360]) {
  test(`at the Free limit the warning is at the top of /create (${width} px)`, async ({ page, baseURL }) => {
    test.slow();
    await page.setViewportSize({ width, height: 800 });
    await signUp(page.request, baseURL!, 'limittop');
    for (const subject of ['cat', 'dog', 'fox']) await generate(page.request, baseURL!, `happy ${subject}`);
    await page.goto('/create');
    const warning = page.getByTestId('limit-warning');
    await expect(warning).toContainText("You've reached your monthly limit of 3 images.");
    await expect(warning).toBeInViewport();
    await expect(warning.getByRole('link', { name: 'Buy credits' })).toBeVisible();
    await expectAxeClean(page);
  });
}
