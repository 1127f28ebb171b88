import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

/** Set by main.tsx for the time a server-rendered page is hydrating; a client-rendered app never hydrates. */
let hydrating = false;

export function startHydrating(): void {
  hydrating = true;
}

/** True while the server's page is being hydrated (the first render in the browser). */
export function isHydrating(): boolean {
  return hydrating;
}

/** Called once the hydrating render has committed (app/providers.tsx): components mounted from then on start hydrated. */
export function finishHydrating(): void {
  hydrating = false;
}

const subscribeNever = () => () => {};

/**
 * Decision 028: false on the server and during hydration, true once the page is the browser's (and on any client
 * render after that). What only the browser can decide waits for it, so the hydrating render matches the server's.
 *
 * Issue 15 (TBT): the switch after hydration is a transition, so React re-renders the components that read this in
 * slices it can interrupt. The store read alone would force one synchronous re-render of all of them in the task right
 * after hydration: its browser value differs from the server's, and React corrects such a read at once. Here the
 * browser's value stays false until hydration has committed, so there is nothing to correct, and the effect flips it.
 */
export function useHydrated(): boolean {
  const browserOwned = useSyncExternalStore(
    subscribeNever,
    () => !hydrating,
    () => false,
  );
  const [flipped, setFlipped] = useState(false);
  useEffect(() => {
    if (!browserOwned) startTransition(() => setFlipped(true));
  }, [browserOwned]);
  return browserOwned || flipped;
}
