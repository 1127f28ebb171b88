import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

// Waits for the lazy layout and page, then reports which chrome is on screen.
async function chromeAt(path: string) {
  renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return {
    navbar: screen.queryByRole('navigation', { name: 'Main' }) !== null,
    footer: screen.queryByRole('contentinfo') !== null,
  };
}

describe('layout (spec §2)', () => {
  it.each(['/login', '/registration', '/forgot-password', '/reset-password'])('hides the navbar on %s', async (path) => {
    expect((await chromeAt(path)).navbar).toBe(false);
  });

  // /chat is broker-only: features/chat/chat-page.test.tsx checks its chrome with a broker signed in.
  it.each(['/', '/about', '/mortage-calculator', '/no-such-page'])('shows the navbar on %s', async (path) => {
    expect((await chromeAt(path)).navbar).toBe(true);
  });

  it.each(['/registration'])('hides the footer on %s', async (path) => {
    expect((await chromeAt(path)).footer).toBe(false);
  });

  it.each(['/', '/login', '/forgot-password', '/terms-conditions'])('shows the footer on %s', async (path) => {
    expect((await chromeAt(path)).footer).toBe(true);
  });

  it('offers a skip link to the main content', async () => {
    renderApp('/about');
    expect(await screen.findByRole('link', { name: 'Skip to content' })).toHaveProperty('hash', '#main');
    expect(screen.getByRole('main').id).toBe('main');
  });
});
