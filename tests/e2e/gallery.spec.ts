import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { buy, finishGeneration, generate, signUp, startGeneration } from './support/members';

// Explore gallery, history and the public share page, against images made by the default
// (offline) provider. Prompts carry a per-run word so searches only see this run's images, even
// when other specs share the server.

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** Search word on the three public showcase images and the private one. */
const TAG = `g${RUN}`;
/** A different word for the history fillers, so searching for TAG never finds them. */
const FILLER = `h${RUN}`;
const SHOWCASE = [`happy cat ${TAG}`, `red robot ${TAG}`, `rocket ship ${TAG}`];
/** Longer than the 30 characters the history overlay shows. */
const SECRET = `secret owl guarding a treasure chest ${TAG}`;
const FILLER_COUNT = 13;

let baseURL = '';
let ownerContext: BrowserContext;
/** The owner's e-mail before the @: it must never show to anyone else. */
let ownerPrefix = '';
/** The username the owner chooses: what Explore and the share page show as the author. */
const OWNER_NAME = `maker_${RUN}`.slice(0, 30);
const ids: Record<string, string> = {};
const fillerIds: string[] = [];

function origin() {
  return { origin: baseURL };
}

/** Unexpected console errors fail the test; a 404 answer the page expects is not one. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function signedInPage(page: Page, label: string): Promise<string> {
  const email = await signUp(page.request, baseURL, label);
  return email.split('@')[0];
}

function galleryCards(page: Page) {
  return page.getByRole('list', { name: 'Public images' }).getByRole('listitem');
}

function historyTiles(page: Page) {
  return page.getByRole('list', { name: /^Your images/ }).getByRole('button');
}

test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  baseURL = testInfo.project.use.baseURL ?? `http://localhost:${process.env.E2E_PORT ?? 4173}`;
  ownerContext = await browser.newContext({ baseURL });
  const request = ownerContext.request;
  ownerPrefix = (await signUp(request, baseURL, 'owner')).split('@')[0];
  const profile = await request.patch('/api/me/profile', {
    data: { fullName: 'Owner Person', username: OWNER_NAME },
    headers: origin(),
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  // The embedded test checkout: a Basic plan makes private images free and allows 30 a month.
  await buy(request, baseURL, 'plan', 'basic');

  // Showcase one by one, so "newest" and "oldest" have a known order; the rest in parallel.
  for (const prompt of SHOWCASE) ids[prompt] = await generate(request, baseURL, prompt);
  ids[SECRET] = await generate(request, baseURL, SECRET, { privacy: 'private' });
  // Four at a time: a Basic member may have at most 8 pictures waiting or being made.
  for (let start = 0; start < FILLER_COUNT; start += 4) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(4, FILLER_COUNT - start) }, (_, i) =>
        startGeneration(request, baseURL, `sunflower ${start + i + 1} ${FILLER}`),
      ),
    );
    for (const id of batch) fillerIds.push(await finishGeneration(request, id));
  }
});

test.afterAll(async () => {
  await ownerContext?.close();
});

test.describe('explore gallery', () => {
  test('shows public images with prompt, owner and date, never the private one', async ({ page }) => {
    const errors = watchConsole(page);
    await signedInPage(page, 'viewer');
    await page.goto(`/explore?q=${TAG}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Explore Gallery');
    await expect(galleryCards(page)).toHaveCount(3);
    for (const prompt of SHOWCASE) await expect(page.getByRole('button', { name: prompt })).toBeVisible();
    await expect(page.getByText(SECRET)).toHaveCount(0);

    const first = galleryCards(page).first();
    // The owner's chosen display name is the one name shown (issue 37).
    await expect(first).toContainText('Owner Person');
    await expect(page.locator('body')).not.toContainText(ownerPrefix);
    await expect(first.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    const img = first.getByRole('img');
    await expect(img).toHaveAttribute('loading', 'lazy');
    await expect(img).toHaveAttribute('width', '512');
    await expect(img).toHaveAttribute('height', '512');
    await expect(img).toHaveAttribute('src', /\/thumb\.webp$/);
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    expect(errors).toEqual([]);
  });

  test('search narrows the grid and lives in the URL; sort switches order', async ({ page }) => {
    await signedInPage(page, 'searcher');
    await page.goto(`/explore?q=${TAG}`);
    await expect(galleryCards(page)).toHaveCount(3);
    // Newest first: the last showcase image made comes first.
    await expect(galleryCards(page).first()).toContainText(SHOWCASE[2]);

    await page.getByLabel('Sort by').selectOption('oldest');
    await expect(page).toHaveURL(/sort=oldest/);
    await expect(galleryCards(page).first()).toContainText(SHOWCASE[0]);

    const search = page.getByRole('searchbox', { name: 'Search prompts' });
    await search.fill(`robot ${TAG}`);
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === `robot ${TAG}`);
    await expect(galleryCards(page)).toHaveCount(1);
    await expect(galleryCards(page).first()).toContainText(SHOWCASE[1]);

    // Reload keeps the search and the sort.
    await page.reload();
    await expect(search).toHaveValue(`robot ${TAG}`);
    await expect(page.getByLabel('Sort by')).toHaveValue('oldest');
    await expect(galleryCards(page)).toHaveCount(1);

    await search.fill(`nothing${RUN}`);
    await expect(page.getByText('No images found')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).first().click();
    await expect(page).toHaveURL((url) => !url.searchParams.has('q'));
  });

  test('more pages load as the visitor scrolls', async ({ page }) => {
    await signedInPage(page, 'scroller');
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto(`/explore?q=${TAG}&limit=1`);
    await expect(galleryCards(page).first()).toBeVisible();
    await expect(async () => {
      await page.mouse.wheel(0, 2000);
      await expect(galleryCards(page)).toHaveCount(3, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByText("You've reached the end of the gallery.")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  });

  test("'Load more' fetches the next page without infinite scroll", async ({ page }) => {
    // The button is the fallback when scrolling cannot trigger loading.
    await page.addInitScript(() => Reflect.deleteProperty(window, 'IntersectionObserver'));
    await signedInPage(page, 'clicker');
    await page.goto(`/explore?q=${TAG}&limit=2`);
    await expect(galleryCards(page)).toHaveCount(2);
    const loadMore = page.getByRole('button', { name: 'Load more' });
    await loadMore.click();
    await expect(galleryCards(page)).toHaveCount(3);
    await expect(loadMore).toHaveCount(0);
    await expect(page.getByText("You've reached the end of the gallery.")).toBeVisible();
  });

  test('a slow, failing first load shows skeletons and retries before any error', async ({ page }) => {
    await signedInPage(page, 'patient');
    let calls = 0;
    // The first answer comes late and fails, the second fails at once, the third gets through.
    await page.route(/\/api\/gallery\?/, async (route) => {
      calls++;
      if (calls <= 2) {
        if (calls === 1) await new Promise((resolve) => setTimeout(resolve, 1500));
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'unavailable', message: 'Service unavailable' } }),
        });
      }
      return route.continue();
    });
    await page.goto(`/explore?q=${TAG}`);
    await expect(page.getByTestId('gallery-loading')).toBeVisible();
    await expect(page.getByText(/Page \d+ of \d+/)).toHaveCount(0);
    await expect(page.getByTestId('gallery-retrying')).toHaveText('Taking longer than usual. Trying again…');
    await expect(galleryCards(page)).toHaveCount(3, { timeout: 15_000 });
    expect(calls).toBe(3);
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
  });

  test('a first load that keeps failing says so after its retries; Try again recovers', async ({ page }) => {
    test.slow();
    await signedInPage(page, 'unlucky');
    let calls = 0;
    let failing = true;
    await page.route(/\/api\/gallery\?/, (route) => {
      calls++;
      if (!failing) return route.continue();
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'unavailable', message: 'Service unavailable' } }),
      });
    });
    const started = Date.now();
    await page.goto(`/explore?q=${TAG}`);
    await expect(page.getByTestId('gallery-retrying')).toBeVisible();
    await expect(page.getByText('Something went wrong')).toBeVisible({ timeout: 20_000 });
    // Four attempts with back-off (1 s, 2 s, 4 s) before the error, not one.
    expect(calls).toBe(4);
    expect(Date.now() - started).toBeGreaterThan(6_000);
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(galleryCards(page)).toHaveCount(3);
  });

  test('a card opens the large view with the prompt and Download', async ({ page }) => {
    await signedInPage(page, 'looker');
    await page.goto(`/explore?q=${SHOWCASE[0].replace(/ /g, '+')}`);
    await page.getByRole('button', { name: SHOWCASE[0] }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: SHOWCASE[0] })).toBeVisible();
    const download = dialog.getByRole('link', { name: /Download/ });
    await expect(download).toHaveAttribute('href', new RegExp(`/images/${ids[SHOWCASE[0]]}/download`));
    await expect(dialog.getByRole('img', { name: SHOWCASE[0] })).toHaveAttribute('src', /\.png$/);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });
});

test.describe('history', () => {
  test('pages through the member’s images with ?page= in the URL', async () => {
    const page = await ownerContext.newPage();
    const errors = watchConsole(page);
    await page.goto('/history');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Generation History');
    await expect(page.getByText('Page 1 of 2').first()).toBeVisible();
    await expect(historyTiles(page)).toHaveCount(15);
    const previous = page.getByRole('button', { name: 'Previous' });
    const next = page.getByRole('button', { name: 'Next' });
    await expect(previous).toBeDisabled();

    await next.click();
    await expect(page).toHaveURL(/\/history\?page=2$/);
    await expect(page.getByText('Page 2 of 2').first()).toBeVisible();
    await expect(historyTiles(page)).toHaveCount(2);
    await expect(next).toBeDisabled();
    // Oldest last: the first showcase image is on the last page.
    await expect(page.getByRole('button', { name: new RegExp(SHOWCASE[0]) })).toBeVisible();

    await page.reload();
    await expect(page.getByText('Page 2 of 2').first()).toBeVisible();
    await page.goBack();
    await expect(page.getByText('Page 1 of 2').first()).toBeVisible();
    await expect(historyTiles(page)).toHaveCount(15);

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('shows skeleton tiles while the first page loads, then the pictures', async () => {
    const page = await ownerContext.newPage();
    // Hold the first page's answer until the skeletons have been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/api\/history(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/history');
    const loading = page.getByTestId('history-loading');
    await expect(loading).toBeVisible();
    await expect(loading.getByRole('listitem', { includeHidden: true })).toHaveCount(8);
    await expect(loading.locator('li').first()).toBeVisible();
    await expect(page.getByText(/Page \d+ of \d+/)).toHaveCount(0);
    await expect(historyTiles(page)).toHaveCount(0);

    release();
    await expect(historyTiles(page)).toHaveCount(15);
    await expect(loading).toHaveCount(0);
    await expect(page.getByText('Page 1 of 2').first()).toBeVisible();
    await page.close();
  });

  test('hover and focus show privacy, the cut prompt and Click to view', async () => {
    const page = await ownerContext.newPage();
    await page.goto('/history');
    const tile = page.getByRole('button', { name: new RegExp(SECRET) });
    await tile.hover();
    const overlay = tile.locator('span[aria-hidden="true"]').last();
    await expect(overlay).toHaveCSS('opacity', '1');
    await expect(overlay).toContainText('Private');
    await expect(overlay).toContainText(`${SECRET.slice(0, 30)}...`);
    await expect(overlay).not.toContainText(SECRET);
    await expect(overlay).toContainText('Click to view');
    await page.mouse.move(0, 0);
    await expect(overlay).toHaveCSS('opacity', '0');
    await tile.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(overlay).toHaveCSS('opacity', '1');
    await page.close();
  });

  test('on a phone the prompt is written under each picture; on a desktop it waits for hover', async ({
    browser,
  }) => {
    const phone = await browser.newContext({
      baseURL,
      viewport: { width: 360, height: 800 },
      hasTouch: true,
      storageState: await ownerContext.storageState(),
    });
    const page = await phone.newPage();
    await page.goto('/history');
    const caption = page
      .getByRole('list', { name: /^Your images/ })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: new RegExp(SECRET) }) })
      .getByTestId('history-prompt');
    // The whole prompt, in view without hovering, below the picture (not over it).
    await expect(caption).toBeVisible();
    await expect(caption).toHaveText(SECRET);
    const tileBox = (await page.getByRole('button', { name: new RegExp(SECRET) }).boundingBox())!;
    const captionBox = (await caption.boundingBox())!;
    expect(captionBox.y).toBeGreaterThanOrEqual(tileBox.y + tileBox.height);
    await expect(page.getByTestId('history-prompt')).toHaveCount(15);
    await phone.close();

    const desktop = await ownerContext.newPage();
    await desktop.setViewportSize({ width: 1280, height: 800 });
    await desktop.goto('/history');
    await expect(historyTiles(desktop)).toHaveCount(15);
    await expect(desktop.getByTestId('history-prompt').first()).toBeHidden();
    await desktop.close();
  });

  test('the preview changes privacy and deletes after confirmation', async () => {
    const page = await ownerContext.newPage();
    await page.goto('/history');
    await page.getByRole('button', { name: new RegExp(SECRET) }).click();
    const dialog = page.getByTestId('image-preview-dialog');
    await expect(dialog.getByRole('heading', { name: SECRET })).toBeVisible();
    await expect(dialog.getByText('Private', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('link', { name: /Download/ })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Copy image link' })).toBeVisible();

    await dialog.getByRole('button', { name: 'Make public' }).click();
    await expect(dialog.getByText('Public', { exact: true })).toBeVisible();
    // Generated private on the Basic plan: its privacy is paid for, so switching back is free.
    await expect(dialog.getByText(/its privacy is already paid for/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Make private' }).click();
    await expect(dialog.getByText('Private', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // Delete one of the fillers: Cancel keeps it, Delete removes it.
    await page.goto('/history');
    await expect(page.getByText('17 images')).toBeVisible();
    await historyTiles(page).first().click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByRole('heading', { name: 'Delete this image?' })).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(dialog).toBeVisible();

    const prompt = (await dialog.getByRole('heading').first().textContent()) ?? '';
    expect(prompt).toContain(FILLER);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete image' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText('Image deleted')).toBeVisible();
    await expect(page.getByText('16 images')).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(prompt) })).toHaveCount(0);
    await page.close();
  });

  test('making an image private without a plan or credit shows the 402 message', async ({ page }) => {
    await signedInPage(page, 'free');
    await generate(page.request, baseURL, `lonely tree ${FILLER}`);
    await page.goto('/history');
    await expect(page.getByText('Page 1 of 1').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await historyTiles(page).first().click();
    const dialog = page.getByTestId('image-preview-dialog');
    await dialog.getByRole('button', { name: 'Make private' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Making this picture private uses 1 credit, and you have none. Buy credits or choose a plan, then try again.',
    );
    await expect(dialog.getByText('Public', { exact: true })).toBeVisible();
  });

  test('a member with no images sees the empty state', async ({ page }) => {
    await signedInPage(page, 'empty');
    await page.goto('/history');
    await expect(page.getByText("You haven't generated any clipart yet.")).toBeVisible();
    await page.getByRole('link', { name: 'Create your first clipart' }).click();
    await expect(page).toHaveURL(/\/create$/);
  });
});

test.describe('share page', () => {
  test('opens signed out with the image, prompt, owner and Download', async ({ browser }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const id = ids[SHOWCASE[1]];
    const response = await page.goto(`/i/${id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SHOWCASE[1]);
    await expect(page).toHaveTitle(new RegExp(SHOWCASE[1]));
    await expect(page.getByText('Owner Person')).toBeVisible();
    await expect(page.locator('body')).not.toContainText(ownerPrefix);
    expect(await page.content()).not.toContain(ownerPrefix);
    const img = page.getByRole('img', { name: SHOWCASE[1] });
    await expect(img).toHaveAttribute('width', '1024');
    await expect(img).toHaveAttribute('height', '1024');
    await expect(page.getByRole('link', { name: /Download/ })).toHaveAttribute(
      'href',
      new RegExp(`/images/${id}/download`),
    );
    const download = await page.request.get(`/images/${id}/download`);
    expect(download.status()).toBe(200);
    await page.getByRole('link', { name: 'Create your own' }).click();
    // A visitor is sent to sign up (issue 37), not to sign in.
    await expect(page).toHaveURL(/\/signup/);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a private or unknown id shows the not-found page', async ({ browser }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    for (const id of [ids[SECRET], '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await page.goto(`/i/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'This picture is private or no longer exists',
      );
      await expect(page.getByText(SECRET)).toHaveCount(0);
    }
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await context.close();
  });
});

test.describe('accessibility', () => {
  for (const width of [360, 1280]) {
    test(`gallery pages have no serious axe violations at ${width} px`, async ({ browser }) => {
      const context = await browser.newContext({ baseURL, viewport: { width, height: 800 } });
      await context.addCookies(await ownerContext.cookies());
      const page = await context.newPage();
      for (const [path, ready] of [
        [`/explore?q=${TAG}`, () => expect(galleryCards(page)).toHaveCount(3)],
        ['/history', () => expect(historyTiles(page)).toHaveCount(15)],
        [`/i/${ids[SHOWCASE[0]]}`, () => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
      ] as const) {
        await page.goto(path);
        await ready();
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
          .analyze();
        const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(
          blocking.map(
            (v) => `${path} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
          ),
        ).toEqual([]);
      }
      await context.close();
    });
  }
});
