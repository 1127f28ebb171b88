import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { seedStoredLogin } from '../../test/auth';
import { renderApp } from '../../test/render-app';

// The first render of a file transforms lazy route chunks, which on two busy cores can take seconds.
vi.setConfig({ testTimeout: 20_000 });

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('../../lib/toast', () => ({ showSuccess: toasts.success, showError: toasts.error, showWarning: toasts.warning }));

async function openAccountMenu() {
  const user = userEvent.setup();
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(await within(nav).findByRole('button', { name: 'Your account' }));
  return { user, menu: await screen.findByRole('dialog') };
}

function hrefs(menu: HTMLElement) {
  return within(within(menu).getByRole('navigation', { name: 'Account' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('side menus (spec §2)', () => {
  it("gives a user the user menu with photo, name and phone", async () => {
    await seedStoredLogin('user', { name: 'Asha Rao', phone: '9876543210', photo: '/media/asha.webp' });
    renderApp('/about');
    const { menu } = await openAccountMenu();
    expect(within(menu).getByRole('heading', { name: 'Asha Rao' })).toBeTruthy();
    expect(within(menu).getByText('9876543210')).toBeTruthy();
    expect(menu.querySelector('img')?.getAttribute('src')).toBe('/media/asha.webp');
    expect(hrefs(menu)).toEqual([
      ['My Profile', '/profile'],
      ['List your Property', '/upload-a-property'],
      ['Uploaded Properties', '/uploded-properties'],
      ['Wishlist', '/wishlist'],
    ]);
    expect(within(menu).getByRole('button', { name: 'Log Out' })).toBeTruthy();
  });

  it("says 'Add Your Name' and shows the default picture for a user without them", async () => {
    await seedStoredLogin('user', { name: null, photo: null });
    renderApp('/about');
    const { menu } = await openAccountMenu();
    expect(within(menu).getByRole('link', { name: 'Add Your Name' }).getAttribute('href')).toBe('/profile');
    expect(menu.querySelector('img')).toBeNull();
  });

  it('gives a broker the broker menu', async () => {
    await seedStoredLogin('broker', { name: 'Vikram Brokers' });
    renderApp('/about');
    const { menu } = await openAccountMenu();
    expect(hrefs(menu)).toEqual([
      ['Broker Profile', '/broker-profile'],
      ['Upload a Property', '/upload-a-property'],
      ['View All Uploads', '/ViewallUploads'],
      ['Leads', '/leads'],
      ['Wishlist', '/wishlist'],
    ]);
  });

  it('gives the broker precedence in menus when both are signed in (spec §6)', async () => {
    await seedStoredLogin('user', { name: 'Asha Rao' });
    await seedStoredLogin('broker', { name: 'Vikram Brokers' });
    renderApp('/about');
    const { menu } = await openAccountMenu();
    expect(within(menu).getByRole('heading', { name: 'Vikram Brokers' })).toBeTruthy();
  });

  it('closes with Escape and gives focus back to the profile icon', async () => {
    await seedStoredLogin('user');
    renderApp('/about');
    const { user } = await openAccountMenu();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Your account');
  });

  it("logs out: calls logout for that account, clears its stored login, toasts and returns to /", async () => {
    const login = await seedStoredLogin('user');
    const { api, router, store } = renderApp('/about', {
      '/api/auth/portal/logout': { success: true, message: 'Logged out successfully!' },
    });
    const { user, menu } = await openAccountMenu();
    await user.click(within(menu).getByRole('button', { name: 'Log Out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // Signed out once / is on screen (a guarded page would otherwise redirect to /login first).
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Logged out successfully!'));
    expect(store.getState().auth.user).toBeNull();
    await waitFor(() => expect(localStorage.getItem('user')).toBeNull());
    const call = api.fetchMock.mock.calls.find(([input]) => String((input as Request).url).endsWith('/api/auth/portal/logout'));
    const request = call?.[0] as Request;
    expect(request.method).toBe('POST');
    expect(request.headers.get('Authorization')).toBe(`Bearer ${login.token}`);
    expect(await request.clone().json()).toEqual({ role: 'user' });
    expect(await within(await screen.findByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Log In' })).toBeTruthy();
  });
});
