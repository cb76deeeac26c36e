import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isWebRoute, WEB_ROUTES } from './web-routes';

describe('web routes', () => {
  it('are the paths web/routes.tsx declares, so the server never answers 404 for a real page', () => {
    const source = readFileSync(new URL('../web/routes.tsx', import.meta.url), 'utf8');
    const declared = [...source.matchAll(/<Route path="([^"*]+)"/g)].map((m) => m[1]);
    expect([...declared].sort()).toEqual([...WEB_ROUTES].sort());
  });

  it('match a page with or without a trailing slash, and nothing else', () => {
    expect(isWebRoute('/')).toBe(true);
    expect(isWebRoute('/pricing')).toBe(true);
    expect(isWebRoute('/pricing/')).toBe(true);
    expect(isWebRoute('/blog/why-clipart')).toBe(true);
    expect(isWebRoute('/i/123e4567')).toBe(true);
    expect(isWebRoute('/no/such/page')).toBe(false);
    expect(isWebRoute('/pricingx')).toBe(false);
    expect(isWebRoute('/blog/a/b')).toBe(false);
    expect(isWebRoute('/settings/other')).toBe(false);
  });
});
