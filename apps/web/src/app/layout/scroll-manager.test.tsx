import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { citySelected } from '../../domain/city/city-slice';
import { renderApp } from '../../test/render-app';

describe('scrolling (spec §2)', () => {
  it('jumps to the top on every location change', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'A calmer way to find a home in India' });
    scrollTo.mockClear();

    await act(() => router.navigate('/privacy-policy'));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
  });

  it('scrolls smoothly to the top when the visitor changes city', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { store } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    scrollTo.mockClear();

    act(() => {
      store.dispatch(citySelected('Pune'));
    });
    // On a busy machine the home page's lazy sections may still be settling when the city changes,
    // so the effect can land a moment after the dispatch: wait for it rather than assume one tick.
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'smooth' }));
  });
});
