import { expect, type Page, test } from '@playwright/test';
import { buy, generate, signUp } from './support/members';

// Issue 22 R3 and issue 23's generator items: what the cost line says on each plan, Generate
// disabled with the reason beside it at the monthly limit without credits, a credit buying one
// more image past the limit, and the dashboard telling those apart from the plan's images.

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

function base(baseURL: string | undefined): string {
  return baseURL ?? `http://localhost:${process.env.E2E_PORT ?? 4173}`;
}

async function useUpFreeMonth(page: Page, url: string) {
  for (const subject of ['cat', 'dog', 'fox']) await generate(page.request, url, `happy ${subject} ${RUN}`);
}

for (const width of [1280, 360]) {
  test(`at the monthly limit without credits, Generate is disabled with the reason beside it (${width} px)`, async ({
    page,
    baseURL,
  }) => {
    test.slow();
    const url = base(baseURL);
    await page.setViewportSize({ width, height: 900 });
    await signUp(page.request, url, 'limit');
    await useUpFreeMonth(page, url);
    await page.goto('/create');
    await page.getByLabel('Describe your clipart').fill('a red kite');

    const generateButton = page.getByRole('button', { name: 'Generate', exact: true });
    const reason = page.getByTestId('cost-line');
    await expect(reason).toHaveAttribute('data-kind', 'refused');
    await expect(reason).toHaveText(
      "You've reached your monthly limit of 3 images. Upgrade your plan or purchase credits to generate more. Buy credits or see plans",
    );
    await expect(generateButton).toBeDisabled();
    await expect(generateButton).toHaveAccessibleDescription(/You've reached your monthly limit of 3 images/);

    // Beside it: the reason sits right above the button, both on screen together.
    await generateButton.scrollIntoViewIfNeeded();
    await expect(reason).toBeInViewport();
    const [line, button] = [await reason.boundingBox(), await generateButton.boundingBox()];
    expect(line && button).toBeTruthy();
    if (line && button) expect(button.y - (line.y + line.height)).toBeLessThan(24);

    await reason.getByRole('link', { name: 'Buy credits' }).click();
    await expect(page).toHaveURL(/\/pricing\?tab=credits&returnTo=\/create$/);
    await expect(page.getByRole('tab', { name: /Credit/ })).toHaveAttribute('aria-selected', 'true');
  });
}

test('credits past the limit: "this one uses 1 credit", then the dashboard counts them apart', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const url = base(baseURL);
  await signUp(page.request, url, 'past');
  await useUpFreeMonth(page, url);
  await buy(page.request, url, 'pack', 'starter');

  await page.goto('/create');
  const cost = page.getByTestId('cost-line');
  await expect(cost).toHaveAttribute('data-kind', 'credit');
  await expect(cost).toContainText('Monthly images used — this one uses 1 credit');
  await expect(cost).toContainText('you have 5 credits');
  await page.getByLabel('Describe your clipart').fill(`lighthouse ${RUN}`);
  const generateButton = page.getByRole('button', { name: 'Generate', exact: true });
  await expect(generateButton).toBeEnabled();
  await generateButton.click();
  await expect(page.getByTestId('generated-image')).toBeVisible({ timeout: 20_000 });
  await expect(cost).toContainText('you have 4 credits');
  await generate(page.request, url, `sailing boat ${RUN}`);

  await page.goto('/dashboard');
  await expect(page.getByTestId('membership-usage')).toHaveText(
    /3 of 3 monthly images used · 2 more with credits$/,
  );
  await expect(page.getByTestId('membership-credits')).toContainText('3 credits');
  await expect(page.getByTestId('cost-line')).toContainText('Monthly images used — this one uses 1 credit');
});

test('the cost line names the plan: Free, a premium option for a credit, Basic, Enterprise', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const url = base(baseURL);

  const free = await browser.newContext({ baseURL: url });
  await signUp(free.request, url, 'costs');
  await buy(free.request, url, 'pack', 'starter');
  let page = await free.newPage();
  await page.goto('/create');
  await expect(page.getByTestId('cost-line')).toHaveText('Free plan — 3 of 3 left this month');
  await page.getByRole('radio', { name: /Comic Book/ }).click();
  await expect(page.getByTestId('cost-line')).toHaveText(/^Uses 1 credit\s*· you have 5 credits$/);
  await free.close();

  const basic = await browser.newContext({ baseURL: url });
  await signUp(basic.request, url, 'costs');
  await buy(basic.request, url, 'plan', 'basic');
  page = await basic.newPage();
  await page.goto('/create');
  await expect(page.getByTestId('cost-line')).toHaveText('Basic plan — 30 of 30 left this month');
  await basic.close();

  const enterprise = await browser.newContext({ baseURL: url });
  await signUp(enterprise.request, url, 'costs');
  await buy(enterprise.request, url, 'plan', 'enterprise');
  page = await enterprise.newPage();
  await page.goto('/create');
  await expect(page.getByTestId('cost-line')).toHaveText('Enterprise plan — Unlimited');
  await page.goto('/dashboard');
  await expect(page.getByTestId('membership-usage')).toHaveText(/0 images this month · Unlimited$/);
  await enterprise.close();
});
