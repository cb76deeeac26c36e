// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '../lib/session';
import { makeMe, renderWithSession } from '../test/render';
import { UserAvatar } from './user-avatar';
import { UserMenu } from './user-menu';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UserAvatar', () => {
  it('draws initials locally from the display name', () => {
    render(<UserAvatar name="Jane Doe" />);
    expect(screen.getByTestId('user-avatar-initials').textContent).toBe('JD');
    expect(document.querySelector('img')).toBeNull();
  });

  it('falls back to the initials when the avatar image fails to load', () => {
    render(<UserAvatar name="bob" imageUrl="/images/avatars/broken.png" />);
    fireEvent.error(screen.getByTestId('user-avatar-image'));
    expect(screen.queryByTestId('user-avatar-image')).toBeNull();
    expect(screen.getByTestId('user-avatar-initials').textContent).toBe('BO');
  });

  it('shows a neutral initial when there is no name at all', () => {
    render(<UserAvatar name={null} />);
    expect(screen.getByTestId('user-avatar-initials').textContent).toBe('U');
  });
});

describe('UserMenu name', () => {
  function renderMenu(user: Parameters<typeof makeMe>[0]) {
    vi.stubGlobal('fetch', vi.fn());
    const queryClient = new QueryClient();
    const me = makeMe(user);
    queryClient.setQueryData(ME_QUERY_KEY, me);
    renderWithSession(<UserMenu me={me} />, { queryClient });
    return screen.getByTestId('user-menu-name').textContent;
  }

  it('uses the chosen display name when there is one', () => {
    expect(renderMenu({ fullName: 'Ada Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
  });

  it('falls back to the neutral username, never the e-mail', () => {
    expect(
      renderMenu({ fullName: '', username: 'brisk_otter_4821', email: 'grace.hopper@example.com' }),
    ).toBe('brisk_otter_4821');
  });

  it("falls back to 'Member' when there is neither", () => {
    expect(renderMenu({ fullName: '  ', username: '', email: '' })).toBe('Member');
  });

  it('labels the trigger so screen readers know what it opens', () => {
    renderMenu({ fullName: 'Ada Lovelace' });
    expect(screen.getByRole('button', { name: /Account menu: Ada Lovelace/ })).toBeTruthy();
  });
});
