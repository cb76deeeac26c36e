import { type ReactNode, useEffect, useRef, useState } from 'react';

type DeferredSectionProps = {
  children: ReactNode;
  /** Holds the space (avoids layout shift) until the content mounts. */
  placeholder: ReactNode;
  /** How far below the viewport to start loading. */
  rootMargin?: string;
};

/**
 * Mounts its children (typically a React.lazy component) only when the visitor scrolls near it,
 * so below-the-fold sections do not count against the first load.
 */
export function DeferredSection({ children, placeholder, rootMargin = '600px 0px' }: DeferredSectionProps) {
  const ref = useRef<HTMLDivElement>(null);
  // The placeholder first, also when prerendering, so a prerendered page hydrates as it was rendered.
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (visible || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, rootMargin]);

  return <div ref={ref}>{visible ? children : placeholder}</div>;
}
