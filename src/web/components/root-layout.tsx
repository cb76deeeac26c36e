import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SessionProvider } from '../lib/session';
import { useToasterRequested } from '../lib/toaster-signal';
import { RouteErrorBoundary } from './route-error';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { TopNav } from './top-nav';
import { CenteredSpinner } from './ui/spinner';

// Toasts are never needed for the first paint: the outlet loads when first needed (lib/toaster-signal).
const AppToaster = lazy(() => import('./app-toaster'));

export function RootLayout() {
  const { pathname } = useLocation();
  const toasterRequested = useToasterRequested();
  return (
    <SessionProvider>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <TopNav />
        {/* At least a screen tall (less the 4rem header): the footer starts below the fold, so a page
            that mounts after the first paint never pushes it down in view. */}
        <main id="main" tabIndex={-1} className="flex min-h-[calc(100dvh-4rem)] flex-1 flex-col outline-none">
          <RouteErrorBoundary key={pathname}>
            <Suspense fallback={<CenteredSpinner label="Loading page" />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </main>
        <SiteFooter />
      </div>
      {toasterRequested && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
      <ScrollToTop />
    </SessionProvider>
  );
}
