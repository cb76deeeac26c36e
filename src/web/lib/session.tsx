import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { Me } from '../../core/api';
import { SESSION_HINT_COOKIE } from '../../core/constants';
import { ApiError, api } from './api';
import { useHydrated } from './hydration';

/**
 * The one source of truth for "who is signed in". Everything that needs the session reads it
 * through useSession(); nothing else calls /api/me or keeps its own copy.
 */

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export type Session = {
  status: SessionStatus;
  /** The signed-in person, their membership and credits; null while loading or when signed out. */
  me: Me | null;
  /** Re-reads /api/me (after sign-in, a purchase, a generation, a profile change). */
  refresh: () => Promise<void>;
  /** Signs out, forgets every cached server answer and goes to /login. Never throws. */
  signOut: () => Promise<void>;
};

export const ME_QUERY_KEY = ['me'] as const;

/**
 * The answer schemas, loaded on first use, for the answers any page may ask for (/api/me,
 * /api/meta): a visitor's first page carries no zod. Kept in this module, which is in the app's
 * entry chunk with the bundler's loader for lazy modules: elsewhere the loader came twice.
 */
export const lazySchemas = () => import('../../core/api');

/** The server's readable mirror of the session cookie: without it there is nobody to ask about. */
function mayHaveSession(): boolean {
  if (typeof document === 'undefined') return false; // prerendering: the visitor's view
  return document.cookie
    .split(/;\s*/)
    .some((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`) && c.length > SESSION_HINT_COOKIE.length + 1);
}

async function fetchMe(): Promise<Me | null> {
  // A visitor's page load makes no /api/me request (and no 401 in the console).
  if (!mayHaveSession()) return null;
  try {
    // The schema (and zod) load only for a member, beside the request: a visitor's first page
    // stays without them.
    return await api.get('/api/me', { schema: lazySchemas().then((m) => m.meSchema) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: fetchMe,
    // A visitor is known to be signed out at once: the first render shows Sign in, not a placeholder.
    initialData: () => (mayHaveSession() ? undefined : null),
    staleTime: 30_000,
    // A network blip must not sign anyone out: retry twice, then treat the session as signed out.
    retry: (failures, error) =>
      failures < 2 && !(error instanceof ApiError && error.status < 500 && error.status > 0),
  });

  useEffect(() => {
    if (query.error) console.warn('session: could not load /api/me', query.error);
  }, [query.error]);

  const refresh = useCallback(async () => {
    await queryClient.refetchQueries({ queryKey: ME_QUERY_KEY, exact: true });
  }, [queryClient]);

  const signOut = useCallback(async () => {
    try {
      const { authClient } = await import('./auth-client');
      const { error } = await authClient.signOut();
      if (error) console.warn('session: sign-out failed', error);
    } catch (error) {
      console.warn('session: sign-out failed', error);
    }
    queryClient.clear();
    queryClient.setQueryData(ME_QUERY_KEY, null);
    navigate('/login');
  }, [queryClient, navigate]);

  // A prerendered page is the visitor's view: it hydrates as one, then shows who is signed in.
  const hydrated = useHydrated();
  const status: SessionStatus = !hydrated
    ? 'signed-out'
    : query.isPending
      ? 'loading'
      : query.data
        ? 'signed-in'
        : 'signed-out';
  const me = hydrated ? (query.data ?? null) : null;

  const value = useMemo<Session>(() => ({ status, me, refresh, signOut }), [status, me, refresh, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session where there may be no provider (a component also rendered on its own). */
export function useOptionalSession(): Session | null {
  return useContext(SessionContext);
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
