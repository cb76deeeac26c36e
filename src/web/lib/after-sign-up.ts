import { isSafeRedirectPath, safeRedirectPath } from '../../core/redirect';

/**
 * Where a new member goes once their sign-up is confirmed, when they came from somewhere (a team
 * invitation). The confirmation link opens from the mail, often in another tab, so the place is kept
 * in localStorage for as long as that link works, and used once.
 */
const KEY = 'clipsmith.after-sign-up';
const KEEP_MS = 24 * 60 * 60 * 1000;

export function rememberAfterSignUp(path: string | null): void {
  try {
    if (!path || !isSafeRedirectPath(path)) {
      window.localStorage.removeItem(KEY);
      return;
    }
    window.localStorage.setItem(KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    // Storage disabled: the member lands on the dashboard instead.
  }
}

/** The kept place (once), else the dashboard. */
export function takeAfterSignUp(): string {
  try {
    const kept = JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as {
      path?: unknown;
      at?: unknown;
    } | null;
    window.localStorage.removeItem(KEY);
    if (typeof kept?.path === 'string' && typeof kept.at === 'number' && Date.now() - kept.at < KEEP_MS) {
      return safeRedirectPath(kept.path);
    }
  } catch {
    // Nothing usable kept.
  }
  return '/dashboard';
}
