// @vitest-environment happy-dom
// The answers every page may ask for, /api/me and /api/meta, are checked against their core/api.ts
// schemas like any other: a malformed one is never shown as a member or as this deployment.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeMe, renderWithSession } from '../test/render';
import { useAppMeta } from './meta';
import { useSession } from './session';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function Who() {
  const { status, me } = useSession();
  return <output data-testid="who">{`${status}:${me?.user.email ?? ''}`}</output>;
}

function Drawer() {
  const { data } = useAppMeta();
  return <output data-testid="meta">{data ? data.imageModel.label : 'none'}</output>;
}

const serve = (path: string, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (asked: string) =>
      asked === path
        ? jsonResponse(200, body)
        : jsonResponse(404, { error: { code: 'not_found', message: '' } }),
    ),
  );

describe('/api/me', () => {
  it('a member whose answer matches meSchema is signed in', async () => {
    serve('/api/me', makeMe());
    renderWithSession(<Who />);
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('signed-in:jane.doe@example.com'));
  });

  it('an answer that does not match meSchema signs nobody in, and says why in the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = { ...makeMe(), membership: { tier: 'platinum' } };
    serve('/api/me', broken);
    renderWithSession(<Who />);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.getByTestId('who').textContent).toBe('signed-out:');
    expect(String(warn.mock.calls[0]?.[1])).toContain('Something went wrong');
  });
});

describe('/api/meta', () => {
  const renderMeta = () =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Drawer />
      </QueryClientProvider>,
    );
  const meta = {
    imageModel: { provider: 'offline-composer', model: 'composer', label: 'Built-in composer' },
    payments: 'test',
    version: '1.0.0',
    devOutbox: true,
  };

  it('settings that match appMetaSchema are used', async () => {
    serve('/api/meta', meta);
    renderMeta();
    await waitFor(() => expect(screen.getByTestId('meta').textContent).toBe('Built-in composer'));
  });

  it('settings that do not match appMetaSchema are not', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { ...meta, payments: 'free-for-all' }));
    vi.stubGlobal('fetch', fetchMock);
    renderMeta();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/meta', expect.anything()));
    // Give the failed answer its turn to render: nothing of it shows.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('meta').textContent).toBe('none');
  });
});
