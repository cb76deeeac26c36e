import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates a page prerendered at build time (scripts/prerender.ts), and on the
 * server; true right after, and from the start on a page rendered in the browser. What only the
 * browser knows (the session, this deployment's settings, today's date) waits for it, so the first
 * render matches the prerendered HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
