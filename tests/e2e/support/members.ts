// Members for browser tests, set up through the real API as a person would: sign up, buy through
// the embedded test checkout, generate with the built-in composer.
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { confirmInBrowser, confirmThroughApi } from '../mail';

export const PASSWORD = 'correct horse battery';

function origin(baseURL: string) {
  return { origin: baseURL };
}

/** An address no other test uses, starting with `label`. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Signs up through `request` (a page's or context's: it keeps the session cookie). */
export async function signUp(
  request: APIRequestContext,
  baseURL: string,
  label: string,
  email = uniqueEmail(label),
): Promise<string> {
  const response = await request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD },
    headers: origin(baseURL),
  });
  expect(response.ok(), await response.text()).toBe(true);
  await confirmThroughApi(request, email);
  return email;
}

/** Signs up as a person does: the sign-up form, then the link in the confirmation e-mail. */
export async function signUpInBrowser(
  page: Page,
  label: string,
  email = uniqueEmail(label),
): Promise<string> {
  await page.goto('/signup');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Check your e-mail')).toBeVisible();
  await confirmInBrowser(page, email);
  return email;
}

/** Buys a plan ('basic', 'enterprise') or a credit pack ('starter' = 5 credits) with the test checkout. */
export async function buy(request: APIRequestContext, baseURL: string, kind: 'plan' | 'pack', id: string) {
  const checkout = await request.post('/api/billing/checkout', {
    data: { kind, id },
    headers: origin(baseURL),
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const { url } = (await checkout.json()) as { url: string };
  const paid = await request.post(`${url}/pay`, { headers: origin(baseURL), maxRedirects: 0 });
  expect(paid.status()).toBe(303);
}

/** Starts a generation; returns its id. */
export async function startGeneration(
  request: APIRequestContext,
  baseURL: string,
  prompt: string,
  options: { privacy?: 'public' | 'private'; theme?: string } = {},
): Promise<string> {
  const started = await request.post('/api/generations', {
    data: { prompt, ...options },
    headers: origin(baseURL),
  });
  expect(started.status(), await started.text()).toBe(202);
  return ((await started.json()) as { id: string }).id;
}

/** Polls the generation until it succeeds; returns the image id. */
export async function finishGeneration(request: APIRequestContext, generationId: string): Promise<string> {
  let imageId = '';
  await expect
    .poll(
      async () => {
        const body = (await (await request.get(`/api/generations/${generationId}`)).json()) as {
          status: string;
          image?: { id: string };
        };
        imageId = body.image?.id ?? '';
        return body.status;
      },
      { timeout: 30_000, intervals: [200, 300, 500] },
    )
    .toBe('succeeded');
  return imageId;
}

/** Generates one picture and waits for it; returns the image id. */
export async function generate(
  request: APIRequestContext,
  baseURL: string,
  prompt: string,
  options: { privacy?: 'public' | 'private'; theme?: string } = {},
): Promise<string> {
  return finishGeneration(request, await startGeneration(request, baseURL, prompt, options));
}

export async function credits(request: APIRequestContext): Promise<number> {
  return ((await (await request.get('/api/me')).json()) as { credits: number }).credits;
}
