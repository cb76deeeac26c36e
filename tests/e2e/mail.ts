// Sign-up ends with the link of a confirmation e-mail; outside production it lands in the outbox
// (GET /dev/mail.json), where these helpers read it.
import { type APIRequestContext, expect, type Page } from '@playwright/test';

type OutboxMessage = { to: string; kind: string; subject: string; text: string };

/** The newest e-mail of `kind` to `email`, waiting for it (mail leaves just after the answer). */
export async function waitForOutboxMail(
  request: APIRequestContext,
  email: string,
  kind: string,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = (await (await request.get('/dev/mail.json')).json()) as {
          messages: OutboxMessage[];
        };
        found = messages.find((m) => m.to === email.toLowerCase() && m.kind === kind);
        return Boolean(found);
      },
      { message: `a ${kind} e-mail to ${email}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The path and query of the sign-up confirmation link mailed to `email`: /verify-email?token=… */
export async function confirmationPath(request: APIRequestContext, email: string): Promise<string> {
  const mail = await waitForOutboxMail(request, email, 'email-verification');
  const link = /https?:\/\/\S+\/verify-email\?token=\S+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/** Opens the confirmation link in the page, as the member would: it signs in, on to the dashboard. */
export async function confirmInBrowser(page: Page, email: string): Promise<void> {
  await page.goto(await confirmationPath(page.request, email));
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Confirms with the API; the request context's cookie jar (a page's, if page.request) gets the session. */
export async function confirmThroughApi(request: APIRequestContext, email: string): Promise<void> {
  const response = await request.get(`/api/auth${await confirmationPath(request, email)}`);
  expect(response.ok(), await response.text()).toBe(true);
}
