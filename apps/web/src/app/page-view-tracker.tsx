import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { track } from '../lib/tracking/track';

/** Issue 12: a PAGE_VIEW on every route change, recorded once per history entry (StrictMode runs effects twice). */
export function PageViewTracker() {
  const location = useLocation();
  const lastKey = useRef<string | null>(null);
  useEffect(() => {
    const key = `${location.key}:${location.pathname}${location.search}`;
    if (lastKey.current === key) return;
    lastKey.current = key;
    track('PAGE_VIEW');
  }, [location.key, location.pathname, location.search]);
  return null;
}
