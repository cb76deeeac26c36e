import { afterEach, describe, expect, it } from 'vitest';
import { checkoutSessions } from '../../src/server/db/schema';
import { ORIGIN, signUp } from '../helpers/app';
import { checkout, state, type TestApp, testModeApp } from './setup';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function started(kind: 'plan' | 'pack', id: string, returnTo?: string) {
  app = await testModeApp();
  const member = await signUp(app);
  const res = await checkout(app, member.cookie, { kind, id, returnTo });
  expect(res.status).toBe(200);
  const { url } = await res.json();
  return { app, ...member, url: url as string, sessionId: url.split('/').pop() as string };
}

function post(app: TestApp, path: string, cookie: string, origin: string | null = ORIGIN) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  // app.request adds our Origin unless one is given; an empty one stands for "none sent".
  headers.origin = origin ?? '';
  return app.request(path, { method: 'POST', cookie, headers, body: '', redirect: 'manual' });
}

describe('the embedded test checkout (no Stripe key)', () => {
  it('answers with a local checkout page URL and stores a test session', async () => {
    const { app, url, user } = await started('pack', 'starter', '/create');
    expect(url).toMatch(/^\/checkout\/test\/cs_test_local_[\w-]+$/);
    const [row] = await app.deps.database.db.select().from(checkoutSessions);
    expect(row).toMatchObject({ provider: 'test', status: 'open', userId: user.id, returnTo: '/create' });
    expect((await app.request('/api/billing')).status).toBe(200);
    expect(await (await app.request('/api/billing')).json()).toEqual({ mode: 'test' });
  });

  it('renders the page with the item, the price, a test-mode banner and two forms', async () => {
    const { app, url, cookie } = await started('pack', 'creator');
    const res = await app.request(url, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('Test mode — no real payment');
    expect(html).toContain('Creator Pack');
    expect(html).toContain('12 + 2 bonus');
    expect(html).toContain('$12.99');
    expect(html).toContain(`action="${url}/pay"`);
    expect(html).toContain(`action="${url}/cancel"`);
    expect(html).toContain('<html lang="en">');
  });

  it('sends a signed-out visitor to sign in, and hides the page from other members', async () => {
    const { app, url } = await started('pack', 'starter');
    const res = await app.request(url, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/login?redirectTo=${encodeURIComponent(url)}`);
    const other = await signUp(app);
    expect((await app.request(url, { cookie: other.cookie })).status).toBe(404);
    expect((await post(app, `${url}/pay`, other.cookie)).status).toBe(404);
  });

  it('Pay runs the real fulfilment, redirects to the success page, and the confirm endpoint reports it', async () => {
    const { app, url, cookie, user, sessionId } = await started('pack', 'pro', '/create');
    const res = await post(app, `${url}/pay`, cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/checkout/success?session_id=${sessionId}`);
    // A second press (back button, double submit) changes nothing.
    expect((await post(app, `${url}/pay`, cookie)).status).toBe(303);
    const s = await state(app, user.id);
    expect(s.balance).toBe(30);
    expect(s.ledger).toEqual([
      expect.objectContaining({ type: 'purchase', amount: 30, referenceId: sessionId }),
    ]);
    const confirm = await app.request(`/api/billing/checkout/${sessionId}/confirm`, {
      method: 'POST',
      cookie,
    });
    expect(await confirm.json()).toEqual({
      status: 'completed',
      note: null,
      kind: 'pack',
      itemId: 'pro',
      credits: 30,
      tier: 'free',
      returnTo: '/create',
    });
    // The page of a paid session goes straight to the success page.
    const again = await app.request(url, { cookie, redirect: 'manual' });
    expect(again.status).toBe(303);
  });

  it('refuses a Pay without our Origin (CSRF) and changes nothing', async () => {
    const { app, url, cookie, user } = await started('pack', 'starter');
    for (const origin of ['https://evil.example', 'null', null]) {
      const res = await post(app, `${url}/pay`, cookie, origin);
      expect(res.status).toBe(403);
    }
    expect((await state(app, user.id)).balance).toBe(0);
  });

  it('Cancel returns to pricing and the session can no longer be paid', async () => {
    const { app, url, cookie, user } = await started('pack', 'starter');
    const res = await post(app, `${url}/cancel`, cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/pricing?checkout=cancelled');
    expect((await post(app, `${url}/pay`, cookie)).status).toBe(409);
    expect((await state(app, user.id)).balance).toBe(0);
  });

  it('sells Basic for a month, refuses a second subscription, and the test portal cancels it', async () => {
    const { app, url, cookie, user } = await started('plan', 'basic');
    expect((await post(app, `${url}/pay`, cookie)).status).toBe(303);
    const { membership } = await state(app, user.id);
    expect(membership).toMatchObject({ tier: 'basic', status: 'active' });
    const days = (membership.currentPeriodEnd!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);

    const again = await checkout(app, cookie, { kind: 'plan', id: 'basic' });
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe('already_subscribed');

    const portal = await app.request('/api/billing/portal', { method: 'POST', cookie });
    expect(await portal.json()).toEqual({ url: '/checkout/test/portal' });
    const page = await app.request('/checkout/test/portal', { cookie });
    expect(await page.text()).toContain('Cancel subscription');
    const cancelled = await post(app, '/checkout/test/portal/cancel', cookie);
    expect(cancelled.status).toBe(303);
    expect((await state(app, user.id)).membership.tier).toBe('free');
  });

  it('has no webhook endpoint', async () => {
    app = await testModeApp();
    const res = await app.request('/api/billing/webhook', { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
  });
});
