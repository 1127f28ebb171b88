import { createElement } from 'react';
import { APP_TOAST_OPTIONS } from './toast-options';

interface ToastBodyProps {
  title: string;
  message: string;
}

function ToastBody({ title, message }: ToastBodyProps) {
  return createElement(
    'div',
    { className: 'text-sm leading-snug' },
    createElement('p', { className: 'font-semibold' }, title),
    createElement('p', null, message),
  );
}

let wanted = false;
const listeners = new Set<() => void>();

/**
 * Decision 041: whether a toast has been raised yet. The container (app/providers.tsx) mounts only then: mounted
 * after every hydration, it loaded and ran react-toastify inside the page's busiest second for a toast most visits
 * never show. react-toastify queues a toast raised before its container mounts.
 */
export const toastsWanted = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): boolean => wanted,
};

/**
 * Decision 032: the toast library loads with the first toast, not with every page's layout (toasts only ever follow
 * something the visitor did).
 */
function raise(kind: 'success' | 'error' | 'warning', title: string, message: string): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void import('react-toastify').then(({ toast }) => {
    toast[kind](createElement(ToastBody, { title, message }), APP_TOAST_OPTIONS);
  });
}

export function showSuccess(message: string): void {
  raise('success', 'Success', message);
}

export function showError(message: string): void {
  raise('error', 'Error', message);
}

/** spec §8: a warning such as 'Please enter a valid search term.' */
export function showWarning(message: string): void {
  raise('warning', 'Warning', message);
}
