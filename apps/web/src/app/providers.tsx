import { lazy, StrictMode, Suspense, useEffect, useLayoutEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { toastsWanted } from '../lib/toast';
import { TOAST_CONTAINER_OPTIONS } from '../lib/toast-options';
import { hydrateLaterParts } from '../components/later-hydration';
import { finishHydrating, useHydrated } from '../lib/use-hydrated';
import type { AppStore, RootState } from './store';

// No page toasts on first paint, so the toast library (and its styles) load after it. Toasts raised
// before the container mounts are queued by react-toastify and shown once it does.
const ToastContainer = lazy(async () => ({ default: (await import('react-toastify')).ToastContainer }));

function Toasts() {
  // Toasts only ever follow something the visitor did in the browser, so the server renders no container, and the
  // browser mounts it with the first toast (decision 041), not in the seconds after hydration.
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get, () => false);
  if (!useHydrated() || !wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* spec §9: library toasts 5 s with drag dismissal at 80 percent; lib/toast.ts sets the app's own. */}
      <ToastContainer {...TOAST_CONTAINER_OPTIONS} />
    </Suspense>
  );
}

type HydrationProbeWindow = Window & { nivaasHydrated?: () => void };

/**
 * Says on <html data-app-ready> that the first render or hydration has committed. A server-rendered button is visible
 * before then, and text typed into a form before hydration is not in React's state: browser tests (and any tool that
 * drives the page) wait for this mark rather than for paint. Effects never run on the server, so nothing is rendered.
 */
function ReadyMark() {
  useEffect(() => {
    // The last effect of the first commit: whatever mounts after this renders as the browser's from the start.
    finishHydrating();
    // The parts of the page left for later (components/later-hydration.tsx) hydrate first: the page is whole then.
    hydrateLaterParts(() => {
      document.documentElement.dataset['appReady'] = 'true';
    });
  }, []);
  // Decision 045: Preact hydrates without reporting a mismatch, so a test may ask to see the page as the hydrating
  // commit left it (a layout effect: before any state set during that commit renders again) and compare it with the
  // HTML the server sent (e2e hydration).
  useLayoutEffect(() => {
    (window as HydrationProbeWindow).nivaasHydrated?.();
  }, []);
  return null;
}

interface AppProvidersProps {
  store: AppStore;
  /**
   * Decision 028: the state the server rendered with. Hydration reads it instead of the store, so the browser's own
   * session (its selected city, its compare set) shows right after hydration rather than as a mismatch.
   */
  serverState?: RootState;
  /** The router: RouterProvider in the browser, StaticRouterProvider on the server. */
  children: ReactNode;
}

export function AppProviders({ store, serverState, children }: AppProvidersProps) {
  return (
    <StrictMode>
      <Provider store={store} serverState={serverState}>
        {children}
        <Toasts />
        <ReadyMark />
      </Provider>
    </StrictMode>
  );
}
