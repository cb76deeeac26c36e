import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { TEAM_MESSAGES } from '../../src/core/messages';
import { TEAM_SEATS } from '../../src/core/tiers';
import { confirmationPath } from './mail';
import { blockingViolations } from './support/axe';
import { buy, PASSWORD, signUp, uniqueEmail } from './support/members';

// Team management (issue 33): an Enterprise owner invites a colleague from Settings → Team, the
// colleague opens the link of the invitation mail, signs up with the invited address and comes back to
// join, then works on "Enterprise via <team>"; the owner removes them after a confirmation; a member
// leaves on their own; below Enterprise the page says where teams come from.

/** The /team/join?token=… path of the newest invitation mailed to `email` (the dev outbox). */
async function invitationPath(request: APIRequestContext, email: string): Promise<string> {
  let path = '';
  await expect
    .poll(
      async () => {
        const { messages } = (await (await request.get('/dev/mail.json')).json()) as {
          messages: { to: string; text: string }[];
        };
        const link = messages
          .filter((m) => m.to === email.toLowerCase())
          .map((m) => /https?:\/\/\S+\/team\/join\?token=[^\s)>"]+/.exec(m.text)?.[0])
          .find(Boolean);
        if (link) {
          const url = new URL(link);
          path = `${url.pathname}${url.search}`;
        }
        return path;
      },
      { message: `an invitation mail to ${email}`, timeout: 10_000 },
    )
    .not.toBe('');
  return path;
}

/** An Enterprise owner, signed in on `page`; returns their address. */
async function enterpriseOwner(page: Page, baseURL: string): Promise<string> {
  const email = await signUp(page.request, baseURL, 'team-owner');
  await buy(page.request, baseURL, 'plan', 'enterprise');
  return email;
}

async function teamName(request: APIRequestContext): Promise<string> {
  const { team } = (await (await request.get('/api/team')).json()) as { team: { name: string } | null };
  expect(team).not.toBeNull();
  return team!.name;
}

async function invite(request: APIRequestContext, baseURL: string, email: string) {
  const response = await request.post('/api/team/invitations', {
    data: { email },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function newPage(browser: Browser, baseURL: string, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 800 } });
  return context.newPage();
}

async function noBlockingViolations(page: Page) {
  expect(await blockingViolations(page)).toEqual([]);
}

for (const width of [1280, 360]) {
  test(`at ${width} px: the owner invites, the invitee signs up from the mail and joins, the owner removes them`, async ({
    page,
    browser,
    baseURL,
  }) => {
    // Two sign-ups, a checkout, two mails and five axe runs: minutes on a busy 2-core machine.
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 800 });
    await enterpriseOwner(page, baseURL!);

    await page.goto('/settings');
    await page.getByRole('link', { name: 'Manage team' }).click();
    await expect(page).toHaveURL(/\/settings\/team$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    await expect(page.getByTestId('team-seats')).toHaveText(`1 of ${TEAM_SEATS} seats`);

    // The field says what is wrong with the address before anything is sent.
    const field = page.getByLabel("Colleague's e-mail address");
    await field.fill('not-an-email');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/Please enter a valid email address/);
    await expect(field).toBeFocused();

    const invitee = uniqueEmail('team-invitee');
    await field.fill(invitee);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const pending = page.getByRole('list', { name: 'Pending invitations' });
    await expect(pending.getByText(invitee)).toBeVisible();
    await expect(field).toHaveValue('');
    await expect(page.getByTestId('team-seats')).toHaveText(`2 of ${TEAM_SEATS} seats`);
    const name = await teamName(page.request);
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await noBlockingViolations(page);

    // The same address twice: the field points to Resend, which mails a fresh link.
    await field.fill(invitee);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/is already invited: use Resend/);
    await expect(pending.getByText(invitee)).toHaveCount(1);
    await pending.getByRole('button', { name: `Resend the invitation to ${invitee}` }).click();
    await expect(page.getByText(`A new invitation is on its way to ${invitee}`)).toBeVisible();
    await expect(pending.getByText(invitee)).toHaveCount(1);

    // The invitee, in a browser of their own, opens the mail's link signed out.
    const guest = await newPage(browser, baseURL!, width);
    await guest.goto(await invitationPath(page.request, invitee));
    await expect(guest.getByRole('heading', { level: 1, name: 'Join a team' })).toBeVisible();
    await noBlockingViolations(guest);
    await guest.getByRole('link', { name: 'Create an account' }).click();
    await expect(guest).toHaveURL(/\/signup\?redirectTo=/);
    await expect(
      guest.getByText(/Sign up with the e-mail address your team invitation was sent to/),
    ).toBeVisible();
    await guest.getByLabel('Email address').fill(invitee);
    await guest.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await guest.getByLabel('Confirm password').fill(PASSWORD);
    await guest.getByRole('checkbox', { name: /I agree to the/ }).check();
    await guest.getByRole('button', { name: 'Create Account' }).click();
    await expect(guest.getByText('Check your e-mail')).toBeVisible();

    // The confirmation link signs them in and comes back to the invitation, which joins.
    await guest.goto(await confirmationPath(guest.request, invitee));
    await expect(guest.getByRole('heading', { level: 1, name: `You joined ${name}` })).toBeVisible();
    await expect(guest).toHaveURL(/\/team\/join\?token=/);
    await noBlockingViolations(guest);
    await guest.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(guest.getByTestId('membership-plan')).toContainText(`Enterprise via ${name}`);
    await guest.goto('/settings');
    await expect(guest.getByTestId('billing-current-plan')).toContainText(`Enterprise via ${name}`);

    // The owner sees them on the team, and removes them after saying so in a dialog.
    await page.reload();
    const members = page.getByRole('list', { name: 'Team members' });
    await expect(members.getByText(invitee)).toBeVisible();
    await expect(pending.getByText(invitee)).toHaveCount(0);
    await expect(page.getByTestId('team-seats')).toHaveText(`2 of ${TEAM_SEATS} seats`);
    await members.getByRole('button', { name: /^Remove / }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`from ${name}?`);
    await noBlockingViolations(page);
    // Keeping them changes nothing.
    await dialog.getByRole('button', { name: 'Keep them' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(members.getByText(invitee)).toBeVisible();
    await members.getByRole('button', { name: /^Remove / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove member' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(members.getByText(invitee)).toHaveCount(0);
    await expect(page.getByTestId('team-seats')).toHaveText(`1 of ${TEAM_SEATS} seats`);

    // Back on their own plan at once.
    await guest.goto('/dashboard');
    await expect(guest.getByTestId('membership-plan')).toContainText('Free');
    await expect(guest.getByTestId('membership-plan')).not.toContainText('via');
    await guest.context().close();
  });
}

test('a member joins while signed in, sees the owner, and leaves after confirming; the link then works no more', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await enterpriseOwner(page, baseURL!);
  const colleague = uniqueEmail('team-member');
  await invite(page.request, baseURL!, colleague);
  const name = await teamName(page.request);
  const link = await invitationPath(page.request, colleague);

  // Someone else signed in opens the link: refused in plain words, and nothing changes.
  const stranger = await newPage(browser, baseURL!, 1280);
  const strangerEmail = await signUp(stranger.request, baseURL!, 'team-stranger');
  await stranger.goto(link);
  await expect(stranger.getByRole('heading', { level: 1, name: 'Could not join the team' })).toBeVisible();
  await expect(stranger.getByRole('alert')).toContainText(
    `This invitation was sent to another e-mail address, and you are signed in as ${strangerEmail}`,
  );
  await expect(stranger.getByRole('button', { name: 'Sign out and use the invited address' })).toBeVisible();
  await noBlockingViolations(stranger);
  await stranger.context().close();

  const member = await newPage(browser, baseURL!, 1280);
  await signUp(member.request, baseURL!, 'team-member', colleague);
  await member.goto(link);
  await expect(member.getByRole('heading', { level: 1, name: `You joined ${name}` })).toBeVisible();

  await member.goto('/settings');
  await expect(member.getByTestId('settings-team-line')).toContainText(`Enterprise via ${name}`);
  await member
    .getByRole('region', { name: 'Team', exact: true })
    .getByRole('link', { name: 'See your team' })
    .click();
  await expect(member).toHaveURL(/\/settings\/team$/);
  await expect(member.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(member.getByText(/^Owner:/)).toBeVisible();
  // Only the owner invites and removes.
  await expect(member.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
  await expect(member.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await noBlockingViolations(member);

  await member.getByRole('button', { name: 'Leave team' }).click();
  await expect(member.getByRole('dialog')).toContainText(`Leave ${name}?`);
  await member.getByRole('dialog').getByRole('button', { name: 'Leave team' }).click();
  await expect(member.getByTestId('team-upsell')).toBeVisible();
  await member.goto('/dashboard');
  await expect(member.getByTestId('membership-plan')).toContainText('Free');

  // The link worked once.
  await member.goto(link);
  await expect(member.getByRole('heading', { level: 1, name: 'Could not join the team' })).toBeVisible();
  await expect(member.getByRole('alert')).toHaveText(TEAM_MESSAGES.invitationUsed);
  await member.context().close();
});

test('past the seats, the invitation is refused with a message naming them', async ({ page, baseURL }) => {
  test.slow();
  await enterpriseOwner(page, baseURL!);
  // The owner holds a seat; the invitations still open hold the others.
  for (let i = 1; i < TEAM_SEATS; i += 1) await invite(page.request, baseURL!, uniqueEmail(`team-seat-${i}`));
  await page.goto('/settings/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('team-seats')).toHaveText(`${TEAM_SEATS} of ${TEAM_SEATS} seats`);
  const field = page.getByLabel("Colleague's e-mail address");
  await field.fill(uniqueEmail('team-one-too-many'));
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#team-invite-email-error')).toHaveText(TEAM_MESSAGES.seatsFull(TEAM_SEATS));
  await noBlockingViolations(page);
});

for (const width of [1280, 360]) {
  test(`at ${width} px: below Enterprise, Settings → Team says teams come with Enterprise`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signUp(page.request, baseURL!, 'team-free');
    await page.goto('/settings');
    await expect(page.getByTestId('settings-team-line')).toHaveText(
      `Team management comes with Enterprise: ${TEAM_SEATS} seats, you included.`,
    );
    await page.getByRole('link', { name: 'About teams' }).click();
    await expect(page).toHaveURL(/\/settings\/team$/);
    await expect(page.getByTestId('team-upsell')).toHaveText(
      `Team management comes with Enterprise: ${TEAM_SEATS} seats, you included. See the plans`,
    );
    await expect(page.getByLabel("Colleague's e-mail address")).toHaveCount(0);
    await noBlockingViolations(page);
    await page.getByRole('link', { name: 'See the plans' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });
}
