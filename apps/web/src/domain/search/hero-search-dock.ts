import { useEffect, useSyncExternalStore, type RefObject } from 'react';
import { throttle } from '../../lib/throttle';

/**
 * spec §2: on the home page the navbar's search box appears only once the hero's search box has
 * scrolled under the top bar. The hero reports here; the navbar listens. A module-level store (not
 * Redux) because it changes on scroll and nothing else needs it.
 */
let heroSearchVisible = false;
const listeners = new Set<() => void>();

function setHeroSearchVisible(visible: boolean) {
  if (visible === heroSearchVisible) return;
  heroSearchVisible = visible;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while a hero search box is on screen below the top bar. */
export function useHeroSearchVisible(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => heroSearchVisible,
    () => false,
  );
}

/** spec §9: the scroll check is throttled to 100 ms. */
export const DOCK_SCROLL_THROTTLE_MS = 100;

/** The element the top bar is drawn in; its bottom edge is where the hero box 'scrolls under'. */
export const TOP_BAR_SELECTOR = '[data-top-bar]';

/** Called by the hero with its search box: keeps the store in step while the hero is mounted. */
export function useHeroSearchDock(target: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const check = () => {
      const element = target.current;
      if (!element) return;
      const barBottom = document.querySelector(TOP_BAR_SELECTOR)?.getBoundingClientRect().bottom ?? 0;
      setHeroSearchVisible(element.getBoundingClientRect().bottom > barBottom);
    };
    const throttled = throttle(check, DOCK_SCROLL_THROTTLE_MS);
    check();
    window.addEventListener('scroll', throttled.run, { passive: true });
    window.addEventListener('resize', throttled.run, { passive: true });
    return () => {
      throttled.cancel();
      window.removeEventListener('scroll', throttled.run);
      window.removeEventListener('resize', throttled.run);
      // Leaving the home page: nothing is hiding the navbar's box any more.
      setHeroSearchVisible(false);
    };
  }, [target]);
}
