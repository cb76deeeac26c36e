import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { avatarInitials } from '../../src/core/user';
import { blockingViolations } from './support/axe';
import { signUpInBrowser } from './support/members';

// The web app shell: routes and titles, protected-route redirects, navigation, toasts, first-load size.

const PUBLIC_PAGES: { path: string; heading: string | RegExp }[] = [
  { path: '/', heading: 'Transform your ideas into beautiful clipart' },
  { path: '/login', heading: 'Sign in to your account' },
  { path: '/signup', heading: 'Create a new account' },
  { path: '/pricing', heading: 'Pricing' },
  { path: '/how-it-works', heading: 'How It Works' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/contact', heading: 'Contact Us' },
  { path: '/about', heading: 'About Clipsmith' },
  { path: '/blog', heading: 'Clipsmith Blog' },
  { path: '/blog/classroom-stickers', heading: 'Making reward stickers for the classroom' },
  { path: '/faq', heading: 'Frequently Asked Questions' },
  { path: '/forgot-password', heading: 'Reset your password' },
  { path: '/reset-password', heading: 'Choose a new password' },
];

const PROTECTED_PAGES = ['/create', '/dashboard', '/history', '/settings'];

test.describe('routes', () => {
  for (const { path, heading } of PUBLIC_PAGES) {
    test(`${path} renders its heading and a title`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page).toHaveTitle(/Clipsmith/);
    });
  }

  for (const width of [1280, 360]) {
    test(`an unknown path says "Page not found" with ways on, as a 404 (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const response = await page.goto('/no/such/page?x=1');
      expect(response?.status()).toBe(404);
      await expect(page).toHaveURL(/\/no\/such\/page\?x=1$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
      await expect(page).toHaveTitle(/Page not found/);
      const ways = page.getByRole('navigation', { name: 'Ways on' });
      await expect(ways.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
      await expect(ways.getByRole('link', { name: 'See pricing' })).toBeVisible();
      expect(await blockingViolations(page)).toEqual([]);
    });
  }

  test('an unknown blog post says so', async ({ page }) => {
    await page.goto('/blog/nope');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post not found');
  });
});

test.describe('protected routes', () => {
  for (const path of PROTECTED_PAGES) {
    test(`${path} sends a signed-out visitor to /login with redirectTo (path and query kept)`, async ({
      page,
    }) => {
      await page.goto(`${path}?tab=a&n=2`);
      await expect(page).toHaveURL((url) => url.pathname === '/login');
      const url = new URL(page.url());
      expect(url.searchParams.get('redirectTo')).toBe(`${path}?tab=a&n=2`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your account');
    });
  }

  test('/explore carries from=/explore and the sign-in page explains why', async ({ page }) => {
    await page.goto('/explore');
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('from')).toBe('/explore');
    await expect(page.getByText('Please sign in to view the explore page')).toBeVisible();
  });

  test('the redirect replaces the history entry', async ({ page }) => {
    await page.goto('/about');
    await page.goto('/create');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcreate/);
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
  });

  test('signing in returns to the page that was asked for', async ({ page, context }) => {
    const email = await signUpInBrowser(page, 'shell');
    await page.getByTestId('user-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await context.clearCookies();

    await page.goto('/settings?section=profile');
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/settings\?section=profile$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account Settings');
  });

  test('the sign-in form asks for both fields', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please fill in all fields')).toBeVisible();
  });

  test('the sign-up form checks the passwords match', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Email address').fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByLabel('Confirm password').fill('something else entirely');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
  });
});

test.describe('navigation', () => {
  test('signed out: Log in and Sign up; Explore (members only) in neither the bar nor the phone menu', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Explore' })).toHaveCount(0);
  });

  test('signed in: Create Clipart and a user menu that closes on Escape and outside click', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const email = await signUpInBrowser(page, 'shell');
    const prefix = email.split('@')[0];
    const { user } = (await (await page.request.get('/api/me')).json()) as { user: { username: string } };
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Create Clipart' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Explore' })).toBeVisible();
    const trigger = page.getByTestId('user-menu-trigger');
    // Named by the neutral starting username until a name is chosen: never by the e-mail.
    await expect(trigger).toContainText(user.username);
    await expect(trigger).not.toContainText(prefix);
    await expect(page.getByTestId('user-avatar-initials').first()).toHaveText(avatarInitials(user.username));

    await trigger.click();
    await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'History' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Account Settings' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);

    await trigger.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.mouse.click(20, 400);
    await expect(page.getByRole('menu')).toHaveCount(0);

    await trigger.click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
  });

  test('the mobile menu opens, is keyboard usable and closes', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByTestId('mobile-menu');
    await expect(menu).toBeHidden();

    // The landing page is prerendered: the toggle is live (enabled) once React has taken over.
    await expect(toggle).toBeEnabled();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    // The same rule as the desktop bar: Explore asks a visitor to sign in, so it is not offered.
    await expect(menu.getByRole('link', { name: 'Explore' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Log in' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(menu).toBeHidden();
  });

  test('no horizontal scroll on a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const { path } of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });

  test('the footer links every page and shows the current year', async ({ page }) => {
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    for (const href of [
      '/create',
      '/pricing',
      '/how-it-works',
      '/faq',
      '/contact',
      '/about',
      '/privacy',
      '/terms',
      '/blog',
    ]) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Clipsmith`);
  });
});

test.describe('landing page', () => {
  test('hero, samples with sizes, honest model line, pricing tabs', async ({ page }) => {
    await page.goto('/');
    // A visitor starts by signing up (the generator would only ask them to sign in).
    await expect(page.getByRole('link', { name: 'Start Creating' })).toHaveAttribute('href', '/signup');
    await expect(page.getByTestId('powered-by')).toHaveText(
      /Works offline with the built-in clipart composer|Powered by /,
    );
    const samples = page.locator('main ul img');
    await expect(samples).toHaveCount(4);
    for (const img of await samples.all()) {
      await expect(img).toHaveAttribute('width', '512');
      await expect(img).toHaveAttribute('height', '512');
    }
    await page.getByRole('heading', { name: 'Simple pricing' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('tab', { name: 'Subscriptions' })).toBeVisible();
    await expect(page.getByText('$7.99')).toBeVisible();
    await page.getByRole('tab', { name: 'Credit Packs' }).click();
    await expect(page.getByRole('heading', { name: 'Creator Pack' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get started for free' })).toHaveAttribute('href', '/signup');
  });

  test('each screen fetches the sample copy its pictures need, and only that one', async ({
    browser,
    baseURL,
  }) => {
    // Lighthouse's phone, a 3× phone, a desktop: the picture's width in device pixels picks the copy.
    for (const { width, scale, copy } of [
      { width: 412, scale: 1.75, copy: 320 },
      { width: 390, scale: 3, copy: 512 },
      { width: 1280, scale: 1, copy: 256 },
    ]) {
      const context = await browser.newContext({
        baseURL,
        viewport: { width, height: 823 },
        deviceScaleFactor: scale,
      });
      const page = await context.newPage();
      const fetched: string[] = [];
      page.on('request', (request) => {
        const name = /\/samples\/(sample-1-\d+\.(?:avif|webp))$/.exec(request.url())?.[1];
        if (name) fetched.push(name);
      });
      await page.goto('/', { waitUntil: 'networkidle' });
      const first = page.locator('main ul img').first();
      const shown = await first.evaluate((img: HTMLImageElement) => ({
        src: img.currentSrc,
        // The picture's own width in device pixels (inside the card's padding).
        needed: (img.clientWidth - 16) * window.devicePixelRatio,
      }));
      expect(shown.src, `${width}@${scale}`).toMatch(new RegExp(`/sample-1-${copy}\\.avif$`));
      expect(copy, `${width}@${scale}`).toBeGreaterThanOrEqual(shown.needed);
      // One download: the AVIF copy this browser can show, never the WebP beside it too.
      expect(fetched, `${width}@${scale}`).toEqual([`sample-1-${copy}.avif`]);
      await context.close();
    }
  });

  test('every sample copy the page offers is served, AVIF and the WebP fallback alike', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const offered = await page.locator('main ul picture').evaluateAll((pictures) =>
      pictures.map((picture) => ({
        avif: picture.querySelector('source[type="image/avif"]')?.getAttribute('srcset') ?? '',
        webp: picture.querySelector('img')?.getAttribute('srcset') ?? '',
      })),
    );
    expect(offered).toHaveLength(4);
    for (const picture of offered) {
      for (const [format, srcset] of Object.entries(picture)) {
        const urls = srcset.split(',').map((candidate) => candidate.trim().split(' ')[0]);
        expect(urls, srcset).toHaveLength(3);
        for (const url of urls) {
          const res = await request.get(url);
          expect(res.status(), url).toBe(200);
          expect(res.headers()['content-type'], url).toBe(`image/${format}`);
        }
      }
    }
  });

  test('loads at most 120 KB of gzipped JavaScript before interaction', async ({ page }) => {
    const sizes = new Map<string, number>();
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return;
      const body = await response.body().catch(() => null);
      if (body) sizes.set(response.url(), gzipSync(body).length);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
    expect(total / 1024, [...sizes.keys()].join('\n')).toBeLessThanOrEqual(120);
  });
});

test.describe('toasts', () => {
  test('appear at the top centre', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/contact');
    await page.getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace');
    await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('Hello! Could you add a steampunk theme, please?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();

    const toast = page.locator('[role="status"][aria-live="polite"]', { hasText: 'Message sent' });
    await expect(toast).toBeVisible();
    // The bar around the message (icon + text) is what sits centred.
    const box = (await toast.locator('..').boundingBox())!;
    expect(Math.abs(box.x + box.width / 2 - 640)).toBeLessThan(4);
    expect(box.y).toBeLessThan(150);
  });

  test('the contact form shows errors next to its fields', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter your name')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused();
  });
});
