const BASE = 'http://clipsmith.invalid';
const MAX_LENGTH = 2048;
// C0 controls, DEL and C1 controls: browsers strip or reinterpret them inside URLs
// ('/\t/evil.com' becomes '//evil.com'), so any of them disqualifies the value.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const AUTH_PAGES = /^\/(login|auth)/i;

/**
 * Normalised same-site path ('/history?page=2') or null when `value` could send the browser
 * elsewhere. Only a single leading '/' is accepted: absolute URLs, 'javascript:', protocol-
 * relative ('//x', '/\x'), backslashes and control characters are all refused, also when
 * percent-encoded, because some routers decode before navigating.
 */
function sameSitePath(value: string): string | null {
  if (value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  for (const candidate of [value, decoded]) {
    if (candidate.includes('\\') || CONTROL.test(candidate) || candidate.startsWith('//')) return null;
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse into a protocol-relative result: '/..//evil.com' → '//evil.com'.
  if (path.startsWith('//')) return null;
  return path;
}

/**
 * Where to send the user after sign-in (the `redirectTo` parameter) or after checkout.
 * Anything that is not a same-site path gives `fallback`; the sign-in pages themselves give
 * '/dashboard' so a user never lands back on the form (SPEC §2 /login).
 */
export function safeRedirectPath(value: string | null | undefined, fallback = '/dashboard'): string {
  const path = sameSitePath(value ?? '');
  if (path === null) return fallback;
  if (AUTH_PAGES.test(path)) return '/dashboard';
  return path;
}

export function isSafeRedirectPath(value: string | null | undefined): boolean {
  return sameSitePath(value ?? '') !== null;
}
