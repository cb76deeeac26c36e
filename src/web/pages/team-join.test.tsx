// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEAM_MESSAGES } from '../../core/messages';
import { jsonResponse, makeMe, renderWithSession, SIGNED_OUT } from '../test/render';
import TeamJoinPage from './team-join';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const team = { id: 't1', name: 'Acme Design', seats: 5, role: 'member', members: [], invitations: [] };

/** /api/me as `me` (or signed out), and the join's answer. */
function serve(me: ReturnType<typeof makeMe> | null, join: () => Response) {
  const fetchMock = vi.fn(async (path: string) => {
    if (path === '/api/me') return me ? jsonResponse(200, me) : SIGNED_OUT();
    if (path === '/api/team/join') return join();
    return jsonResponse(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const joinCalls = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.filter(([path]) => path === '/api/team/join');

describe('/team/join', () => {
  it('signed out: asks to sign in or sign up, both coming back to the invitation, and joins nothing', async () => {
    const fetchMock = serve(null, () => jsonResponse(200, { team }));
    renderWithSession(<TeamJoinPage />, { path: '/team/join?token=abc', sessionCookie: false });
    const back = `redirectTo=${encodeURIComponent('/team/join?token=abc')}`;
    expect((await screen.findByRole('link', { name: 'Sign in to join' })).getAttribute('href')).toBe(
      `/login?${back}`,
    );
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      `/signup?${back}`,
    );
    expect(joinCalls(fetchMock)).toHaveLength(0);
  });

  it('signed in: joins once with the token and says which team', async () => {
    const fetchMock = serve(makeMe(), () => jsonResponse(200, { team }));
    renderWithSession(<TeamJoinPage />, { path: '/team/join?token=abc' });
    expect(await screen.findByRole('heading', { level: 1, name: 'You joined Acme Design' })).toBeTruthy();
    expect(screen.getByText(/Your plan is now Enterprise via Acme Design/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(joinCalls(fetchMock)).toHaveLength(1);
    const [, init] = joinCalls(fetchMock)[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ token: 'abc' });
  });

  it('another account: says the invitation is for another address, and offers to sign out', async () => {
    serve(makeMe({ email: 'someone@example.com' }), () =>
      jsonResponse(403, {
        error: {
          code: 'invitation_other_address',
          message: 'This invitation was sent to another e-mail address.',
        },
      }),
    );
    renderWithSession(<TeamJoinPage />, { path: '/team/join?token=abc' });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This invitation was sent to another e-mail address, and you are signed in as someone@example.com',
    );
    expect(screen.getByRole('button', { name: 'Sign out and use the invited address' })).toBeTruthy();
  });

  it("an expired or used link: the server's plain words, and the way to the dashboard", async () => {
    serve(makeMe(), () =>
      jsonResponse(410, { error: { code: 'invitation_expired', message: TEAM_MESSAGES.invitationUsed } }),
    );
    renderWithSession(<TeamJoinPage />, { path: '/team/join?token=abc' });
    expect((await screen.findByRole('alert')).textContent).toBe(TEAM_MESSAGES.invitationUsed);
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toBeTruthy();
  });

  it('no token: says the link is incomplete, without asking the server', async () => {
    const fetchMock = serve(makeMe(), () => jsonResponse(200, { team }));
    renderWithSession(<TeamJoinPage />, { path: '/team/join' });
    expect((await screen.findByRole('alert')).textContent).toContain('This invitation link is incomplete');
    expect(joinCalls(fetchMock)).toHaveLength(0);
  });
});
