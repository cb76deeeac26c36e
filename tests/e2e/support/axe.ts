import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe-core's serious and critical violations on the page at rest, one line each. */
export async function blockingViolations(page: Page): Promise<string[]> {
  const first = await scan(page);
  if (first.length === 0) return first;
  // A colour caught mid-transition (a tab's colours easing in as the page hydrates) reads as too
  // faint once and never again: look once more at rest and report what is still there. A real
  // violation is in both scans.
  await page.waitForTimeout(500);
  const again = new Set(await scan(page));
  return first.filter((line) => again.has(line));
}

async function scan(page: Page): Promise<string[]> {
  await settledAnimations(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // Only violations are read: axe then details one node of each other result (15-25 % faster).
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** No serious or critical axe violation on the page as it is now. */
export async function expectAxeClean(page: Page): Promise<void> {
  expect(await blockingViolations(page)).toEqual([]);
}

/** The page is no wider than the window: nothing makes a phone scroll sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );
}

/**
 * Waits for the page's finite animations (a toast fading in, a dialog opening) to end: axe judges
 * colours as painted, and text caught halfway through a fade reads as too faint. Endless ones (a
 * spinner) are left running.
 */
async function settledAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
