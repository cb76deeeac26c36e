import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { signUp } from './support/members';

// Settings → "Download my data": the browser saves a zip holding the member's picture and a JSON
// of their account and history, under a dated file name.

test('Download my data saves a zip with the picture and the history', async ({ page, baseURL }) => {
  await signUp(page.request, baseURL!, 'export');

  await page.goto('/create');
  await page.getByLabel('Describe your clipart').fill('a smiling cactus');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByTestId('generated-image')).toBeVisible({ timeout: 20_000 });

  await page.goto('/settings');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^clipsmith-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const path = await download.path();
  const files = unzipSync(new Uint8Array(readFileSync(path)));
  const names = Object.keys(files);

  const data = JSON.parse(Buffer.from(files['clipsmith-data.json']).toString('utf8'));
  expect(JSON.stringify(data)).toContain('a smiling cactus');
  const pngs = names.filter((n) => n.endsWith('.png'));
  expect(pngs).toHaveLength(1);
  // A real PNG, not an error page saved under a .png name.
  expect(Buffer.from(files[pngs[0]]).subarray(1, 4).toString('ascii')).toBe('PNG');
});
