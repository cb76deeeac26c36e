// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SPINNER_DELAY_MS } from '../../core/constants';
import { ME_QUERY_KEY, useSession } from '../lib/session';
import { jsonResponse, LocationProbe, makeMe, renderWithSession, SIGNED_OUT } from '../test/render';
import { ProtectedRoute } from './protected-route';

function SessionProbe() {
  return <output data-testid="status">{useSession().status}</output>;
}

function app(redirectPath?: string) {
  return (
    <>
      <SessionProbe />
      <LocationProbe />
      <Routes>
        <Route
          path="/create"
          element={
            <ProtectedRoute redirectPath={redirectPath}>
              <p>Generator</p>
            </ProtectedRoute>
          }
        />
        <Route
          path="/explore"
          element={
            <ProtectedRoute from="/explore">
              <p>Gallery</p>
            </ProtectedRoute>
          }
        />
        <Route
          path="/login"
          element={
            <ProtectedRoute>
              <p>Sign-in form</p>
            </ProtectedRoute>
          }
        />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
    </>
  );
}

/** /api/me answers only when the test says so (once the session has asked: it loads its schema first). */
function deferredMe() {
  let answer: (response: Response) => void = () => {};
  let asked: () => void = () => {};
  const hasAsked = new Promise<void>((resolve) => {
    asked = resolve;
  });
  const fetchMock = vi.fn(
    () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
        asked();
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return {
    answer: (response: Response) =>
      act(async () => {
        await hasAsked;
        answer(response);
      }),
    fetchMock,
  };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ProtectedRoute', () => {
  it('shows a centred spinner while the session loads and for SPINNER_DELAY_MS after, then redirects', async () => {
    // Fake clocks make the 100 ms exact; TanStack Query's own 0 ms notifications advance with them.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const me = deferredMe();
    renderWithSession(app(), { path: '/create?prompt=cat&theme=comic' });

    expect(screen.getByTestId('centered-spinner')).toBeTruthy();
    expect(screen.getByTestId('status').textContent).toBe('loading');

    await me.answer(SIGNED_OUT());
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('status').textContent).toBe('signed-out');
    // Auth has finished, but the spinner holds for the delay so nothing flashes.
    await act(() => vi.advanceTimersByTimeAsync(SPINNER_DELAY_MS - 10));
    expect(screen.getByTestId('centered-spinner')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/create?prompt=cat&theme=comic');

    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByTestId('location').textContent).toBe(
      `/login?redirectTo=${encodeURIComponent('/create?prompt=cat&theme=comic')}`,
    );
  });

  it('shows the content to a signed-in member once the delay has passed', async () => {
    const me = deferredMe();
    renderWithSession(app(), { path: '/create' });
    await me.answer(jsonResponse(200, makeMe()));
    expect(screen.queryByText('Generator')).toBeNull();
    expect(await screen.findByText('Generator')).toBeTruthy();
    expect(screen.queryByTestId('centered-spinner')).toBeNull();
  });

  it('has nothing to wait for when the session was already known', () => {
    vi.stubGlobal('fetch', vi.fn());
    const queryClient = new QueryClient();
    queryClient.setQueryData(ME_QUERY_KEY, makeMe());
    renderWithSession(app(), { path: '/create', queryClient });
    expect(screen.getByText('Generator')).toBeTruthy();
  });

  it('carries from=/explore so the sign-in page can explain why', async () => {
    const me = deferredMe();
    renderWithSession(app(), { path: '/explore' });
    await me.answer(SIGNED_OUT());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/login/));
    const url = new URL(screen.getByTestId('location').textContent ?? '', 'http://x');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirectTo')).toBe('/explore');
    expect(url.searchParams.get('from')).toBe('/explore');
  });

  it('shows the wrapped content on the sign-in page itself instead of redirecting to it', async () => {
    const me = deferredMe();
    renderWithSession(app(), { path: '/login' });
    await me.answer(SIGNED_OUT());
    expect(await screen.findByText('Sign-in form')).toBeTruthy();
  });

  it('uses a configurable redirect path', async () => {
    const me = deferredMe();
    renderWithSession(app('/welcome'), { path: '/create' });
    await me.answer(SIGNED_OUT());
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        `/welcome?redirectTo=${encodeURIComponent('/create')}`,
      ),
    );
  });

  it('sends a visitor without a session cookie to sign in at once, without asking /api/me', async () => {
    const me = deferredMe();
    renderWithSession(app(), { path: '/create', sessionCookie: false });
    expect(screen.getByTestId('status').textContent).toBe('signed-out');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/login\?redirectTo=/));
    expect(me.fetchMock).not.toHaveBeenCalled();
  });
});
