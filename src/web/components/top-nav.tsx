import { HistoryIcon, LayoutDashboardIcon, LogOutIcon, MenuIcon, SettingsIcon, XIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useHydrated } from '../lib/hydration';
import { useSession } from '../lib/session';
import { cn } from '../lib/utils';
import { BrandLink } from './brand-logo';
import { CreateButton } from './create-button';
import { Button } from './ui/button';
import { Skeleton } from './ui/skeleton';
import { UserAvatar } from './user-avatar';

// The dropdown (and its positioning engine) only matters to signed-in people, so it loads on demand.
const UserMenu = lazy(() => import('./user-menu'));

type NavItem = { to: string; label: string; signedInOnly?: boolean };

const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/explore', label: 'Explore', signedInOnly: true },
];

const desktopLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 font-medium text-sm transition-colors hover:bg-accent hover:text-accent-foreground',
    isActive ? 'text-primary' : 'text-muted-foreground',
  );

const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-md px-3 py-3 font-medium text-base transition-colors hover:bg-accent',
    isActive ? 'bg-accent text-accent-foreground' : 'text-foreground',
  );

export function TopNav() {
  const { status, me, signOut } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const hydrated = useHydrated();
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Any navigation closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route change on purpose
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const signedIn = status === 'signed-in' && me !== null;
  // One rule for the desktop bar and the phone menu: Explore is for members (it asks a visitor
  // to sign in), so a visitor sees it in neither.
  const navItems = NAV_ITEMS.filter((item) => !item.signedInOnly || signedIn);
  const name = me ? me.user.name : '';

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <BrandLink />

        <ul className="hidden items-center gap-1 md:flex">
          {navItems.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === '/'} className={desktopLinkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>

        <div className="ml-auto hidden items-center gap-2 md:flex">
          {status === 'loading' && (
            <div className="flex items-center gap-2" data-testid="nav-auth-placeholder">
              <Skeleton className="h-9 w-20" />
              <Skeleton className="size-9 rounded-full" />
            </div>
          )}
          {status === 'signed-out' && (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to="/login">Log in</Link>
              </Button>
              <Button asChild size="sm">
                <Link to="/signup">Sign up</Link>
              </Button>
            </>
          )}
          {signedIn && (
            <>
              <CreateButton size="sm">Create Clipart</CreateButton>
              <Suspense
                fallback={
                  <span className="flex items-center gap-2 py-1 pr-2 pl-1 text-sm">
                    <UserAvatar name={me.user.name} />
                    <span className="max-w-32 truncate font-medium">{name}</span>
                  </span>
                }
              >
                <UserMenu me={me} />
              </Suspense>
            </>
          )}
        </div>

        <div className="ml-auto flex items-center gap-2 md:hidden">
          {status === 'loading' && (
            <Skeleton className="size-9 rounded-full" data-testid="nav-auth-placeholder" />
          )}
          {signedIn && <CreateButton size="icon" variant="secondary" aria-label="Create Clipart" />}
          <Button
            ref={toggleRef}
            variant="ghost"
            size="icon"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
            // A prerendered page's tap before React takes over would be lost: the button waits.
            disabled={!hydrated}
            data-testid="mobile-menu-toggle"
          >
            {menuOpen ? <XIcon aria-hidden="true" /> : <MenuIcon aria-hidden="true" />}
          </Button>
        </div>
      </nav>

      <div
        id={menuId}
        hidden={!menuOpen}
        className="border-t bg-background shadow-lg md:hidden"
        data-testid="mobile-menu"
      >
        <div className="mx-auto max-w-6xl px-4 py-3">
          <ul className="flex flex-col gap-1" aria-label="Pages">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'} className={mobileLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-3 border-t pt-3">
            {status === 'loading' && <Skeleton className="h-10 w-full" />}
            {status === 'signed-out' && (
              <div className="grid grid-cols-2 gap-2">
                <Button asChild variant="outline">
                  <Link to="/login">Log in</Link>
                </Button>
                <Button asChild>
                  <Link to="/signup">Sign up</Link>
                </Button>
              </div>
            )}
            {signedIn && (
              <div className="flex flex-col gap-1">
                <div className="flex items-center gap-3 px-3 py-2">
                  <UserAvatar name={me.user.name} className="size-10 text-sm" />
                  <div className="min-w-0">
                    <p className="truncate font-semibold">{name}</p>
                    <p className="truncate text-muted-foreground text-sm">{me.user.email}</p>
                  </div>
                </div>
                <CreateButton className="my-1">Create Clipart</CreateButton>
                <NavLink to="/dashboard" className={mobileLinkClass}>
                  <LayoutDashboardIcon className="size-5 text-muted-foreground" aria-hidden="true" />
                  Dashboard
                </NavLink>
                <NavLink to="/history" className={mobileLinkClass}>
                  <HistoryIcon className="size-5 text-muted-foreground" aria-hidden="true" />
                  History
                </NavLink>
                <NavLink to="/settings" className={mobileLinkClass}>
                  <SettingsIcon className="size-5 text-muted-foreground" aria-hidden="true" />
                  Account Settings
                </NavLink>
                <button
                  type="button"
                  onClick={() => void signOut()}
                  className="flex items-center gap-3 rounded-md px-3 py-3 text-left font-medium text-base text-destructive transition-colors hover:bg-red-50"
                >
                  <LogOutIcon className="size-5" aria-hidden="true" />
                  Sign out
                </button>
              </div>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
