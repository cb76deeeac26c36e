import { useEffect, useSyncExternalStore } from 'react';

/**
 * The toast outlet is not part of the first load. It mounts the first time a toast is shown
 * through lib/toast, or on the visitor's first interaction (so a page that imports react-hot-toast
 * directly still gets its toasts: they wait in the library's store until the outlet mounts).
 */
let requested = false;
const listeners = new Set<() => void>();

export function requestToaster() {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasterRequested(): boolean {
  const value = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  useEffect(() => {
    if (requested) return;
    const events = ['pointerdown', 'keydown'] as const;
    const onFirst = () => requestToaster();
    for (const event of events) window.addEventListener(event, onFirst, { once: true, passive: true });
    return () => {
      for (const event of events) window.removeEventListener(event, onFirst);
    };
  }, []);
  return value;
}
