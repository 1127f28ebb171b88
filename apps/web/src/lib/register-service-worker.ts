/**
 * Registers /sw.js (decision 029) once the page has loaded, so the worker's install (it downloads the app shell)
 * never competes with the first screen. Production builds only: Vite's dev server has no sw.js, and a worker there
 * would keep stale modules. A browser without service workers, or one that refuses (private mode), just goes on.
 */
export function registerServiceWorkerAfterLoad(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('Offline support is off', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
