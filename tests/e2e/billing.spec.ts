import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, signUpInBrowser } from './support/members';

// Buying through the embedded test checkout (no Stripe key): credit packs, every plan, switching
// plans in the test portal, cancelling, the pricing page's states around it, and the success page
// for a visitor who is not signed in.

async function onTestCheckout(page: Page) {
  await expect(page).toHaveURL(/\/checkout\/test\/[^/]+$/);
  await expect(page.getByText('Test mode — no real payment')).toBeVisible();
}

test.describe('pricing page', () => {
  test('signed out: every paid plan is for sale, purchase buttons go to sign-in, Free to sign-up', async ({
    page,
  }) => {
    await page.goto('/pricing');
    await expect(page.getByText('Coming Soon')).toHaveCount(0);
    for (const name of ['Premium', 'Enterprise']) {
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
      await expect(card.getByRole('button', { name: `Subscribe to ${name}` })).toBeEnabled();
    }
    await expect(page.getByRole('link', { name: 'Start for free' })).toHaveAttribute('href', '/signup');

    await page.getByRole('button', { name: 'Subscribe to Basic' }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpricing$/);

    await page.goto('/pricing?tab=credits');
    await expect(page.getByText('$0.93 per credit')).toBeVisible();
    await expect(page.getByText('Credits never expire').first()).toBeVisible();
    await page.getByRole('button', { name: 'Buy Starter Pack' }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpricing%3Ftab%3Dcredits$/);
  });

  test('the landing page and the pricing page name the Basic button the same', async ({ page }) => {
    await page.goto('/');
    // The landing page's plans load when scrolled near.
    await page.getByRole('heading', { name: 'Simple pricing' }).scrollIntoViewIfNeeded();
    const landing = page.getByRole('link', { name: 'Subscribe to Basic' });
    await expect(landing).toBeVisible();
    await expect(page.getByText('Choose Basic')).toHaveCount(0);
    await landing.click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpricing$/);
  });

  test('a server without payments says purchases are unavailable and sells nothing', async ({ page }) => {
    // This test server sells; a server without payments writes payments "off" into every page and
    // serves /pricing rendered in the browser, not prerendered (http/spa.ts). Play that server.
    await page.route('**/api/meta', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), payments: 'off' } });
    });
    await page.route(/\/pricing$/, async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      // With a query the server answers the unrendered app shell.
      const response = await route.fetch({ url: `${route.request().url()}?shell` });
      const html = await response.text();
      expect(html).toMatch(/"payments":"test"/);
      await route.fulfill({ response, body: html.replace(/"payments":"test"/, '"payments":"off"') });
    });
    await signUpInBrowser(page, 'buyer');
    await page.goto('/pricing');
    await expect(page.getByRole('status').filter({ hasText: 'Purchases are unavailable' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscribe to Basic' })).toBeDisabled();
    await page.getByRole('tab', { name: 'Credit Packs' }).click();
    await expect(page.getByRole('button', { name: 'Buy Starter Pack' })).toBeDisabled();
  });

  test('a checkout that cannot start: Processing..., then a toast and the button back', async ({ page }) => {
    await signUpInBrowser(page, 'buyer');
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/billing/checkout', async (route) => {
      await held;
      await route.fulfill({
        status: 502,
        json: { error: { code: 'checkout_failed', message: 'Failed to create checkout session' } },
      });
    });
    await page.goto('/pricing');
    await page.getByRole('tab', { name: 'Credit Packs' }).click();
    await page.getByRole('button', { name: 'Buy Pro Pack' }).click();
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Buy Starter Pack' })).toBeDisabled();
    release();
    await expect(page.getByText('Failed to start checkout. Please try again.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy Pro Pack' })).toBeEnabled();
  });

  test('cancelling the test checkout comes back with a neutral note', async ({ page }) => {
    await signUpInBrowser(page, 'buyer');
    await page.goto('/pricing?tab=credits');
    await page.getByRole('button', { name: 'Buy Starter Pack' }).click();
    await onTestCheckout(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Checkout cancelled — nothing was charged')).toBeVisible();
    await expect(page).toHaveURL(/\/pricing$/);
    expect(await page.evaluate(async () => (await (await fetch('/api/me')).json()).credits)).toBe(0);
  });
});

test.describe('purchases', () => {
  test('Creator Pack through the test checkout: 14 credits, back to the generator', async ({ page }) => {
    await signUpInBrowser(page, 'buyer');
    await page.goto('/pricing?returnTo=%2Fcreate');
    await page.getByRole('tab', { name: 'Credit Packs' }).click();
    await page.getByRole('button', { name: 'Buy Creator Pack' }).click();
    await onTestCheckout(page);
    await expect(page.getByText('12 + 2 bonus (14 total)')).toBeVisible();
    await page.getByRole('button', { name: 'Pay $12.99 (test)' }).click();

    await expect(page).toHaveURL(/\/checkout\/success\?session_id=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your purchase');
    await expect(page.getByTestId('purchase-summary')).toHaveText('Creator Pack: 14 credits added');
    await expect(page.getByText('Your balance is now 14 credits.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the generator' })).toHaveAttribute(
      'href',
      '/create',
    );

    // Reloading the success page is harmless: the purchase is applied once.
    await page.reload();
    await expect(page.getByTestId('purchase-summary')).toHaveText('Creator Pack: 14 credits added');
    await expect(page.getByText('Your balance is now 14 credits.')).toBeVisible();

    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('membership-credits')).toContainText('14 credits');
  });

  test('Basic subscription: plan Basic with 30 images a month, current plan, billing portal', async ({
    page,
  }) => {
    // Sign-up, checkout, payment and several pages after: more than the default 30 s on a busy machine.
    test.slow();
    await signUpInBrowser(page, 'buyer');
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Subscribe to Basic' }).click();
    await onTestCheckout(page);
    await page.getByRole('button', { name: 'Pay $7.99 (test)' }).click();

    await expect(page).toHaveURL(/\/checkout\/success\?session_id=/);
    await expect(page.getByTestId('purchase-summary')).toHaveText('Basic plan activated');
    await expect(page.getByText(/30 images a month/)).toBeVisible();

    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page.getByTestId('membership-plan')).toContainText('Basic');
    await expect(page.getByTestId('membership-usage')).toHaveText(/0 of 30 monthly images used$/);

    await page.goto('/pricing');
    const basic = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Basic' }) });
    await expect(basic.getByRole('button', { name: 'Current plan' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');

    await page.goto('/settings');
    const billing = page.getByRole('region', { name: 'Billing' });
    await expect(billing.getByTestId('billing-current-plan')).toContainText('Basic');
    await expect(billing.getByTestId('billing-images-this-month')).toHaveText('0 of 30 monthly images used');

    // Deleting warns that the subscription ends with the account.
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page.getByTestId('delete-subscription-warning')).toContainText('Basic');
    await page.keyboard.press('Escape');

    await billing.getByRole('button', { name: 'Manage billing' }).click();
    await expect(page).toHaveURL(/\/checkout\/test\/portal$/);
    await expect(page.getByRole('heading', { name: 'Manage subscription' })).toBeVisible();
  });
});

test('Premium through the test checkout, then Enterprise and back in the test portal', async ({ page }) => {
  // Sign-up, checkout, payment and several pages after: more than the default 30 s on a busy machine.
  test.slow();
  await signUpInBrowser(page, 'buyer');
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Subscribe to Premium' }).click();
  await onTestCheckout(page);
  await page.getByRole('button', { name: 'Pay $12.99 (test)' }).click();
  await expect(page.getByTestId('purchase-summary')).toHaveText('Premium plan activated');
  await expect(page.getByText(/100 images a month/)).toBeVisible();
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page.getByTestId('membership-usage')).toHaveText(/0 of 100 monthly images used$/);

  // A subscriber switches plan after one confirmation rather than buying a second one.
  await page.goto('/pricing');
  const premium = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Premium' }) });
  await expect(premium.getByRole('button', { name: 'Current plan' })).toBeDisabled();
  await page.getByRole('button', { name: 'Switch to Enterprise' }).click();
  await page
    .getByRole('dialog', { name: 'Switch to Enterprise?' })
    .getByRole('button', { name: 'Switch to Enterprise' })
    .click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByTestId('membership-plan')).toContainText('Enterprise');
  await expect(page.getByTestId('membership-usage')).toHaveText(/0 images this month · Unlimited$/);

  await page.goto('/checkout/test/portal');
  await page.getByRole('button', { name: 'Switch to Basic ($7.99/month)' }).click();
  await expect(page.getByTestId('membership-plan')).toContainText('Basic');
  await expect(page.getByTestId('membership-usage')).toHaveText(/0 of 30 monthly images used$/);
});

test.describe('checkout success page', () => {
  test('a visitor who is not signed in is sent to sign in, then sees their purchase', async ({ page }) => {
    // Sign-up, checkout, payment and several pages after: more than the default 30 s on a busy machine.
    test.slow();
    const email = await signUpInBrowser(page, 'buyer');
    await page.goto('/pricing?tab=credits');
    await page.getByRole('button', { name: 'Buy Starter Pack' }).click();
    await onTestCheckout(page);
    await page.getByRole('button', { name: 'Pay $4.99 (test)' }).click();
    await expect(page).toHaveURL(/\/checkout\/success\?session_id=/);
    const successUrl = page.url();

    await page.context().clearCookies();
    await page.goto(successUrl);
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout%2Fsuccess/);
    await expect(page.getByText('Thank you for your purchase')).toHaveCount(0);
    await expect(page.getByText('Sign in to the account you paid with to see your purchase.')).toBeVisible();
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(page).toHaveURL(successUrl);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your purchase');
    await expect(page.getByTestId('purchase-summary')).toHaveText('Starter Pack: 5 credits added');
  });

  test('an unknown session is reported, not celebrated', async ({ page }) => {
    await signUpInBrowser(page, 'buyer');
    await page.goto('/checkout/success?session_id=cs_test_unknown');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Purchase not found');
    await expect(page.getByRole('link', { name: 'See pricing' })).toHaveAttribute('href', '/pricing');
  });
});
