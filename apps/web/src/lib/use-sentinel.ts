import { useCallback, useEffect, useRef } from 'react';

/** How far below the viewport the sentinel counts as reached: the next page starts before the end shows. */
const AHEAD: IntersectionObserverInit = { rootMargin: '400px 0px' };

/**
 * spec §4 'Paging': when the sentinel is visible, more pages remain and nothing is loading, the next
 * page is asked for. Returns a ref for the sentinel element. `enabled` carries the last two
 * conditions; while it is false the observer is not even attached. `options` says when it counts as visible
 * (by default a little before it scrolls into view).
 */
export function useSentinel(onVisible: () => void, enabled: boolean, options: IntersectionObserverInit = AHEAD) {
  const callback = useRef(onVisible);
  const observer = useRef<IntersectionObserver | null>(null);
  const element = useRef<Element | null>(null);

  useEffect(() => {
    callback.current = onVisible;
  });

  const attach = useCallback(() => {
    observer.current?.disconnect();
    observer.current = null;
    if (!enabled || !element.current || typeof IntersectionObserver === 'undefined') return;
    observer.current = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) callback.current();
    }, options);
    observer.current.observe(element.current);
  }, [enabled, options]);

  // A fresh observer after each page: if the sentinel is still in view (a short page on a tall
  // screen), the new observer reports it at once and the next page follows.
  useEffect(() => {
    attach();
    return () => observer.current?.disconnect();
  }, [attach]);

  return useCallback(
    (node: Element | null) => {
      element.current = node;
      attach();
    },
    [attach],
  );
}
