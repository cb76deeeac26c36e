import { expect, test } from '@playwright/test';
import { blockingViolations } from './support/axe';

// The shared axe helper scans twice when it finds something (once more after 500 ms at rest) and
// reports what both scans found: a colour that stays too faint must still be reported.

test('a colour too faint to read is reported', async ({ page }) => {
  await page.setContent(
    '<html lang="en"><title>t</title><main><h1>Title</h1><p style="color:#c8c8c8;background:#fff">faint text</p></main></html>',
  );
  expect((await blockingViolations(page)).join('\n')).toContain('color-contrast');
});
