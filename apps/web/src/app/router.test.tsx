import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';

describe('routes', () => {
  it('shows a helpful not-found page for an unknown path, with the way home', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'We couldn’t find that page' })).toBeTruthy();
    expect(screen.getByText('/no/such/page')).toBeTruthy();
    const home = screen.getByRole('link', { name: 'Go to the home page' });
    expect(home.getAttribute('href')).toBe('/');
  });

  it.each(['/no-such-page', '/developer/sobha'])(
    'leaves unknown paths and routes of later issues (%s) to the not-found page',
    async (path) => {
      renderApp(path);
      expect(await screen.findByRole('heading', { name: 'We couldn’t find that page' })).toBeTruthy();
    },
  );

  it.each([
    ['/', /Find your next home in/],
    ['/about', 'A calmer way to find a home in India'],
    ['/privacy-policy', 'What we keep about you, and why'],
    ['/terms-conditions', 'The terms of using Nivaas'],
    ['/mortage-calculator', 'EMI calculator'],
    ['/blog', 'Guides for home buyers'],
    ['/contact-us', 'Contact us'],
    ['/developers', 'Builders you can trust'],
    ['/brokers', 'Verified local brokers'],
    ['/construction', 'Build or renovate with confidence'],
    ['/contractors', 'Approved contractors'],
  ])('renders %s', async (path, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });
});
