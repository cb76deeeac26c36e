import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

// axe-core on every public page, phone and desktop width: no serious or critical violation.

const PUBLIC_PAGES = [
  '/',
  '/login',
  '/login?redirectTo=%2Fexplore&from=%2Fexplore',
  '/signup',
  '/pricing',
  '/how-it-works',
  '/terms',
  '/privacy',
  '/contact',
  '/about',
  '/blog',
  '/blog/writing-prompts-for-clipart',
  '/faq',
  '/forgot-password',
  '/reset-password',
  '/checkout/success',
];

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const path of PUBLIC_PAGES) {
      test(`${path} has no serious or critical axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // Let lazily loaded sections (the landing pricing cards) mount before scanning.
        await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
          .analyze();
        const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(
          blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
        ).toEqual([]);
      });
    }
  });
}
