import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import type { Me } from '../../core/api';
import { SESSION_HINT_COOKIE } from '../../core/constants';
import { displayName } from '../../core/user';
import { SessionProvider } from '../lib/session';

export function makeMe(user: Partial<Me['user']> = {}): Me {
  const named = { fullName: 'Jane Doe', username: 'jane', ...user };
  return {
    user: {
      id: 'u1',
      email: 'jane.doe@example.com',
      // As the server names a member (core/user.ts displayName).
      name: displayName(named),
      usernameChangedAt: null,
      avatarInitials: 'JD',
      signedInBefore: true,
      ...named,
    },
    membership: { tier: 'free', status: 'active', imageCount: 0, imageLimit: 3, periodEnd: null },
    credits: 0,
    team: null,
  };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const SIGNED_OUT = () =>
  jsonResponse(401, { error: { code: 'unauthorized', message: 'Please sign in to continue' } });

/** Shows where the router is, so tests can assert on redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders UI inside the real providers: a fresh query client, a memory router and the session.
 * The browser holds a session cookie (so the session asks /api/me, which the test answers) unless
 * `sessionCookie: false` makes it a visitor's browser.
 */
export function renderWithSession(
  ui: ReactNode,
  options: { path?: string; queryClient?: QueryClient; sessionCookie?: boolean } = {},
) {
  // biome-ignore lint/suspicious/noDocumentCookie: happy-dom has no Cookie Store API; the app reads document.cookie too
  document.cookie =
    options.sessionCookie === false ? `${SESSION_HINT_COOKIE}=; max-age=0` : `${SESSION_HINT_COOKIE}=1`;
  const queryClient =
    options.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[options.path ?? '/']}>
        <SessionProvider>{ui}</SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
