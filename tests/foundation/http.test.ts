import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toErrorResponse } from '../../src/server/http/errors';
import { silentLogger } from '../../src/server/logger';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
const webDir = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-web-'));

beforeAll(async () => {
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>Clipsmith SPA</title><div id="root"></div>',
  );
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log("app")');
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
