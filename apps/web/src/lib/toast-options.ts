import type { ToastContainerProps, ToastOptions } from 'react-toastify';

// Type-only imports: the providers read these options without pulling react-toastify into the
// first-paint bundle.

/**
 * spec §4 'Toasts': the app's own success and error toasts. The 'colored' theme paints success green
 * and error red; index.css darkens both so white text keeps a 4.5:1 contrast.
 */
export const APP_TOAST_OPTIONS = {
  position: 'top-right',
  autoClose: 3000,
  hideProgressBar: true,
  closeOnClick: false,
  pauseOnHover: false,
  draggable: false,
  theme: 'colored',
} as const satisfies ToastOptions;

/** spec §9: what any other toast gets from the container: 5 s, swipe away past 80 percent. */
export const TOAST_CONTAINER_OPTIONS = {
  position: 'top-right',
  autoClose: 5000,
  draggablePercent: 80,
} as const satisfies ToastContainerProps;
