import { createElement } from 'react';
import { toast, type Id } from 'react-toastify';
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

export function showSuccess(message: string): Id {
  return toast.success(createElement(ToastBody, { title: 'Success', message }), APP_TOAST_OPTIONS);
}

export function showError(message: string): Id {
  return toast.error(createElement(ToastBody, { title: 'Error', message }), APP_TOAST_OPTIONS);
}

/** spec §8: a warning such as 'Please enter a valid search term.' */
export function showWarning(message: string): Id {
  return toast.warning(createElement(ToastBody, { title: 'Warning', message }), APP_TOAST_OPTIONS);
}
