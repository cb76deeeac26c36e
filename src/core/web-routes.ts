// The paths the web app has a page for. The server answers any other path with the app's
// "page not found" page and status 404 (server/http/spa.ts), so a mistyped address is not a 200
// for crawlers and link checkers; web/routes.tsx declares the same paths (a unit test keeps
// the two lists equal).
export const WEB_ROUTES = [
  '/',
  '/create',
  '/login',
  '/signup',
  '/pricing',
  '/explore',
  '/how-it-works',
  '/dashboard',
  '/terms',
  '/privacy',
  '/contact',
  '/about',
  '/blog',
  '/blog/:id',
  '/faq',
  '/history',
  '/settings',
  '/settings/api-keys',
  '/settings/styles',
  '/settings/team',
  '/team/join',
  '/docs/api',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/checkout/success',
  '/i/:id',
] as const;

const PATTERNS = WEB_ROUTES.map((route) => new RegExp(`^${route.replace(/:[a-z]+/gi, '[^/]+')}/?$`));

/** Whether the web app has a page at `path` (a trailing slash allowed, as the router allows it). */
export function isWebRoute(path: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(path));
}
