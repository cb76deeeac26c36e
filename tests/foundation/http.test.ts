import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toErrorResponse } from '../../src/server/http/errors';
import { silentLogger } from '../../src/server/logger';
import { createTestApp, type TestApp } from '../helpers/app';
import { captureLog } from '../helpers/log';
import { startFakeSmtp } from '../helpers/smtp';

let t: TestApp;
const webDir = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-web-'));

beforeAll(async () => {
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>Clipsmith SPA</title><div id="root"></div>',
  );
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(
    path.join(webDir, 'assets', 'index-abc123.js.map'),
    '{"version":3,"sourcesContent":["secret"]}',
  );
  t = await createTestApp({ overrides: { webDir } });
});
afterAll(() => t?.close());

describe('health', () => {
  it('answers ok with the database and version', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      db: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      checks: {
        mail: { status: 'ok', transport: 'outbox', waiting: 0, failed: 0 },
        deletions: { status: 'ok', pending: 0, oldestAgeSeconds: null },
        jobRunner: { status: 'ok' },
      },
    });
  });
});

describe('the JSON error shape', () => {
  it('404 for an unknown API route', async () => {
    const res = await t.request('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'No such API endpoint' } });
  });

  it('400 for malformed JSON', async () => {
    const res = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'invalid_json', message: 'The request body is not valid JSON' },
    });
  });

  it('413 for a body over 1 MB', async () => {
    const res = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: 'payload_too_large', message: 'The request body is larger than 1 MB' },
    });
  });

  it('500 for an uncaught exception, without a stack in the body', async () => {
    // A failing route behind the app's own error handler.
    const wrapper = new Hono();
    wrapper.get('/api/boom', () => {
      throw new Error('secret internal detail');
    });
    wrapper.onError((error, c) => toErrorResponse(c, error, silentLogger));
    const res = await wrapper.request('/api/boom');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(text).not.toContain('secret internal detail');
  });
});

describe('serving the web app', () => {
  it('answers a deep link with index.html, not cached', async () => {
    const res = await t.request('/history?page=2');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('Clipsmith SPA');
  });

  it('answers an address the app has no page for with the app (its "page not found") as a 404', async () => {
    for (const p of ['/no/such/page', '/pricingx', '/settings/nope?x=1']) {
      const res = await t.request(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toContain('Clipsmith SPA');
    }
    expect((await t.request('/blog/some-post')).status).toBe(200);
  });

  it('serves hashed assets with long-lived immutable caching', async () => {
    const res = await t.request('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('does not serve files outside the build folder', async () => {
    const res = await t.request('/assets/..%2f..%2fpackage.json');
    expect(await res.text()).not.toContain('"dependencies"');
  });

  it('sets security headers on every response', async () => {
    for (const p of ['/', '/api/health', '/api/nope']) {
      const res = await t.request(p);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-request-id')).toMatch(/[\w-]{8,}/);
    }
  });
});

describe('what production does not give away', () => {
  it('sends HSTS when PUBLIC_URL is https, and not over plain http', async () => {
    const https = await createTestApp({
      env: { PUBLIC_URL: 'https://clip.example.com' },
      overrides: { webDir },
    });
    try {
      for (const p of ['/', '/api/health', '/assets/index-abc123.js']) {
        const res = await https.request(p);
        expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
      }
    } finally {
      await https.close();
    }
    expect((await t.request('/')).headers.get('strict-transport-security')).toBeNull();
  });

  it('builds source maps but serves them only outside production', async () => {
    expect((await t.request('/assets/index-abc123.js.map')).status).toBe(200);
    const production = await createTestApp({ env: { NODE_ENV: 'production' }, overrides: { webDir } });
    try {
      const res = await production.request('/assets/index-abc123.js.map');
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('sourcesContent');
      expect((await production.request('/assets/index-abc123.js')).status).toBe(200);
    } finally {
      await production.close();
    }
  });

  it('answers 400 to malformed percent-encoding, with nothing logged as an error', async () => {
    const log = captureLog('warn');
    const app = await createTestApp({ overrides: { webDir, logger: log.logger } });
    try {
      for (const p of ['/%E0%A4%A', '/assets/%E0%A4%A.js', '/i/%E0%A4%A', '/images/%E0%A4%A/original.png']) {
        const res = await app.request(p);
        expect(res.status, p).toBe(400);
        expect(await res.json()).toEqual({
          error: {
            code: 'bad_request',
            message: 'The address is not valid: it has malformed percent-encoding',
          },
        });
      }
      expect(log.entries().filter((e) => Number(e.level) >= 50)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('/dev/mail', () => {
  it('is on in development without SMTP, and start-up names it in one line', async () => {
    const log = captureLog('info');
    const app = await createTestApp({ env: { NODE_ENV: 'development' }, overrides: { logger: log.logger } });
    try {
      expect((await app.request('/dev/mail.json')).status).toBe(200);
      expect(
        log
          .entries()
          .filter((e) => e.msg?.includes('/dev/mail'))
          .map((e) => e.msg),
      ).toEqual([
        'mail: every e-mail is readable at http://localhost:3000/dev/mail (development only; off in production or with SMTP_URL set)',
      ]);
    } finally {
      await app.close();
    }
  });

  it('is off once SMTP_URL sends real mail, even in development', async () => {
    const smtp = await startFakeSmtp();
    const log = captureLog('info');
    const app = await createTestApp({
      env: { NODE_ENV: 'development', SMTP_URL: smtp.url },
      overrides: { logger: log.logger, background: false },
    });
    try {
      // The paths fall through to the web app's page: no outbox, no JSON of sent messages.
      for (const p of ['/dev/mail.json', '/dev/mail']) {
        const res = await app.request(p);
        expect(res.headers.get('content-type')).not.toMatch(/json/);
        const text = await res.text();
        expect(text).not.toContain('messages');
        expect(text).not.toContain('<h1>Outbox</h1>');
      }
      // …and the sign-up page no longer points at it.
      expect((await (await app.request('/api/meta')).json()).devOutbox).toBe(false);
      expect(log.entries().filter((e) => e.msg?.includes('/dev/mail'))).toEqual([]);
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});
