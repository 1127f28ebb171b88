import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { allowConsoleError } from '@nivaas/client-kit/console-errors';
import { renderApp } from '../test/render-app';

vi.mock('./layout/root-layout', () => {
  throw new Error('layout chunk failed');
});

describe('root error element (spec §8)', () => {
  it("shows 'Unexpected Application Error' full screen when the layout itself fails", async () => {
    allowConsoleError(/layout chunk failed/);
    renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nivaas home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});
