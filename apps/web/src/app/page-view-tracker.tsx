import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { track } from '../lib/tracking/track';

/**
 * Issue 12: a PAGE_VIEW on every route change, recorded once per history entry (StrictMode runs effects twice).
 * Recorded as the page commits (a layout effect): Preact runs plain effects after the next frame (decision 045), by
 * when a quick visitor may already be on the next page, whose address the event would then carry.
 */
export function PageViewTracker() {
  const location = useLocation();
  const lastKey = useRef<string | null>(null);
  useLayoutEffect(() => {
    const key = `${location.key}:${location.pathname}${location.search}`;
    if (lastKey.current === key) return;
    lastKey.current = key;
    track('PAGE_VIEW');
  }, [location.key, location.pathname, location.search]);
  return null;
}
