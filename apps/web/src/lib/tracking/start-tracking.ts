import type { TrackingContext } from './tracking-context';

/** How long the engine waits for an idle moment at most, once the page has loaded. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Loads the tracking engine after the page is interactive (issue 12: tracking adds no weight to the first load):
 * after the load event, then an idle moment (or IDLE_TIMEOUT_MS). Events tracked before that wait in local storage.
 */
export function startTrackingWhenIdle(context: TrackingContext): void {
  const load = () => {
    import('./tracking-engine')
      .then(({ startTrackingEngine }) => startTrackingEngine(context))
      // A chunk that failed to download (a deploy, a flaky network): the events wait for the next page load.
      .catch((error: unknown) => console.warn('Tracking could not start', error));
  };
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS });
    else window.setTimeout(load, 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
