import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * Decision 028: false on the server and during hydration, true once the page is the browser's (and on any client
 * render after that). What only the browser can decide waits for it, so the hydrating render matches the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
