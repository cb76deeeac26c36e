// The PAYMENTS setting, and "nothing for free in production": a production server without Stripe
// offers no checkout at all (the local test checkout only when PAYMENTS=test says so).
import { afterEach, describe, expect, it } from 'vitest';
import { appMetaSchema } from '../../src/core/api';
import { ConfigError, loadConfig } from '../../src/server/config';
import { checkoutSessions } from '../../src/server/db/schema';
import { ORIGIN, signUp } from '../helpers/app';
import { captureLog } from '../helpers/log';
import { runServer } from '../helpers/process';
import { checkout, state, type TestApp, testModeApp } from './setup';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const PRODUCTION = { NODE_ENV: 'production', MAIL_FROM: 'Clipsmith <no-reply@clipsmith.example.com>' };
/** What production requires besides NODE_ENV (ignored outside production). */
const PRODUCTION_SETTINGS = {
  MAIL_FROM: PRODUCTION.MAIL_FROM,
  PUBLIC_URL: 'https://clipsmith.example.com',
  SMTP_URL: 'smtp://mailer:secret@smtp.clipsmith.example.com:587',
};

const UNAVAILABLE = {
  error: {
    code: 'payments_unavailable',
    message: 'Payments are not set up on this server, so purchases are unavailable.',
  },
};

describe('PAYMENTS', () => {
  it.each([
    [{}, 'test'],
    [{ STRIPE_SECRET_KEY: 'sk_test_x' }, 'stripe'],
    [{ NODE_ENV: 'production' }, 'off'],
    [{ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x' }, 'stripe'],
    [{ NODE_ENV: 'production', PAYMENTS: 'test' }, 'test'],
    [{ PAYMENTS: 'off' }, 'off'],
    [{ PAYMENTS: 'test', STRIPE_SECRET_KEY: 'sk_test_x' }, 'test'],
    [{ PAYMENTS: 'STRIPE', STRIPE_SECRET_KEY: 'sk_test_x' }, 'stripe'],
  ])('%j → %s', (env, mode) => {
    const config = loadConfig({ ...env, ...PRODUCTION_SETTINGS, STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(config.payments.mode).toBe(mode);
    expect(config.payments.stripe === undefined).toBe(mode !== 'stripe');
  });

  it.each([
    [{ PAYMENTS: 'stripe' }, 'PAYMENTS=stripe needs STRIPE_SECRET_KEY to be set'],
    [{ PAYMENTS: 'free' }, 'PAYMENTS must be one of auto, stripe, test, off, got "free"'],
  ])('rejects %j with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('stops start-up when PAYMENTS=stripe has no key', async () => {
    const proc = runServer({ PAYMENTS: 'stripe', PORT: '1' });
    expect(await proc.exited).toBe(1);
    expect(proc.output().trim().split('\n')).toEqual([
      'Clipsmith cannot start: PAYMENTS=stripe needs STRIPE_SECRET_KEY to be set',
    ]);
  });

  it('accepts the old credit-pack price names with a deprecation warning', () => {
    const config = loadConfig({ STRIPE_PRICE_PRO: 'price_old_pro', STRIPE_PRICE_PACK_STARTER: 'price_s' });
    expect(config.stripePrices.packs).toEqual({
      starter: 'price_s',
      creator: undefined,
      pro: 'price_old_pro',
    });
    expect(config.payments.deprecations).toEqual([
      'STRIPE_PRICE_PRO is deprecated: rename it to STRIPE_PRICE_PACK_PRO',
    ]);
    const both = loadConfig({ STRIPE_PRICE_PRO: 'price_old', STRIPE_PRICE_PACK_PRO: 'price_new' });
    expect(both.stripePrices.packs.pro).toBe('price_new');
    expect(both.payments.deprecations).toEqual(['STRIPE_PRICE_PRO is ignored: STRIPE_PRICE_PACK_PRO is set']);
  });
});

describe('production without Stripe', () => {
  it('gives nothing away: no checkout, no test pages, no portal; start-up says so', async () => {
    const log = captureLog('info');
    app = await testModeApp({ ...PRODUCTION, STRIPE_PRICE_PRO: 'price_old' }, { logger: log.logger });
    const member = await signUp(app);
    expect(await (await app.request('/api/billing')).json()).toEqual({ mode: 'off' });
    expect(appMetaSchema.parse(await (await app.request('/api/meta')).json()).payments).toBe('off');

    for (const item of [
      { kind: 'plan', id: 'basic' },
      { kind: 'plan', id: 'enterprise' },
      { kind: 'pack', id: 'pro' },
    ]) {
      const res = await checkout(app, member.cookie, item);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual(UNAVAILABLE);
    }
    const portal = await app.request('/api/billing/portal', { method: 'POST', cookie: member.cookie });
    expect(portal.status).toBe(503);
    expect(await portal.json()).toEqual(UNAVAILABLE);

    // The test checkout's pages and forms do not exist, whatever id is tried.
    const form = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };
    for (const path of ['/checkout/test/cs_test_local_x', '/checkout/test/portal']) {
      expect((await app.request(path, { cookie: member.cookie })).status).toBe(404);
    }
    for (const path of ['/checkout/test/cs_test_local_x/pay', '/checkout/test/portal/switch']) {
      const res = await app.request(path, {
        method: 'POST',
        cookie: member.cookie,
        headers: form,
        body: 'plan=enterprise',
      });
      expect(res.status).toBe(404);
    }
    expect((await app.request('/api/billing/webhook', { method: 'POST', body: '{}' })).status).toBe(404);

    const s = await state(app, member.user.id);
    expect(s.balance).toBe(0);
    expect(s.membership.tier).toBe('free');
    expect(await app.deps.database.db.select().from(checkoutSessions)).toEqual([]);

    const messages = log.entries().map((e) => e.msg);
    expect(messages).toContain(
      'payments: off, because STRIPE_SECRET_KEY is not set in production; checkout answers "Payments are not set up". Set STRIPE_SECRET_KEY (or PAYMENTS=test for a demo without real payments)',
    );
    expect(messages).toContain(
      'payments: STRIPE_PRICE_PRO is deprecated: rename it to STRIPE_PRICE_PACK_PRO',
    );
  });

  it('offers the test checkout only when PAYMENTS=test asks for it, and warns that it is free', async () => {
    const log = captureLog('info');
    app = await testModeApp({ ...PRODUCTION, PAYMENTS: 'test' }, { logger: log.logger });
    const member = await signUp(app);
    const res = await checkout(app, member.cookie, { kind: 'pack', id: 'starter' });
    expect(res.status).toBe(200);
    expect((await res.json()).url).toMatch(/^\/checkout\/test\//);
    expect(
      log.entries().find((e) => e.msg?.startsWith('payments: PAYMENTS=test in production')),
    ).toMatchObject({
      level: 40,
    });
  });
});
