import { useCallback, useEffect, useRef } from 'react';

/** spec §4 'Paging': the dashboard loads more when the bottom marker is 10% visible. */
const TEN_PERCENT: IntersectionObserverInit = { threshold: 0.1 };

/** A ref for the bottom marker; `onVisible` runs when 10% of it shows, while `enabled` (more pages, nothing loading). */
export function useBottomMarker(onVisible: () => void, enabled: boolean) {
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
    }, TEN_PERCENT);
    observer.current.observe(element.current);
  }, [enabled]);

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
