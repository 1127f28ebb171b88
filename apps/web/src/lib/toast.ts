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

/**
 * Decision 032: the toast library loads with the first toast, not with every page's layout (toasts only ever follow
 * something the visitor did). The container (app/providers.tsx) loads it after hydration too, and react-toastify
 * queues a toast raised before its container mounts.
 */
function raise(kind: 'success' | 'error' | 'warning', title: string, message: string): void {
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
