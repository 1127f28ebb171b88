import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { usePageVisible } from '../../../lib/use-page-visible';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import { clampBannerIndex, nextBannerIndex } from './banner-index';

export const BANNER_INTERVAL_MS = 6000;

const isPageLoaded = () => document.readyState === 'complete';
const subscribeToLoad = (onChange: () => void) => {
  window.addEventListener('load', onChange);
  return () => window.removeEventListener('load', onChange);
};

/**
 * Auto-advancing banner index. It rests while the tab is hidden, never starts by itself for visitors
 * who prefer reduced motion, and the visitor can pause or resume it (WCAG 2.2.2).
 */
export function useBannerRotation(count: number, intervalMs = BANNER_INTERVAL_MS) {
  const reducedMotion = useReducedMotion();
  const visible = usePageVisible();
  // null: the visitor has not chosen, so follow their motion preference.
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  // While keyboard focus or the pointer is on the controls, slides must not move under it.
  const [held, setHeld] = useState(false);
  const [position, setPosition] = useState({ index: 0, furthest: 0 });
  // Decision 032: the next slide's picture (another 40 kB) waits for the page's load event, so the first screen's
  // bytes go to the first banner and the page's own scripts.
  const pageLoaded = useSyncExternalStore(subscribeToLoad, isPageLoaded, () => false);

  const paused = userPaused ?? reducedMotion;
  const index = clampBannerIndex(position.index, count);
  const running = count > 1 && !paused && !held && visible;

  const goTo = useCallback((next: number) => {
    setPosition((current) => ({ index: next, furthest: Math.max(current.furthest, next) }));
  }, []);

  // A timeout per slide rather than an interval: choosing a slide by hand restarts the wait.
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => goTo(nextBannerIndex(index, count)), intervalMs);
    return () => window.clearTimeout(timer);
  }, [running, index, count, intervalMs, goTo]);

  return {
    index,
    /** Slides up to here (plus the next one, once the page has loaded) have their image mounted; later ones wait. */
    furthest: Math.min(position.furthest, Math.max(count - 1, 0)),
    mountsNext: pageLoaded,
    paused,
    goTo,
    togglePaused: () => setUserPaused(!paused),
    /** Spread on the controls: holds the rotation while they have focus or the pointer. */
    holdHandlers: {
      onFocus: () => setHeld(true),
      onBlur: () => setHeld(false),
      onPointerEnter: () => setHeld(true),
      onPointerLeave: () => setHeld(false),
    },
  };
}
