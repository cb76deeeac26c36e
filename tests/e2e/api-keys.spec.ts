import { expect, request, test } from '@playwright/test';
import { blockingViolations } from './support/axe';
import { signUp } from './support/members';

// An Enterprise member makes an API key on Settings → API keys, copies it with the copy button,
// and a script (plain HTTP, no browser session) generates a picture with it and downloads it.
// Revoking the key in the page stops the script at once.

test('create a key, copy it, generate and download a picture with it, revoke it', async ({
  page,
  context,
  baseURL,
}) => {
  // Sign-up, the Enterprise checkout, the key page and a generation: more than 30 s on a busy machine.
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signUp(page.request, baseURL!, 'api');

  // Not Enterprise yet: the page says where keys come from and offers no form.
  await page.goto('/settings/api-keys');
  await expect(page.getByRole('heading', { level: 1, name: 'API Keys' })).toBeVisible();
  await expect(page.getByText(/part of the Enterprise plan/)).toBeVisible();
  await expect(page.getByLabel('Key name')).toHaveCount(0);

  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Subscribe to Enterprise' }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/[^/]+$/);
  await page.getByRole('button', { name: /^Pay .* \(test\)$/ }).click();
  await expect(page.getByTestId('purchase-summary')).toHaveText('Enterprise plan activated');

  await page.goto('/settings');
  await page.getByRole('link', { name: 'Manage API keys' }).click();
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
  await expect(page.getByText('You have no API keys yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('Give the key a name, e.g. the app or script that will use it')).toBeVisible();
  await page.getByLabel('Key name').fill('Nightly script');
  await page.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByLabel('New API key');
  await expect(shown).toHaveValue(/^csk_[A-Za-z0-9_-]{43}$/);
  await page.getByRole('button', { name: 'Copy key' }).click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  const key = await page.evaluate(() => navigator.clipboard.readText());
  expect(key).toBe(await shown.inputValue());
  expect(await blockingViolations(page)).toEqual([]);

  const list = page.getByRole('list', { name: 'Your API keys' });
  await expect(list.getByText('Nightly script')).toBeVisible();
  await expect(list.getByText(`${key.slice(0, 12)}…`)).toBeVisible();
  await expect(list.getByText('Never')).toBeVisible();

  // Gone once dismissed, and not on the page after a reload either.
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByLabel('New API key')).toHaveCount(0);
  await page.reload();
  await expect(list.getByText('Nightly script')).toBeVisible();
  expect(await page.content()).not.toContain(key.slice(12));

  // The script: no cookies, only the key.
  const script = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${key}` },
  });
  const started = await script.post('/api/v1/generations', {
    data: { prompt: 'a smiling cactus', privacy: 'private' },
  });
  expect(started.status(), await started.text()).toBe(202);
  expect(started.headers()['x-ratelimit-limit']).toMatch(/^\d+$/);
  const { id } = await started.json();
  let generation: { status: string; image?: { id: string; url: string; downloadUrl: string } } = {
    status: 'queued',
  };
  await expect
    .poll(
      async () => {
        generation = await (await script.get(`/api/v1/generations/${id}`)).json();
        return generation.status;
      },
      { timeout: 30_000 },
    )
    .toBe('succeeded');
  const image = generation.image!;
  const png = await script.get(image.url);
  expect(png.status()).toBe(200);
  expect(png.headers()['content-type']).toBe('image/png');
  expect((await png.body()).subarray(1, 4).toString('ascii')).toBe('PNG');
  const webp = await script.get(`${image.downloadUrl}?format=webp&size=256`);
  expect(webp.headers()['content-type']).toBe('image/webp');
  const listed = await (await script.get('/api/v1/images')).json();
  expect(listed.images.map((i: { id: string }) => i.id)).toEqual([image.id]);

  // The page shows the key was used; revoking it stops the script on its next call.
  await page.reload();
  await expect(list.getByText('Never')).toHaveCount(0);
  await list.getByRole('button', { name: 'Revoke Nightly script' }).click();
  await page.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('You have no API keys yet.')).toBeVisible();
  const refused = await script.get('/api/v1/images');
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.code).toBe('invalid_api_key');
  await script.dispose();
});

test('the API reference renders the OpenAPI document with a curl example per operation', async ({ page }) => {
  // Script errors fail the test; the browser's own note on the visitor's 401 from /api/me does not.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/docs/api');
  await expect(page.getByRole('heading', { level: 1, name: 'API Reference' })).toBeVisible();
  for (const summary of [
    'Start a generation',
    'Read a generation',
    'List your images',
    'Read an image',
    'Fetch the original PNG',
    'Download in any format, size or variant',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: summary })).toBeVisible();
  }
  const examples = page.locator('figure pre');
  await expect(examples).toHaveCount(6);
  await expect(examples.first()).toContainText('curl -X POST');
  await expect(examples.first()).toContainText('/api/v1/generations');
  await expect(examples.first()).toContainText('Authorization: Bearer $CLIPSMITH_API_KEY');
  expect(await blockingViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});
