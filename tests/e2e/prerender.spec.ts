import { expect, type Page, test } from '@playwright/test';
import { signUp } from './support/members';

// The public pages the build prerenders (src/web/prerender.tsx): their HTML already holds the page,
// and the browser takes it over (hydration) without an error or a warning, for a visitor and for a
// member, whose header then shows the signed-in links.

const PRERENDERED: { path: string; heading: string }[] = [
  { path: '/', heading: 'Transform your ideas into beautiful clipart' },
  { path: '/pricing', heading: 'Pricing' },
  { path: '/how-it-works', heading: 'How It Works' },
  { path: '/faq', heading: 'Frequently Asked Questions' },
  { path: '/about', heading: 'About Clipsmith' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/blog', heading: 'Clipsmith Blog' },
  { path: '/blog/classroom-stickers', heading: 'Making reward stickers for the classroom' },
  { path: '/contact', heading: 'Contact Us' },
  { path: '/login', heading: 'Sign in to your account' },
  { path: '/signup', heading: 'Create a new account' },
  { path: '/forgot-password', heading: 'Reset your password' },
];

/** Every console message of the error or warning kind, and uncaught errors (React's hydration errors among them). */
function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  const where = () => new URL(page.url()).pathname;
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      messages.push(`${where()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`${where()}: ${error.message}`));
  return messages;
}

/** The footer's year is added once React has taken the page over: the sign that hydration ended. */
async function hydrated(page: Page) {
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Clipsmith`);
}

test('the HTML of each prerendered page holds its heading and title before any script runs', async ({
  request,
}) => {
  for (const { path, heading } of PRERENDERED) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['cache-control'], path).toBe('no-cache');
    const html = await res.text();
    const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1].replace(/<[^>]+>/g, '');
    expect(h1, path).toBe(heading);
    expect(html, path).toMatch(/<title>[^<]*Clipsmith[^<]*<\/title>/);
  }
  // With a query string the page may show something else (a tab, a notice): the app renders it.
  const withQuery = await (await request.get('/pricing?tab=credits')).text();
  expect(withQuery).toContain('<div id="root"></div>');
});

test('a visitor: every prerendered page hydrates without a console error or warning', async ({ page }) => {
  const messages = watchConsole(page);
  for (const { path, heading } of PRERENDERED) {
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('link', { name: 'Sign up' }).first()).toBeVisible();
  }
  expect(messages).toEqual([]);
});

test('a member: the prerendered visitor view hydrates, then shows the signed-in header, without a console error', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page.request, baseURL!, 'prerender');
  const messages = watchConsole(page);
  for (const path of ['/', '/pricing', '/about', '/blog/classroom-stickers']) {
    await page.goto(path);
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Create Clipart' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  }
  // The pricing page's Free card leads a member to the dashboard once it knows who is signed in.
  await page.goto('/pricing');
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  // A signed-in member is sent on from the sign-up page, as before.
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(messages).toEqual([]);
});

test('before the app runs, a prerendered form shows but takes no input and cannot be sent', async ({
  page,
}) => {
  // No script loads: the page stays the prerendered HTML.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create a new account');
  await expect(page.getByLabel('Email address')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeDisabled();
  await page.goto('/contact');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeDisabled();
});
