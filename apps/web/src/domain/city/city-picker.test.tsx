import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createCity } from '../../test/factories';
import { renderApp } from '../../test/render-app';

/** Twelve cities as seeded: Jaipur and Kochi come after the ten loaded on start (spec §9). */
const NAMES = ['Bengaluru', 'Mumbai', 'Pune', 'Hyderabad', 'Chennai', 'Delhi', 'Gurugram', 'Noida', 'Kolkata', 'Ahmedabad', 'Jaipur', 'Kochi'];
const ALL = NAMES.map((name, index) => createCity({ id: index + 1, name, city_Name: name, projectsCount: 100 + index }));

/** GET /api/city as the server answers it: page, limit and a name search. */
function citiesRoute(url: URL) {
  const page = Number(url.searchParams.get('page') ?? 1);
  const limit = Number(url.searchParams.get('limit') ?? 30);
  const search = (url.searchParams.get('search') ?? '').trim().toLowerCase();
  const matching = ALL.filter((city) => city.name.toLowerCase().includes(search));
  const cities = matching.slice((page - 1) * limit, page * limit);
  return { success: true, cities, pagination: { page, limit, total: matching.length, hasMore: page * limit < matching.length } };
}

async function openPicker(user: ReturnType<typeof userEvent.setup>, current = 'Bengaluru') {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  const trigger = await within(nav).findByRole('button', { name: `City: ${current}` });
  await user.click(trigger);
  return { trigger, dialog: await screen.findByRole('dialog', { name: 'Choose a city' }) };
}

describe('the city selector (issue 17: every city can be chosen, not only the first ten)', () => {
  it('loads ten cities on start and no more until it is opened', async () => {
    const { api } = renderApp('/about', { '/api/city': citiesRoute });
    await screen.findByRole('button', { name: 'City: Bengaluru' });
    await waitFor(() => expect(api.requests.some((url) => url.pathname === '/api/city')).toBe(true));
    const cityCalls = api.requests.filter((url) => url.pathname === '/api/city');
    expect(cityCalls.map((url) => url.search)).toEqual(['?page=1&limit=10']);
  });

  it('finds Jaipur by typing, and choosing it switches the site to Jaipur', async () => {
    const user = userEvent.setup();
    const { api } = renderApp('/', { '/api/city': citiesRoute });
    const { dialog } = await openPicker(user);
    const search = within(dialog).getByRole('combobox', { name: 'Search cities' });
    expect(document.activeElement).toBe(search);

    await user.type(search, 'jai');
    const list = within(dialog).getByRole('listbox', { name: 'Cities' });
    await waitFor(() => expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual([expect.stringContaining('Jaipur')]));
    // The server was asked, not just the ten on hand filtered.
    expect(api.requests.some((url) => url.pathname === '/api/city' && url.searchParams.get('search') === 'jai')).toBe(true);

    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog', { name: 'Choose a city' })).toBeNull();
    expect(sessionStorage.getItem('selectedCity')).toBe('Jaipur');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find your next home in Jaipur' })).toBeTruthy();
    const trigger = screen.getByRole('button', { name: 'City: Jaipur' });
    expect(document.activeElement).toBe(trigger);
  });

  it('reaches the cities past the first ten with the keyboard alone, loading them on demand', async () => {
    const user = userEvent.setup();
    renderApp('/about', { '/api/city': citiesRoute });
    const { dialog } = await openPicker(user);
    const list = within(dialog).getByRole('listbox', { name: 'Cities' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(10));
    await user.keyboard('{End}');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(12));
    await user.keyboard('{End}');
    const search = within(dialog).getByRole('combobox', { name: 'Search cities' });
    const active = document.getElementById(search.getAttribute('aria-activedescendant') ?? '');
    expect(active?.textContent).toContain('Kochi');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(sessionStorage.getItem('selectedCity')).toBe('Jaipur');
    expect(await screen.findByRole('button', { name: 'City: Jaipur' })).toBeTruthy();
  });

  it('closes with Escape, giving focus back, and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderApp('/about', { '/api/city': citiesRoute });
    const { trigger, dialog } = await openPicker(user);
    await user.type(within(dialog).getByRole('combobox', { name: 'Search cities' }), 'atlantis');
    expect(await within(dialog).findByText('No city matches “atlantis”.')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Choose a city' })).toBeNull();
    expect(document.activeElement).toBe(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps a city past the first ten chosen across a reload, instead of falling back to Bengaluru', async () => {
    sessionStorage.setItem('selectedCity', 'Kochi');
    renderApp('/', { '/api/city': citiesRoute });
    expect(await screen.findByRole('heading', { level: 1, name: 'Find your next home in Kochi' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'City: Kochi' })).toBeTruthy();
  });

  it('falls back to Bengaluru for a stored name no city has', async () => {
    sessionStorage.setItem('selectedCity', 'Atlantis');
    renderApp('/', { '/api/city': citiesRoute });
    expect(await screen.findByRole('button', { name: 'City: Bengaluru' })).toBeTruthy();
  });
});

describe("home's Explore cities (issue 17)", () => {
  it("offers the first ten, and 'Show more cities' brings Jaipur and Kochi to pick", async () => {
    const user = userEvent.setup();
    renderApp('/', { '/api/city': citiesRoute });
    const section = await screen.findByRole('region', { name: 'Explore cities' });
    await waitFor(() => expect(within(section).getAllByRole('button', { pressed: false }).length + within(section).getAllByRole('button', { pressed: true }).length).toBe(10));
    expect(within(section).queryByRole('button', { name: /Jaipur/ })).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Show more cities' }));
    const jaipur = await within(section).findByRole('button', { name: /Jaipur/ });
    expect(within(section).getByRole('button', { name: /Kochi/ })).toBeTruthy();
    await waitFor(() => expect(within(section).queryByRole('button', { name: /more cities/ })).toBeNull());
    await user.click(jaipur);
    expect(await screen.findByRole('heading', { level: 1, name: 'Find your next home in Jaipur' })).toBeTruthy();
  });
});
