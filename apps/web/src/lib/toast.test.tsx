import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from './toast';
import { APP_TOAST_OPTIONS, TOAST_CONTAINER_OPTIONS } from './toast-options';

describe('app toasts (spec §4)', () => {
  it('use the spec options', () => {
    expect(APP_TOAST_OPTIONS).toEqual({
      position: 'top-right',
      autoClose: 3000,
      hideProgressBar: true,
      closeOnClick: false,
      pauseOnHover: false,
      draggable: false,
      theme: 'colored',
    });
  });

  it('titles a success toast Success', async () => {
    const success = vi.spyOn(toast, 'success').mockReturnValue('t1');
    showSuccess('Saved your search');
    await vi.waitFor(() => expect(success).toHaveBeenCalled());
    const [content, options] = success.mock.calls[0] ?? [];
    expect(options).toBe(APP_TOAST_OPTIONS);
    render(content as ReactElement);
    expect(screen.getByText('Success')).toBeTruthy();
    expect(screen.getByText('Saved your search')).toBeTruthy();
  });

  it('titles an error toast Error', async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue('t2');
    showError('Could not send');
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    const [content, options] = error.mock.calls[0] ?? [];
    expect(options).toBe(APP_TOAST_OPTIONS);
    render(content as ReactElement);
    expect(screen.getByText('Error')).toBeTruthy();
  });
});

describe('toast container (spec §9)', () => {
  it('auto-closes after 5 s and dismisses on an 80 percent drag', () => {
    expect(TOAST_CONTAINER_OPTIONS).toEqual({ position: 'top-right', autoClose: 5000, draggablePercent: 80 });
  });
});
