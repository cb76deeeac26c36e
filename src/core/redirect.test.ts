import { describe, expect, it } from 'vitest';
import { isSafeRedirectPath, safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/history?page=2', '/history?page=2'],
    ['/create', '/create'],
    ['/explore?q=red%20fox&sort=oldest', '/explore?q=red%20fox&sort=oldest'],
    ['/settings#danger', '/settings#danger'],
    ['/a/../history', '/history'],
  ])('keeps the same-site path %j', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['history'],
    ['https://evil.com'],
    ['http://evil.com/dashboard'],
    ['HTTPS://evil.com'],
    ['//evil.com'],
    ['//evil.com/dashboard'],
    ['///evil.com'],
    ['/\\evil.com'],
    ['\\\\evil.com'],
    ['\\/evil.com'],
    ['/dashboard\\..\\..'],
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    [' javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['/\t/evil.com'],
    ['/\n/evil.com'],
    ['/\r\n/evil.com'],
    ['/\u0000/evil.com'],
    [' //evil.com'],
    ['/%2F/evil.com'],
    ['/%2f%2fevil.com'],
    ['/%5Cevil.com'],
    ['/%09/evil.com'],
    ['/%E0%A4%A'],
    ['evil.com'],
    ['@evil.com'],
    ['/..//evil.com'],
    ['/a/../..//evil.com'],
    ['/./%2e%2e//evil.com'],
    ['/%2e%2e//evil.com'],
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBe('/dashboard');
    expect(safeRedirectPath(value, '/')).toBe('/');
    expect(isSafeRedirectPath(value)).toBe(false);
  });

  it.each([['/login'], ['/login?redirectTo=%2Fcreate'], ['/LOGIN'], ['/auth/callback'], ['/./login']])(
    'sends %j to the dashboard instead of back to sign-in',
    (value) => {
      expect(safeRedirectPath(value, '/')).toBe('/dashboard');
    },
  );

  it('refuses overlong values', () => {
    expect(safeRedirectPath(`/${'a'.repeat(3000)}`)).toBe('/dashboard');
  });

  it('never leaves the site even for odd but valid paths', () => {
    for (const value of ['/@evil.com', '/.evil.com', '/:evil.com', '/%40evil.com', '/a/..', '/.%2e/x']) {
      const result = safeRedirectPath(value);
      expect(result.startsWith('/')).toBe(true);
      expect(result.startsWith('//')).toBe(false);
      expect(new URL(result, 'https://clipsmith.test').origin).toBe('https://clipsmith.test');
    }
  });
});
