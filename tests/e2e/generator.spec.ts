import { expect, test } from '@playwright/test';
import { signUp } from './support/members';

// The generator on /create: a real generation with the built-in composer, its download, Copy URL,
// the premium gating a free member with no credits sees, and the draft surviving a trip to /pricing.

test.describe('generator', () => {
  test('generates with the composer, shows the picture, downloads it and copies its link', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await signUp(page.request, baseURL!, 'gen');
    await page.goto('/create');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Custom Clipart');
    await expect(
      page.getByText('Describe what you have in mind and get square clipart in seconds.'),
    ).toBeVisible();
    await expect(page.getByTestId('picture-drawer')).toHaveText(
      "Drawn by Clipsmith's built-in clipart composer.",
    );

    const prompt = page.getByLabel('Describe your clipart');
    const generate = page.getByRole('button', { name: 'Generate', exact: true });
    await expect(generate).toBeDisabled();
    await expect(page.getByTestId('cost-line')).toHaveText('Free plan — 3 of 3 left this month');

    // A sample idea fills the prompt; the counter follows.
    await page.getByRole('button', { name: 'Robot assistant' }).click();
    await expect(prompt).toHaveValue('Robot assistant');
    await expect(page.getByText('15 / 1000')).toBeVisible();
    await prompt.fill('A happy cactus wearing sunglasses');
    await expect(generate).toBeEnabled();

    // The button says "Generating…" and is disabled while it works. (Recorded as it happens: a
    // picture can be back before a look from here would catch it.)
    await page.evaluate(() => {
      const seen = { generatingDisabled: false };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        for (const button of document.querySelectorAll('button'))
          if (/Generating/.test(button.textContent ?? '') && button.disabled) seen.generatingDisabled = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await generate.click();
    const image = page.getByTestId('generated-image');
    await expect(image).toBeVisible({ timeout: 20_000 });
    expect(
      await page.evaluate(
        () => (window as unknown as { seen: { generatingDisabled: boolean } }).seen.generatingDisabled,
      ),
    ).toBe(true);
    await expect(image).toHaveAttribute('width', '1024');
    await expect(image).toHaveAttribute('height', '1024');
    await expect(image).toHaveAttribute('alt', 'A happy cactus wearing sunglasses');
    // The picture really loaded from our own URL.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1024);
    await expect(page.getByText(/made with the built-in clipart composer/i)).toBeVisible();
    await expect(page.getByTestId('generation-result').getByText('Public')).toBeVisible();

    // Usage refreshed after the job.
    await expect(page.getByTestId('cost-line')).toHaveText('Free plan — 2 of 3 left this month');

    // One-click download: a 1024 px PNG named by the server.
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PNG 1024' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('happy-cactus-wearing-sunglasses-1024.png');
    expect(await download.failure()).toBeNull();

    // The menu: the picture is already transparent, so only backgrounds that differ are offered;
    // JPEG cannot be transparent (its picture sits on white), and a WebP 512 download works.
    await page.getByRole('button', { name: 'More download options' }).click();
    const options = page.getByRole('dialog', { name: 'Download options' });
    const backgrounds = options.getByRole('group', { name: 'Background' }).getByRole('radio');
    await expect(backgrounds).toHaveCount(2);
    await expect(options.getByRole('radio', { name: 'Transparent', exact: true })).toBeChecked();
    await expect(options.getByRole('radio', { name: 'Original' })).toHaveCount(0);
    await options.getByText('JPEG', { exact: true }).click();
    await expect(options.getByRole('radio', { name: 'Sticker (die-cut)' })).toBeDisabled();
    await expect(options.getByRole('radio', { name: 'White' })).toBeChecked();
    await expect(options.getByText(/JPEG has no transparency/).first()).toBeVisible();
    await options.getByText('WebP', { exact: true }).click();
    await expect(options.getByRole('radio', { name: 'Transparent', exact: true })).toBeChecked();
    await options.getByText('512 px', { exact: true }).click();
    await expect(options.getByText('WebP · 512 × 512 px · Transparent')).toBeVisible();
    const webpPromise = page.waitForEvent('download');
    await options.getByRole('link', { name: 'Download WebP' }).click();
    expect((await webpPromise).suggestedFilename()).toBe('happy-cactus-wearing-sunglasses-512.webp');

    // The smallest size the FAQ promises (128 px) is offered, and the file really is 128 px with alpha.
    await page.getByRole('button', { name: 'More download options' }).click();
    await options.getByText('PNG', { exact: true }).click();
    await options.getByText('128 px (emoji)', { exact: true }).click();
    await expect(options.getByText('PNG · 128 × 128 px · Transparent')).toBeVisible();
    const smallHref = await options.getByRole('link', { name: 'Download PNG' }).getAttribute('href');
    const small = await page.request.get(smallHref ?? '');
    expect(small.ok()).toBe(true);
    const png = await small.body();
    // IHDR: width and height at bytes 16–23, colour type 6 (RGBA) at byte 25.
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[25]]).toEqual([128, 128, 6]);
    await page.keyboard.press('Escape');

    // Copy share link: the share link of a public image, 'Copied!' for 2 seconds.
    const copy = page.getByRole('button', { name: 'Copy share link' });
    await copy.click();
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    const copiedText = await page.evaluate(() => navigator.clipboard.readText());
    expect(copiedText).toMatch(new RegExp(`^${baseURL}/i/[\\w-]+$`));
    await expect(page.getByRole('button', { name: 'Copy share link' })).toBeVisible({ timeout: 4_000 });

    // A new generation clears the previous picture while it works.
    await prompt.fill('Space exploration');
    await generate.click();
    await expect(page.getByTestId('generation-result')).toHaveCount(0);
    await expect(page.getByTestId('generated-image')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('generated-image')).toHaveAttribute('alt', 'Space exploration');
  });

  test('premium options for a free member with no credits: dimmed, explained, not selected', async ({
    page,
    baseURL,
  }) => {
    await signUp(page.request, baseURL!, 'gen');
    await page.goto('/create');

    const comic = page.getByRole('radio', { name: /Comic Book/ });
    await expect(comic).toContainText('Not enough credits');
    await expect(comic).toHaveAttribute('data-locked', 'true');
    await expect(page.getByRole('radio', { name: /Triple Validation/ })).toContainText('Not enough credits');
    await expect(page.getByRole('radio', { name: /Private/ })).toContainText('Not enough credits');

    await comic.click();
    const message = page.getByTestId('theme-message');
    await expect(message).toContainText('Upgrade to Premium or purchase credits to unlock all themes!');
    await expect(comic).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByRole('radio', { name: /Default Style/ })).toHaveAttribute('aria-checked', 'true');
    // Shown for 2 seconds.
    await expect(message).toHaveCount(0, { timeout: 4_000 });

    await page.getByRole('radio', { name: /Private/ }).click();
    await expect(page.getByTestId('privacy-message')).toContainText(
      'You need 1 credit to use premium features',
    );
    await expect(page.getByRole('radio', { name: /Public/ })).toHaveAttribute('aria-checked', 'true');
  });

  test('the prompt and options survive a trip to /pricing and back', async ({ page, baseURL }) => {
    await signUp(page.request, baseURL!, 'gen');
    await page.goto('/create');
    await page.getByLabel('Describe your clipart').fill('A watercolor fox reading a book');
    await page.getByRole('link', { name: 'Pricing' }).first().click();
    await expect(page).toHaveURL(/\/pricing/);
    await page.goto('/create');
    await expect(page.getByLabel('Describe your clipart')).toHaveValue('A watercolor fox reading a book');
  });
  test('shows the server refusal as the error line, and says so when the picture cannot load', async ({
    page,
    baseURL,
  }) => {
    await signUp(page.request, baseURL!, 'gen');
    await page.goto('/create');
    const prompt = page.getByLabel('Describe your clipart');
    const generate = page.getByRole('button', { name: 'Generate', exact: true });

    // The server is the authority: whatever it refuses with is what the member reads.
    await page.route('**/api/generations', (route) =>
      route.fulfill({
        status: 402,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'premium_requires_credit', message: 'You need 1 credit to use premium features' },
        }),
      }),
    );
    await prompt.fill('Superhero');
    await generate.click();
    await expect(page.getByTestId('generation-error')).toHaveText(
      'You need 1 credit to use premium features',
    );
    await page.unroute('**/api/generations');

    // A real job whose picture fails to load; the new job also clears the previous error.
    await page.route(/\/images\/[^/]+\.png$/, (route) => route.abort());
    await generate.click();
    await expect(page.getByTestId('generation-error')).toHaveCount(0);
    await expect(page.getByText('Failed to load the generated image')).toBeVisible({ timeout: 20_000 });
  });
});

test('the FAQ names the same download sizes the menu offers', async ({ page }) => {
  await page.goto('/faq');
  await page.getByText('Which file formats and sizes can I download?').click();
  await expect(page.getByText(/in square sizes of 128, 256, 512, 1024 or 2048 pixels/)).toBeVisible();
  await expect(page.getByText(/256 to 2048/)).toHaveCount(0);
});

test('the prompt is kept as typed: the result and history show it, background words included', async ({
  page,
  baseURL,
}) => {
  test.slow();
  await signUp(page.request, baseURL!, 'gen');
  await page.goto('/create');
  const typed = 'A happy cactus on a white background';
  await page.getByLabel('Describe your clipart').fill(typed);
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByTestId('generated-image')).toHaveAttribute('alt', typed, { timeout: 20_000 });

  await page.goto('/history');
  await expect(page.getByRole('button', { name: new RegExp(`^${typed} \\(Public\\)`) })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${typed}`) }).click();
  await expect(page.getByTestId('image-preview-dialog').getByRole('heading', { name: typed })).toBeVisible();
});

test.describe('more like this', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('from the result: the same prompt again as a new generation, counted, until the month is used up', async ({
    page,
    baseURL,
  }) => {
    test.slow();
    await signUp(page.request, baseURL!, 'gen');
    await page.goto('/create');
    await page.getByLabel('Describe your clipart').fill('Robot assistant');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const image = page.getByTestId('generated-image');
    await expect(image).toBeVisible({ timeout: 20_000 });
    const firstSrc = await image.getAttribute('src');

    const more = page.getByTestId('more-like-this');
    // It says what it costs before the click, from the same rule as the cost line (read once the
    // cost line has caught up with the first picture; it refreshes after the job).
    await expect(page.getByTestId('cost-line')).toHaveText('Free plan — 2 of 3 left this month');
    await expect(more.getByTestId('more-like-this-cost')).toHaveText('Free plan — 2 of 3 left this month');
    await page.getByLabel('Describe your clipart').fill('Something else entirely');
    await more.getByRole('button', { name: 'More like this' }).click();
    await expect(page.getByTestId('generated-image')).toHaveAttribute('alt', 'Robot assistant', {
      timeout: 20_000,
    });
    // A new picture (its own image), the prompt back in the box, and one more image counted.
    expect(await page.getByTestId('generated-image').getAttribute('src')).not.toBe(firstSrc);
    await expect(page.getByLabel('Describe your clipart')).toHaveValue('Robot assistant');
    await expect(page.getByTestId('cost-line')).toContainText('1 of 3');

    await more.getByRole('button', { name: 'More like this' }).click();
    await expect(page.getByTestId('generated-image')).toHaveAttribute('alt', 'Robot assistant', {
      timeout: 20_000,
    });
    // Three of three used, no credits: the server would refuse, so the button says so and waits.
    await expect(
      page.getByTestId('more-like-this').getByRole('button', { name: 'More like this' }),
    ).toBeDisabled();
    await expect(page.getByTestId('more-like-this-cost')).toContainText(/monthly limit of 3 images/);
    const history = await (await page.request.get('/api/history')).json();
    expect(history.items.map((i: { prompt: string }) => i.prompt)).toEqual([
      'Robot assistant',
      'Robot assistant',
      'Robot assistant',
    ]);
  });

  test('from history: opens the generator with the prompt and options filled in', async ({
    page,
    baseURL,
  }) => {
    test.slow();
    await signUp(page.request, baseURL!, 'gen');
    const created = await page.request.post('/api/generations', {
      data: { prompt: 'Space exploration', privacy: 'public' },
      headers: { origin: baseURL ?? '' },
    });
    expect(created.status()).toBe(202);
    const { id } = (await created.json()) as { id: string };
    await expect
      .poll(async () => (await (await page.request.get(`/api/generations/${id}`)).json()).status, {
        timeout: 20_000,
      })
      .toBe('succeeded');

    await page.goto('/history');
    await page.getByRole('button', { name: /^Space exploration/ }).click();
    await page.getByTestId('image-preview-dialog').getByRole('link', { name: 'More like this' }).click();
    await expect(page).toHaveURL(/\/create\?/);
    await expect(page.getByLabel('Describe your clipart')).toHaveValue('Space exploration');
    await expect(page.getByTestId('option-default')).toHaveAttribute('data-state', 'checked');
    await expect(page.getByTestId('cost-line')).toContainText('2 of 3');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(page.getByTestId('generated-image')).toHaveAttribute('alt', 'Space exploration', {
      timeout: 20_000,
    });
  });
});
