import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seedStoredLogin } from '../../test/auth';
import { renderApp } from '../../test/render-app';

async function navbar() {
  return screen.findByRole('navigation', { name: 'Main' });
}

describe('navbar (spec §2)', () => {
  it('links the logo home', async () => {
    renderApp('/about');
    expect(within(await navbar()).getByRole('link', { name: 'Nivaas home' }).getAttribute('href')).toBe('/');
  });

  it("shows 'Post Your Property' and 'Log In' when nobody is signed in", async () => {
    renderApp('/about');
    const nav = await navbar();
    expect(within(nav).getByRole('link', { name: /Post Your Property/ }).getAttribute('href')).toBe('/upload-a-property');
    expect(within(nav).getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login');
    expect(within(nav).queryByRole('link', { name: 'Your profile' })).toBeNull();
  });

  it('shows the profile icon instead when a login is stored', async () => {
    await seedStoredLogin('user');
    renderApp('/about');
    const nav = await navbar();
    expect(await within(nav).findByRole('button', { name: 'Your account' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Log In' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: /Post Your Property/ })).toBeNull();
    expect(within(nav).queryByRole('button', { name: 'Open menu' })).toBeNull();
  });

  it('opens a mobile menu with the same links, and closes it with Escape', async () => {
    const user = userEvent.setup();
    renderApp('/about');
    const toggle = within(await navbar()).getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = document.getElementById('mobile-menu');
    expect(menu).not.toBeNull();
    const links = within(menu as HTMLElement).getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/upload-a-property', '/login']);

    await user.keyboard('{Escape}');
    expect(document.getElementById('mobile-menu')).toBeNull();
  });

  it('closes the mobile menu when a link in it is followed', async () => {
    const user = userEvent.setup();
    renderApp('/about');
    await user.click(within(await navbar()).getByRole('button', { name: 'Open menu' }));
    await user.click(within(document.getElementById('mobile-menu') as HTMLElement).getByRole('link', { name: 'Log In' }));
    await waitFor(() => expect(document.getElementById('mobile-menu')).toBeNull());
  });
});

describe('city selector (spec §4)', () => {
  it('lists the cities from the API with Bengaluru chosen by default', async () => {
    const user = userEvent.setup();
    renderApp('/about');
    const trigger = await within(await navbar()).findByRole('button', { name: 'City: Bengaluru' });
    await user.click(trigger);
    const list = await screen.findByRole('listbox', { name: 'Cities' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2));
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual([
      expect.stringContaining('Bengaluru'),
      expect.stringContaining('Pune'),
    ]);
    expect(within(list).getByRole('option', { selected: true }).textContent).toContain('Bengaluru');
  });

  it('keeps the chosen city in sessionStorage and in the home headline', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await within(await navbar()).findByRole('button', { name: 'City: Bengaluru' }));
    await user.click(await screen.findByRole('option', { name: /Pune/ }));
    expect(sessionStorage.getItem('selectedCity')).toBe('Pune');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find your next home in Pune' })).toBeTruthy();
    expect(within(await navbar()).getByRole('button', { name: 'City: Pune' })).toBeTruthy();
  });

  it('starts on the city already in sessionStorage', async () => {
    sessionStorage.setItem('selectedCity', 'Pune');
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find your next home in Pune' })).toBeTruthy();
  });
});
