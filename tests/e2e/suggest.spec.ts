import { expect, test } from '@playwright/test';
import { blockingViolations } from './support/axe';
import { buy, signUp } from './support/members';

// Suggest under the prompt on /create: a Basic member types an idea, asks for suggestions, picks
// one with the keyboard and it fills the prompt; a Free member sees the button disabled with the
// line naming the plan that opens it. At a desktop and a phone width, with axe.

for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
    });

    test('a Basic member turns an idea into one of 3 suggestions', async ({ page, baseURL }) => {
      test.slow();
      await signUp(page.request, baseURL ?? '', `suggest-${width}`);
      await buy(page.request, baseURL ?? '', 'plan', 'basic');
      await page.goto('/create');

      const prompt = page.getByLabel('Describe your clipart');
      const suggest = page.getByRole('button', { name: 'Suggest', exact: true });
      await expect(suggest).toBeEnabled();
      await expect(page.getByText('Uses no credit.')).toBeVisible();

      // Nothing typed: said at once, nothing asked of the server.
      await suggest.click();
      await expect(page.getByTestId('suggest-error')).toHaveText('Please enter a description');

      await prompt.fill('a cat');
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/prompts/suggest'));
      await suggest.click();
      expect((await answered).status()).toBe(200);
      const list = page.getByRole('list', { name: 'Suggested prompts' });
      const choices = list.getByRole('button');
      await expect(choices).toHaveCount(3);
      await expect(page.getByTestId('suggest-error')).toHaveCount(0);
      const texts = (await choices.allTextContents()).map((t) => t.replace(/^Use: /, ''));
      expect(new Set(texts).size).toBe(3);
      for (const text of texts) expect(text).toMatch(/cat/);
      expect(await blockingViolations(page)).toEqual([]);

      // By keyboard: Tab to the second suggestion, Enter: it fills the prompt, which gets the focus.
      await choices.first().focus();
      await page.keyboard.press('Tab');
      await expect(choices.nth(1)).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(prompt).toHaveValue(texts[1]);
      await expect(prompt).toBeFocused();
      await expect(list).toHaveCount(0);

      // A suggestion already has a detail, a pose or thing held, a setting and a colour: nothing to add.
      await suggest.click();
      await expect(page.getByTestId('suggest-error')).toContainText('nothing richer to offer');

      // Escape closes a list without choosing and goes back to the button.
      await prompt.fill('a cat');
      await suggest.click();
      await expect(choices).toHaveCount(3);
      await choices.first().focus();
      await page.keyboard.press('Escape');
      await expect(list).toHaveCount(0);
      await expect(suggest).toBeFocused();
      await expect(prompt).toHaveValue('a cat');

      // An idea the composer cannot draw: the server's reason, next to the button.
      await prompt.fill('a zorblax');
      await suggest.click();
      await expect(page.getByTestId('suggest-error')).toContainText('"zorblax"');
      expect(await blockingViolations(page)).toEqual([]);
    });

    test('a Free member sees Suggest disabled, with the plan that opens it', async ({ page, baseURL }) => {
      // A sign-up and a page load: slow on a busy machine.
      test.slow();
      await signUp(page.request, baseURL ?? '', `suggest-free-${width}`);
      await page.goto('/create');
      await page.getByLabel('Describe your clipart').fill('a cat');
      const suggest = page.getByRole('button', { name: 'Suggest', exact: true });
      await expect(suggest).toBeDisabled();
      const note = page.getByTestId('suggest-plan-note');
      await expect(note).toHaveText('Suggest comes with Basic and above.');
      await expect(suggest).toHaveAccessibleDescription('Suggest comes with Basic and above.');
      await expect(note.getByRole('link', { name: 'Basic' })).toHaveAttribute('href', /^\/pricing/);
      expect(await blockingViolations(page)).toEqual([]);
    });
  });
}
