import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { allowConsoleError } from '@nivaas/client-kit/console-errors';
import { renderApp } from '../test/render-app';

// The home page's module fails to evaluate, as a broken deploy or a crashing import would.
vi.mock('../features/home/home-page', () => {
  throw new Error('home chunk failed');
});

describe('router error element (spec §8)', () => {
  it("shows 'Unexpected Application Error' with a way home, keeping the navbar", async () => {
    allowConsoleError(/home chunk failed/);
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Reload this page' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('leaves other pages working', async () => {
    renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'A calmer way to find a home in India' })).toBeTruthy();
  });
});
