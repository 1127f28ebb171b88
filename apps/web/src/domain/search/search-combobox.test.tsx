import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { createProject, createSearchProject, createSearchResponse } from '../../test/factories';
import { errorResponse, mockApi, type MockRoute } from '../../test/mock-api';
import { SEARCH_DEBOUNCE_MS, SearchCombobox } from './search-combobox';

const whitefieldHeights = createSearchProject({
  id: 41,
  name: 'Whitefield Heights',
  city: { id: 1, name: 'Bengaluru' },
  zone: { id: 2, name: 'East Bengaluru' },
  location: { id: 3, name: 'Whitefield' },
});
// The server forgives typos, so it may send names that do not contain the typed text.
const fuzzyOnly = createSearchProject({ id: 42, name: 'Whitfeld Greens' });
const builder = { id: 7, name: 'White Oak Builders', logo: null };
const location = { id: 9, name: 'Whitefield', city: { id: 1, name: 'Bengaluru' }, zone: null };

function searchRoute(): MockRoute {
  return (url: URL) =>
    createSearchResponse({
      query: url.searchParams.get('query') ?? '',
      projects: [whitefieldHeights, fuzzyOnly],
      builders: [builder],
      locations: [location],
      properties: [createProject({ id: 501 })],
    });
}

function renderSearch(routes: Record<string, MockRoute> = { '/api/project/search': searchRoute() }) {
  const api = mockApi(routes);
  const router = createMemoryRouter([{ path: '*', element: <SearchCombobox variant="navbar" /> }], {
    initialEntries: ['/about'],
  });
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  const searchRequests = () => api.requests.filter((url) => url.pathname === '/api/project/search');
  const here = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { api, router, searchRequests, here, input: screen.getByRole('combobox') };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('search box (spec §2, §5)', () => {
  it('asks the server 200 ms after typing stops, only for non-empty text', async () => {
    vi.useFakeTimers();
    const { input, searchRequests } = renderSearch();

    fireEvent.input(input, { target: { value: 'w' } });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.input(input, { target: { value: 'whi' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(searchRequests()).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(1));
    expect(searchRequests().map((url) => url.searchParams.get('query'))).toEqual(['whi']);

    fireEvent.input(input, { target: { value: '   ' } });
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(searchRequests()).toHaveLength(1);
  });

  it('groups suggestions and keeps only names containing the typed text', async () => {
    const user = userEvent.setup();
    const { input } = renderSearch();
    await user.type(input, 'WHITE');

    const list = await screen.findByRole('listbox', { name: 'Search suggestions' });
    await waitFor(() => expect(within(list).getByRole('group', { name: 'Projects' })).toBeTruthy());
    expect(within(within(list).getByRole('group', { name: 'Projects' })).getAllByRole('option')).toHaveLength(1);
    expect(within(list).getByRole('group', { name: 'Builders' }).textContent).toContain('White Oak Builders');
    expect(within(list).getByRole('group', { name: 'Locations' }).textContent).toContain('Whitefield');
    expect(within(list).queryByText('Whitfeld Greens')).toBeNull();
    expect(list.className).toContain('max-h-40');
  });

  it('moves through suggestions with the arrow keys and closes with Escape', async () => {
    const user = userEvent.setup();
    const { input } = renderSearch();
    await user.type(input, 'white');
    await screen.findByText('Whitefield Heights');

    await user.keyboard('{ArrowDown}');
    const first = document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
    expect(first?.textContent).toContain('Whitefield Heights');
    expect(first?.getAttribute('aria-selected')).toBe('true');

    await user.keyboard('{ArrowDown}');
    expect(document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent).toContain(
      'White Oak Builders',
    );
    await user.keyboard('{ArrowUp}');
    expect(document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent).toContain(
      'Whitefield Heights',
    );

    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('white');
  });

  it('opens a project with Enter, after repeating the search and storing its properties', async () => {
    const user = userEvent.setup();
    const { input, here, searchRequests, router } = renderSearch();
    await user.type(input, 'white');
    await screen.findByText('Whitefield Heights');
    await user.keyboard('{ArrowDown}{Enter}');

    await waitFor(() => expect(here()).toBe('/properties/bengaluru/east-bengaluru/whitefield/whitefield-heights/41'));
    expect(searchRequests().length).toBeGreaterThanOrEqual(2);
    const key = (router.state.location.state as { searchPropertiesKey: string }).searchPropertiesKey;
    expect(JSON.parse(sessionStorage.getItem(key) ?? '[]')).toHaveLength(1);
  });

  it('opens a builder at /developer/{name}/{id}', async () => {
    const user = userEvent.setup();
    const { input, here } = renderSearch();
    await user.type(input, 'white');
    await user.click(await screen.findByRole('option', { name: /White Oak Builders/ }));
    await waitFor(() => expect(here()).toBe('/developer/white-oak-builders/7'));
  });

  it('opens a location as results for that locality', async () => {
    const user = userEvent.setup();
    const { input, here } = renderSearch();
    await user.type(input, 'white');
    const locations = await screen.findByRole('group', { name: 'Locations' });
    await user.click(within(locations).getByRole('option'));
    await waitFor(() => expect(here()).toBe('/property-detail-page?locationId=9'));
  });

  it('searches free text with Enter when nothing is highlighted', async () => {
    const user = userEvent.setup();
    const { input, here } = renderSearch();
    await user.type(input, '2 bhk under 80 lakh{Enter}');
    await waitFor(() => expect(here()).toBe('/property-detail-page?search=2+bhk+under+80+lakh'));
  });

  it.each(['', '   ', 'Select Location'])('warns instead of searching for %j', async (text) => {
    const warning = vi.spyOn(toast, 'warning').mockReturnValue('w');
    const user = userEvent.setup();
    const { input, here } = renderSearch();
    if (text) await user.type(input, text);
    if (text.trim()) {
      // Close the list first, so Enter is not taken by a highlighted option.
      await user.keyboard('{Escape}');
    }
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(warning).toHaveBeenCalledTimes(1));
    expect(JSON.stringify(warning.mock.calls[0]?.[0]?.valueOf())).toContain('Please enter a valid search term.');
    expect(here()).toBe('/about');
  });

  it('alerts and stays when the search behind a project click fails', async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue('e');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let calls = 0;
    const user = userEvent.setup();
    const { input, here } = renderSearch({
      '/api/project/search': (url: URL) => {
        calls += 1;
        return calls === 1 ? (searchRoute() as (url: URL) => unknown)(url) : errorResponse(500);
      },
    });
    await user.type(input, 'white');
    await user.click(await screen.findByRole('option', { name: /Whitefield Heights/ }));
    await waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    expect(JSON.stringify(error.mock.calls[0]?.[0]?.valueOf())).toContain('Error performing search. Please try again.');
    expect(here()).toBe('/about');
    expect(warn).toHaveBeenCalled();
  });

  it('only logs a warning when suggestions fail', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { input } = renderSearch({ '/api/project/search': errorResponse(500) });
    await user.type(input, 'white');
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Search suggestions failed', expect.anything()));
    expect(screen.getByRole('listbox', { hidden: true }).textContent).toContain('See all properties for “white”');
  });
});
