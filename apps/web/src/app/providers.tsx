import { lazy, StrictMode, Suspense } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import type { createBrowserRouter } from 'react-router';
import { TOAST_CONTAINER_OPTIONS } from '../lib/toast-options';
import type { AppStore } from './store';

// No page toasts on first paint, so the toast library (and its styles) load after it. Toasts raised
// before the container mounts are queued by react-toastify and shown once it does.
const ToastContainer = lazy(async () => ({ default: (await import('react-toastify')).ToastContainer }));

type AppRouter = ReturnType<typeof createBrowserRouter>;

interface AppProvidersProps {
  store: AppStore;
  router: AppRouter;
}

export function AppProviders({ store, router }: AppProvidersProps) {
  return (
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
        <Suspense fallback={null}>
          {/* spec §9: library toasts 5 s with drag dismissal at 80 percent; lib/toast.ts sets the app's own. */}
          <ToastContainer {...TOAST_CONTAINER_OPTIONS} />
        </Suspense>
      </Provider>
    </StrictMode>
  );
}
