import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { buy, credits, generate, signUp } from './support/members';

// Issue 22's privacy rules as a member meets them: R2 a free member pays 1 credit once to make a
// picture private, R1 after that (or when it was generated private) it switches for free, and R4
// the owner opens their own private picture's share page, with a note, while others get 404.

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

function base(baseURL: string | undefined): string {
  return baseURL ?? `http://localhost:${process.env.E2E_PORT ?? 4173}`;
}

async function openInHistory(page: Page, prompt: string) {
  await page.goto('/history');
  await page.getByRole('button', { name: new RegExp(prompt) }).click();
  const dialog = page.getByTestId('image-preview-dialog');
  await expect(dialog.getByRole('heading', { name: prompt })).toBeVisible();
  return dialog;
}

test('R2 and R1: privacy is paid for once, with 1 credit or at generation; then it switches for free', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const url = base(baseURL);
  await signUp(page.request, url, 'privacy');
  await buy(page.request, url, 'pack', 'starter');
  expect(await credits(page.request)).toBe(5);
  const publicPrompt = `happy cat ${RUN}`;
  const privatePrompt = `red robot ${RUN}`;
  await generate(page.request, url, publicPrompt);
  await generate(page.request, url, privatePrompt, { privacy: 'private' });
  expect(await credits(page.request)).toBe(4);

  // Generated private (its credit paid for it): public and private again cost nothing.
  let dialog = await openInHistory(page, privatePrompt);
  await dialog.getByRole('button', { name: 'Make public' }).click();
  await expect(page.getByText('Image is now public')).toBeVisible();
  await expect(dialog.getByText('Public', { exact: true })).toBeVisible();
  await expect(dialog.getByText(/its privacy is already paid for/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Make private' }).click();
  await expect(page.getByText('Image is now private', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Private', { exact: true })).toBeVisible();
  expect(await credits(page.request)).toBe(4);
  await page.keyboard.press('Escape');

  // Generated public: the first change to private uses 1 credit, and says so before the click.
  dialog = await openInHistory(page, publicPrompt);
  await expect(
    dialog.getByText('Making it private uses 1 credit once (you have 4); after that it switches for free.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Make private' }).click();
  await expect(page.getByText('Image is now private (1 credit used)')).toBeVisible();
  await expect(dialog.getByText('Private', { exact: true })).toBeVisible();
  expect(await credits(page.request)).toBe(3);
  await dialog.getByRole('button', { name: 'Make public' }).click();
  await expect(dialog.getByText(/its privacy is already paid for/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Make private' }).click();
  await expect(dialog.getByText('Private', { exact: true })).toBeVisible();
  await expect(page.getByText('Image is now private', { exact: true }).last()).toBeVisible();
  expect(await credits(page.request)).toBe(3);
});

test.describe('R4: the owner’s own private share page', () => {
  for (const width of [1280, 360]) {
    test(`opens for the owner with "Private — only you can see this" at ${width} px; others get 404`, async ({
      browser,
      baseURL,
    }) => {
      test.slow();
      const url = base(baseURL);
      const owner = await browser.newContext({ baseURL: url, viewport: { width, height: 800 } });
      await signUp(owner.request, url, 'owner');
      await buy(owner.request, url, 'plan', 'basic');
      const prompt = `lighthouse ${RUN} ${width}`;
      const id = await generate(owner.request, url, prompt, { privacy: 'private' });

      const page = await owner.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const response = await page.goto(`/i/${id}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(prompt);
      const note = page.getByTestId('private-note');
      await expect(note).toHaveText('Private — only you can see this');
      await expect(note).toBeInViewport();
      const img = page.getByRole('img', { name: prompt });
      await expect(img).toBeVisible();
      await expect(img).toHaveJSProperty('complete', true);
      expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
      await expect(page.getByRole('link', { name: /Download/ })).toBeVisible();
      // Nothing sticks out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const axe = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
      expect(errors).toEqual([]);

      // A visitor and another member see the not-found page, and nothing of the picture.
      const stranger = await browser.newContext({ baseURL: url, viewport: { width, height: 800 } });
      await signUp(stranger.request, url, 'stranger');
      const visitor = await browser.newContext({ baseURL: url, viewport: { width, height: 800 } });
      for (const context of [stranger, visitor]) {
        const other = await context.newPage();
        expect((await other.goto(`/i/${id}`))?.status()).toBe(404);
        await expect(other.getByRole('heading', { level: 1 })).toHaveText(
          'This picture is private or no longer exists',
        );
        await expect(other.getByText(prompt)).toHaveCount(0);
        expect((await other.request.get(`/images/${id}.png`)).status()).toBe(404);
      }
      await Promise.all([owner.close(), stranger.close(), visitor.close()]);
    });
  }
});
