import { expect, test } from '@playwright/test';
import { ART_SETS } from '../../src/core/art-licences';
import { expectAxeClean, expectNoSidewaysScroll } from './support/axe';
import { buy, generate, signUp } from './support/members';

// A first-time member's path, the last points of issue 37: a plan switch confirmed in one step,
// one picture modal everywhere, the API reference, the landing's closing row, what draws the
// pictures, and one licence story.

const GAME_ICONS_CREDIT = ART_SETS.find((set) => set.prefix === 'game-icons')!.credit;

for (const width of [1280, 360]) {
  test(`switching plan from Pricing: one confirmation naming plan, price and changes, then "You're on Premium" (${width} px)`, async ({
    page,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 800 });
    await signUp(page.request, baseURL!, 'switch');
    await buy(page.request, baseURL!, 'plan', 'basic');
    await page.goto('/pricing');

    // Changing one's mind changes nothing.
    await page.getByRole('button', { name: 'Switch to Enterprise' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch to Enterprise?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep Basic' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/pricing$/);

    await page.getByRole('button', { name: 'Switch to Premium' }).click();
    const confirm = page.getByRole('dialog', { name: 'Switch to Premium?' });
    await expect(confirm).toContainText('$12.99/month instead of $7.99/month for Basic');
    const changes = confirm.getByTestId('plan-switch-changes');
    await expect(changes).toContainText('30 images every month → 100 images every month');
    await expect(changes).toContainText('Custom styles');
    await expect(changes).toContainText('Up to 4 variations at once');
    await expectAxeClean(page);
    await expectNoSidewaysScroll(page);

    await confirm.getByRole('button', { name: 'Switch to Premium' }).click();
    // Straight to where the plan shows, never a second list of plans.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('You’re on Premium')).toBeVisible();
    await expect(page.getByTestId('membership-plan')).toContainText('Premium');
    await expect(page.getByTestId('membership-usage')).toHaveText(/0 of 100 monthly images used$/);
    await expectAxeClean(page);
  });
}

for (const width of [1280, 360]) {
  test(`one picture modal: the dashboard's has History's actions, and Back and Esc behave the same (${width} px)`, async ({
    page,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 800 });
    await signUp(page.request, baseURL!, 'onemodal');
    await generate(page.request, baseURL!, 'A red lighthouse', { privacy: 'public' });

    const actionsIn = async (where: string) => {
      const dialog = page.getByTestId('image-preview-dialog');
      await expect(dialog.getByRole('heading', { name: 'A red lighthouse' })).toBeVisible();
      const actions = [
        dialog.getByRole('link', { name: /^Download PNG/ }),
        dialog.getByRole('button', { name: 'More download options' }),
        dialog.getByRole('button', { name: 'Copy share link' }),
        dialog.getByRole('button', { name: 'Make private' }),
        dialog.getByRole('link', { name: 'More like this' }),
        dialog.getByRole('button', { name: 'Delete' }),
      ];
      for (const action of actions) await expect(action, where).toBeVisible();
      return dialog;
    };

    await page.goto('/dashboard');
    const thumb = page.getByTestId('recent-images').getByRole('button', { name: /A red lighthouse/ });
    await thumb.click();
    let dialog = await actionsIn('dashboard');
    await expectAxeClean(page);
    // Back closes the picture, not the page.
    await page.goBack();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard$/);
    // Esc closes it and the focus is back on the thumbnail that opened it.
    await thumb.focus();
    await page.keyboard.press('Enter');
    dialog = await actionsIn('dashboard, again');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(thumb).toBeFocused();

    await page.goto('/history');
    const tile = page.getByRole('button', { name: /A red lighthouse/ });
    await tile.click();
    dialog = await actionsIn('history');
    await expectNoSidewaysScroll(page);
    await page.goBack();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/history$/);
  });
}

for (const width of [1280, 360]) {
  test(`/docs/api: code rendered as code, the curl example inside its box, a bad styleId's 404, linked from the footer (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'API reference' }).click();
    await expect(page).toHaveURL(/\/docs\/api$/);
    await expect(page.getByRole('heading', { level: 1, name: 'API Reference' })).toBeVisible();
    const main = page.locator('main');
    await expect(main.getByRole('heading', { name: 'Start a generation' })).toBeVisible();

    // No Markdown backticks left in what people read; the spans are code elements.
    const prose = await main.evaluate((el) => {
      const clone = el.cloneNode(true) as HTMLElement;
      for (const pre of clone.querySelectorAll('pre')) pre.remove();
      return clone.textContent ?? '';
    });
    expect(prose).not.toContain('`');
    await expect(main.locator('p code', { hasText: 'Authorization: Bearer <key>' })).toBeVisible();
    await expect(main.locator('code', { hasText: 'X-RateLimit-Limit' }).first()).toBeVisible();

    // A bad styleId's answer is documented.
    const create = page.locator('#createGeneration');
    await expect(create.getByRole('listitem').filter({ hasText: /^404/ })).toContainText(
      'No saved style with that styleId',
    );

    // The first curl example stays inside its box.
    const pre = create.locator('pre').first();
    await pre.scrollIntoViewIfNeeded();
    const overflow = await pre.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    const box = (await pre.boundingBox())!;
    const section = (await create.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(section.x + section.width + 1);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page);
  });
}

for (const width of [1280, 360]) {
  test(`the landing's closing call to action: the lock line sits under the button, centred, with space (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const row = page.getByTestId('closing-cta');
    await row.scrollIntoViewIfNeeded();
    // Both boxes read in one go: the page scrolls smoothly, and two reads could straddle a frame.
    const [button, lock] = await row.evaluate((el) =>
      [el.querySelector('a'), el.querySelector('p')].map((part) => {
        const { x, y, width, height } = part!.getBoundingClientRect();
        return { x, y, width, height };
      }),
    );
    await expect(row.getByRole('link', { name: 'Get started for free' })).toBeVisible();
    await expect(row.getByText('Your private pictures stay private.')).toBeVisible();
    // Under the button, not beside it, with a visible gap.
    expect(lock.y).toBeGreaterThanOrEqual(button.y + button.height + 8);
    // Both centred on the same axis.
    expect(Math.abs(lock.x + lock.width / 2 - (button.x + button.width / 2))).toBeLessThanOrEqual(2);
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page);
  });
}

for (const width of [1280, 360]) {
  test(`what draws the pictures is said as it is: the built-in composer, not "AI" (${width} px)`, async ({
    page,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 800 });
    await signUp(page.request, baseURL!, 'drawer');
    await buy(page.request, baseURL!, 'plan', 'premium');
    await page.goto('/create');
    await expect(page.getByTestId('picture-drawer')).toHaveText(
      "Drawn by Clipsmith's built-in clipart composer.",
    );
    const hero = page.locator('section').first();
    await expect(hero).not.toContainText(/\bAI\b/);
    await page.getByRole('button', { name: 'Save as style' }).click();
    await expect(page.getByLabel('Style words (optional)')).toHaveAccessibleDescription(
      /for Clipsmith's built-in clipart composer/,
    );
    await expect(page.getByText(/the image model/)).toHaveCount(0);
    await expectAxeClean(page);
  });
}

for (const width of [1280, 360]) {
  test(`one licence story: FAQ, About and Terms agree, and a picture with CC BY art shows its credit where it is downloaded (${width} px)`, async ({
    page,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 800 });

    await page.goto('/faq');
    await page.getByRole('heading', { name: 'Can I use my clipart commercially?' }).click();
    const answer = page.locator('#licence');
    await expect(answer).toContainText('commercial projects');
    await expect(answer).toContainText(GAME_ICONS_CREDIT);
    await expect(answer).not.toContainText(/no conditions/i);
    await page.goto('/about');
    await expect(page.getByText(GAME_ICONS_CREDIT)).toBeVisible();
    await page.goto('/terms');
    await expect(page.getByText(/Game Icons art is licensed CC BY 3.0 and must be credited/)).toBeVisible();

    await signUp(page.request, baseURL!, 'licence');
    // The composer draws a lighthouse with Game Icons art (CC BY 3.0).
    const imageId = await generate(page.request, baseURL!, 'A red lighthouse', { privacy: 'public' });
    const svg = await (
      await page.request.get(`/images/${imageId}/download?format=svg&size=1024&variant=transparent`)
    ).text();
    expect(svg).toContain(GAME_ICONS_CREDIT);

    await page.goto('/history');
    await page.getByRole('button', { name: /A red lighthouse/ }).click();
    const dialog = page.getByTestId('image-preview-dialog');
    await expect(dialog.getByTestId('art-credit')).toContainText(GAME_ICONS_CREDIT);
    await dialog.getByRole('button', { name: 'More download options' }).click();
    const options = page.getByRole('dialog', { name: 'Download options' });
    await expect(options.getByTestId('art-credit')).toContainText(GAME_ICONS_CREDIT);
    await expectAxeClean(page);
    await page.keyboard.press('Escape');

    // The share page says it too.
    await page.goto(`/i/${imageId}`);
    await expect(page.getByTestId('art-credit')).toContainText(GAME_ICONS_CREDIT);
    await page.getByTestId('art-credit').getByRole('link', { name: 'Why?' }).click();
    await expect(page).toHaveURL(/\/faq#licence$/);
    await expect(page.locator('#licence details')).toHaveAttribute('open', '');
    await expectNoSidewaysScroll(page);
  });
}
