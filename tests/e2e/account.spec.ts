import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { confirmInBrowser, waitForOutboxMail } from './mail';
import { PASSWORD, signUp, signUpInBrowser, uniqueEmail } from './support/members';

// Account flows in the browser: sign-up, sign-out and sign-in with redirectTo, profile settings
// (full name, the once-only username change), password reset through the dev outbox, and
// deleting the account.

/** A second member made through the API, with its own cookie jar (not the page's). */
async function signUpThroughApi(baseURL: string, email = uniqueEmail('api')): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  await signUp(api, baseURL, 'api', email);
  return api;
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(page: Page) {
  await page.getByTestId('user-menu-trigger').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test.describe('sign-up, sign-out and sign-in', () => {
  test('signing in before the e-mail link is clicked says so and sends a new link', async ({ page }) => {
    const email = uniqueEmail('pending');
    await page.goto('/signup');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('status')).toContainText(`We sent a message to ${email}`);
    // Running without a mail server: the page points at the development outbox.
    await expect(page.getByRole('link', { name: 'development outbox' })).toHaveAttribute('href', '/dev/mail');

    await page.getByRole('status').getByRole('link', { name: 'sign in' }).click();
    await signIn(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toContainText('Please confirm your e-mail address first');
    await expect(page).toHaveURL(/\/login$/);
    // The newest link (the one sign-in just sent) signs in and lands on the dashboard.
    await confirmInBrowser(page, email);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');

    // A broken or expired link says so and points to sign-in (which sends a fresh one).
    await signOut(page);
    await page.goto('/verify-email?token=not-a-real-token');
    await expect(page.getByRole('alert')).toContainText('This confirmation link is invalid or has expired');
  });

  test('sign up lands on the dashboard; sign in with redirectTo returns to /history', async ({ page }) => {
    const email = await signUpInBrowser(page, 'acct');
    await signOut(page);

    await page.goto('/login?redirectTo=%2Fhistory');
    // Sent by a members-only page: the form says why.
    await expect(page.getByText('Please sign in to view this page')).toBeVisible();
    await signIn(page, email, 'not the password');
    await expect(page.getByRole('alert')).toContainText(/invalid/i);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Generation History');
  });

  test('sign-up requires the terms and a matching confirmation; a taken e-mail gets the same answer as a new one', async ({
    page,
    baseURL,
  }) => {
    const taken = uniqueEmail('taken');
    await (await signUpThroughApi(baseURL!, taken)).dispose();

    await page.goto('/signup');
    await page.getByLabel('Email address').fill(taken);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Accept the terms to continue')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /I agree to the/ })).toBeFocused();

    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    // Sign-up never tells whether an address is registered: the page is the one a new address
    // gets, and the owner hears of the attempt by e-mail, with sign-in and reset links.
    await expect(page.getByRole('status')).toContainText(`We sent a message to ${taken}`);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page).toHaveURL(/\/signup$/);
    const note = await waitForOutboxMail(page.request, taken, 'sign-up-attempt');
    expect(note.text).toContain('/login');
    expect(note.text).toContain('/forgot-password');
  });
});

for (const width of [1280, 360]) {
  test(`sign-up at ${width} px: an empty form says under each field what that field needs`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create Account' }).click();

    const email = page.getByLabel('Email address');
    const password = page.getByLabel('Password', { exact: true });
    const confirm = page.getByLabel('Confirm password');
    const terms = page.getByRole('checkbox', { name: /I agree to the/ });
    // Each field carries its own message, read with it (aria-describedby) and shown next to it.
    await expect(email).toHaveAccessibleDescription('Enter your e-mail address');
    await expect(password).toHaveAccessibleDescription(
      'Choose a password of at least 8 characters At least 8 characters and hard to guess: a few unusual words together work well.',
    );
    await expect(confirm).toHaveAccessibleDescription('Type the same password again to confirm it');
    await expect(terms).toHaveAccessibleDescription('Accept the terms to continue');
    for (const field of [email, password, confirm, terms]) {
      await expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(page.getByText('Please fill in all fields')).toHaveCount(0);
    await expect(email).toBeFocused();

    // Each message sits under its own field, inside the form's width (no overflow at 360 px).
    const messages = [
      ['#signup-email', 'Enter your e-mail address'],
      ['#signup-confirm', 'Type the same password again to confirm it'],
      ['#signup-terms', 'Accept the terms to continue'],
    ] as const;
    for (const [control, text] of messages) {
      const message = page.getByText(text);
      await expect(message).toBeVisible();
      // Both boxes in one read: the page may still be scrolling to the first invalid field.
      const [below, field] = await page.evaluate(
        ([selector, wanted]) => {
          const input = document.querySelector(selector)!;
          const described = (input.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id))
            .find((el) => el?.textContent === wanted)!;
          const box = (el: Element) => {
            const { x, y, width, height } = el.getBoundingClientRect();
            return { x, y, width, height };
          };
          return [box(described), box(input)];
        },
        [control, text] as const,
      );
      expect(below.y).toBeGreaterThan(field.y);
      expect(below.y - (field.y + field.height)).toBeLessThan(48);
      expect(below.x + below.width).toBeLessThanOrEqual(width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // Fixing one field clears only its message.
    await email.fill('someone@example.com');
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Enter your e-mail address')).toHaveCount(0);
    await expect(page.getByText('Accept the terms to continue')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
}

test.describe('account settings', () => {
  test('a signed-out visitor is asked to sign in', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(page.getByText('Please sign in to view this page')).toBeVisible();
  });

  test('full name is required, saves with a toast and shows in the menu', async ({ page }) => {
    const email = await signUpInBrowser(page, 'acct');
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account Settings');
    await expect(page.getByRole('heading', { name: 'Profile Information' })).toBeVisible();

    const email_ = page.getByLabel('Email', { exact: true });
    await expect(email_).toHaveValue(email);
    await expect(email_).toHaveAttribute('readonly', '');
    await expect(page.getByText('Contact support to change your email address')).toBeVisible();

    const fullName = page.getByLabel('Display name');
    await fullName.fill('   ');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Display name is required')).toBeVisible();
    await expect(fullName).toHaveAttribute('aria-invalid', 'true');
    await expect(fullName).toBeFocused();

    await fullName.fill('Ada Lovelace');
    await expect(page.getByText('Display name is required')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await expect(page.getByTestId('user-menu-name')).toHaveText('Ada Lovelace');

    await page.reload();
    await expect(page.getByLabel('Display name')).toHaveValue('Ada Lovelace');
  });

  test('username: taken is shown inline and cleared on edit; it can change once', async ({
    page,
    baseURL,
  }) => {
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const takenName = `taken_${stamp}`;
    const other = await signUpThroughApi(baseURL!);
    const claimed = await other.patch('/api/me/profile', {
      data: { fullName: 'Someone Else', username: takenName },
    });
    expect(claimed.ok(), await claimed.text()).toBe(true);
    await other.dispose();

    await signUpInBrowser(page, 'acct');
    await page.goto('/settings');
    await page.getByLabel('Display name').fill('Grace Hopper');
    const username = page.getByLabel('Username');
    const starting = await username.inputValue();
    await expect(username).toHaveAttribute('readonly', '');
    await expect(page.getByText('Username can only be changed once')).toBeVisible();

    await page.getByRole('button', { name: 'Change username' }).click();
    await expect(username).not.toHaveAttribute('readonly', '');
    await expect(username).toBeFocused();
    // Compared lower-case: a different spelling of the same name is still taken. Kept as typed;
    // the confirmation names the lower-case name it will save.
    await username.fill(takenName.toUpperCase());
    await expect(username).toHaveValue(takenName.toUpperCase());
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Change to @${takenName}` })
      .click();
    await expect(page.getByText('Username is already taken')).toBeVisible();
    await expect(username).toHaveAttribute('aria-invalid', 'true');

    await username.press('End');
    await username.press('Backspace');
    await expect(page.getByText('Username is already taken')).toHaveCount(0);

    // Cancel puts the old name back and locks the field.
    await page.getByRole('button', { name: 'Cancel username change' }).click();
    await expect(username).toHaveValue(starting);
    await expect(username).toHaveAttribute('readonly', '');

    const wanted = `grace_${stamp}`;
    await page.getByRole('button', { name: 'Change username' }).click();
    await username.fill(wanted.toUpperCase());
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Change to @${wanted}` })
      .click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await expect(username).toHaveValue(wanted);
    await expect(username).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: 'Change username' })).toHaveCount(0);
    await expect(page.getByText('Your username has already been changed once')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Username')).toHaveValue(wanted);
    await expect(page.getByRole('button', { name: 'Change username' })).toHaveCount(0);
  });

  test('settings and the delete dialog pass axe at phone and desktop width', async ({ page }) => {
    // Four axe runs over a page that now also has the password section: past 30 s on a busy machine.
    test.slow();
    await signUpInBrowser(page, 'acct');
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/settings');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account Settings');
      await page.getByRole('button', { name: 'Save Changes' }).focus();
      await expectNoSeriousAxeViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: 'Delete Account' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.keyboard.press('Escape');
    }
  });

  test('billing: a free member is pointed to pricing', async ({ page }) => {
    await signUpInBrowser(page, 'acct');
    await page.goto('/settings');
    const billing = page.getByRole('region', { name: 'Billing' });
    await expect(billing.getByTestId('billing-current-plan')).toHaveText('Free');
    await expect(billing.getByTestId('billing-images-this-month')).toHaveText('0 of 3 monthly images used');
    await expect(billing.getByRole('button', { name: /Manage billing/ })).toHaveCount(0);
    await billing.getByRole('link', { name: 'See plans' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });
});

test.describe('password reset', () => {
  test('forgot password → link from the outbox → new password → sign in', async ({ page, baseURL }) => {
    const email = uniqueEmail('reset');
    await (await signUpThroughApi(baseURL!, email)).dispose();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Check your inbox')).toBeVisible();

    let link = '';
    await expect(async () => {
      const outbox = (await (await page.request.get('/dev/mail.json')).json()) as {
        messages: { to: string; text: string }[];
      };
      const mail = outbox.messages.find((m) => m.to === email);
      link = mail?.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0] ?? '';
      expect(link).not.toBe('');
    }).toPass({ timeout: 5000 });

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
    const newPassword = 'a brand new passphrase';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill('something else');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();

    // The link works once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('yet another passphrase');
    await page.getByLabel('Confirm new password').fill('yet another passphrase');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toContainText('invalid or has expired');

    await page.goto('/login');
    await signIn(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toBeVisible();
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a link to an address signed up for twice goes straight to choosing a password', async ({
    page,
    baseURL,
  }) => {
    // The owner signs up; before he confirms, a stranger signs up with his address and password.
    const email = uniqueEmail('twice');
    await page.goto('/signup');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Check your e-mail')).toBeVisible();
    await waitForOutboxMail(page.request, email, 'email-verification');
    const stranger = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    const strangersPassword = 'the stranger knows this';
    const strangersSignUp = await stranger.post('/api/auth/sign-up/email', {
      data: { email, password: strangersPassword },
    });
    expect(strangersSignUp.ok()).toBe(true);
    await stranger.dispose();
    let link = '';
    await expect(async () => {
      const outbox = (await (await page.request.get('/dev/mail.json')).json()) as {
        messages: { to: string; kind: string; text: string }[];
      };
      const links = outbox.messages.filter((m) => m.to === email && m.kind === 'email-verification');
      expect(links).toHaveLength(2);
      link = links[0].text.match(/https?:\/\/\S+\/verify-email\?token=\S+/)?.[0] ?? '';
    }).toPass({ timeout: 10_000 });

    // The owner follows the newest link in his mailbox: confirmed, and asked for a password.
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await expect(
      page.getByText(
        'This address was signed up for more than once before it was confirmed, so choose your password now.',
      ),
    ).toBeVisible();
    const newPassword = 'the owner chooses anew';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();

    await page.goto('/login');
    await signIn(page, email, strangersPassword);
    await expect(page.getByRole('alert')).toContainText(/invalid/i);
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a reset page without a token says the link is invalid', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByText('This reset link is invalid or has expired.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

test.describe('deleting the account', () => {
  test('needs the e-mail typed, lands on / and the old credentials stop working', async ({ page }) => {
    const email = await signUpInBrowser(page, 'acct');
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete Account' }).click();

    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(/type your email address/).fill('someone-else@example.com');
    await expect(confirm).toBeDisabled();

    // Escape keeps the account; the dialog starts empty next time.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expect(dialog.getByLabel(/type your email address/)).toHaveValue('');

    await dialog.getByLabel(/type your email address/).fill(email.toUpperCase());
    await expect(confirm).toBeEnabled();
    await confirm.click();

    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByText('Your account has been deleted')).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }),
    ).toBeVisible();

    await page.goto('/login');
    await signIn(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toContainText(/invalid/i);
    await expect(page).toHaveURL(/\/login$/);
  });
});
