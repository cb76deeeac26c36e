import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** A new page starts at the top (declarative routing has no <ScrollRestoration>); #anchors are left alone. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
