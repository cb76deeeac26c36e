import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { SPINNER_DELAY_MS } from '../../core/constants';
import { useSession } from '../lib/session';
import { CenteredSpinner } from './ui/spinner';

type ProtectedRouteProps = {
  children: ReactNode;
  /** Where signed-out visitors go; the spec's default is /login. */
  redirectPath?: string;
  /** Added as `from=` so the sign-in page can say why the visitor was sent there (e.g. /explore). */
  from?: string;
};

/**
 * Shows its children only to signed-in people. While the session loads, and for SPINNER_DELAY_MS
 * after it settles, a centred spinner shows, so a session that resolves a moment late never flashes
 * a redirect. Signed-out visitors are sent (replacing the history entry) to the sign-in page with
 * `redirectTo` = the path and query they asked for. When the session was already known on arrival
 * (moving between pages) there is nothing to wait for and no spinner.
 */
export function ProtectedRoute({ children, redirectPath = '/login', from }: ProtectedRouteProps) {
  const { status } = useSession();
  const location = useLocation();
  const sawLoading = useRef(status === 'loading');
  const [settled, setSettled] = useState(status !== 'loading');

  useEffect(() => {
    if (status === 'loading') {
      sawLoading.current = true;
      setSettled(false);
      return;
    }
    if (!sawLoading.current) {
      setSettled(true);
      return;
    }
    const timer = setTimeout(() => setSettled(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status]);

  if (status === 'loading' || !settled) return <CenteredSpinner label="Checking your session" />;
  if (status === 'signed-in' || location.pathname === redirectPath) return <>{children}</>;

  const params = new URLSearchParams({ redirectTo: `${location.pathname}${location.search}` });
  if (from) params.set('from', from);
  return <Navigate to={`${redirectPath}?${params.toString()}`} replace />;
}
