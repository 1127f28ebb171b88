import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { seedStoredLogin } from '../../test/auth';
import { createProject } from '../../test/factories';
import { renderApp } from '../../test/render-app';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('../../lib/toast', () => ({ showSuccess: toasts.success, showError: toasts.error, showWarning: toasts.warning }));

const lakeside = createProject({ id: 9, name: 'Lakeside Towers' });
const listing = createProject({ id: 31, name: '2 BHK near Metro', item: 'listing', brokerId: 4, type: 'apartment' });

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** GET /favourites/user answers from `held`; POST removes from it, as the server would. */
function favouritesRoute(held: typeof lakeside[]) {
  return async (url: URL) => {
    const mode = url.searchParams.get('mode');
    return mode === 'data'
      ? { success: true, mode: 'data', favourites: held }
      : { success: true, mode: 'ids', favourites: held.map((project) => project.id) };
  };
}

function withToggle(api: ReturnType<typeof renderApp>['api'], held: typeof lakeside[]) {
  const answer = api.fetchMock.getMockImplementation();
  api.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/favourites/user') {
      const body = (await request.clone().json()) as { projectId: number; userType: string; action: 'add' | 'remove' };
      const index = held.findIndex((project) => project.id === body.projectId);
      if (index >= 0) held.splice(index, 1);
      return json({ success: true, message: 'Removed from favorites', favourite: { ...body, favourited: false } });
    }
    return answer!(input, init);
  });
}

/** The first render transforms a lazy route chunk, which on two busy cores can take seconds. */
const SLOW = 20_000;

beforeEach(() => {
  toasts.success.mockReset();
  toasts.error.mockReset();
  toasts.warning.mockReset();
});

describe('/wishlist', () => {
  it('sends a visitor to /login, carrying the way back', async () => {
    const { router } = renderApp('/wishlist');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/wishlist' } });
  }, SLOW);

  it('shows a user’s favourites as cards, links a listing to its own page, and removes one with its heart', async () => {
    const user = userEvent.setup();
    await seedStoredLogin('user', { id: 41 });
    const held = [lakeside, listing];
    const { api } = renderApp('/wishlist', {
      '/api/favourites/user': favouritesRoute(held),
      '/api/saved-searches': { success: true, savedSearches: [] },
    });
    withToggle(api, held);

    const list = await screen.findByRole('list', { name: 'Favourite properties' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText(/2 saved properties/)).toBeTruthy();
    expect(within(list).getByRole('link', { name: '2 BHK near Metro' }).getAttribute('href')).toBe(
      '/broker-property-details/2/apartment/31',
    );
    const dataRequest = api.requests.find((url) => url.searchParams.get('mode') === 'data');
    expect(dataRequest?.searchParams.get('userType')).toBe('user');

    await user.click(await within(list).findByRole('button', { name: 'Remove Lakeside Towers from favorites' }));
    await waitFor(() => expect(within(list).queryByText('Lakeside Towers')).toBeNull());
    expect(toasts.warning).toHaveBeenCalledWith('Removed from favorites');
    expect(screen.getByText(/1 saved property/)).toBeTruthy();
  }, SLOW);

  it('offers a way back to browsing when nothing is saved', async () => {
    await seedStoredLogin('broker', { id: 4 });
    const { api } = renderApp('/wishlist', { '/api/favourites/user': favouritesRoute([]) });
    expect(await screen.findByText('Your wishlist is empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse properties' }).getAttribute('href')).toBe('/property-detail-page');
    expect(api.requests.find((url) => url.searchParams.get('mode') === 'data')?.searchParams.get('userType')).toBe('broker');
    // Saved searches are a user's: a broker's wishlist does not ask for them.
    expect(screen.queryByRole('heading', { name: 'Saved searches' })).toBeNull();
    expect(api.requests.some((url) => url.pathname === '/api/saved-searches')).toBe(false);
  }, SLOW);

  it('says so with a retry when the favourites fail', async () => {
    await seedStoredLogin('user');
    renderApp('/wishlist', {
      '/api/favourites/user': () => json({ success: false, statusCode: 500, error: 'Error', message: 'Something failed' }, 500),
      '/api/saved-searches': { success: true, savedSearches: [] },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  }, SLOW);

  it('lists a user’s saved searches, opens one on the results page and deletes one', async () => {
    const user = userEvent.setup();
    await seedStoredLogin('user', { id: 41 });
    const searches = [
      { id: 5, name: 'Villas in Whitefield', filters: { locationId: 12, propertyType: ['villa'] }, createdAt: '2026-11-01T10:00:00Z' },
      { id: 3, name: 'Lake view flats', filters: { search: 'lake view', bhk: [2, 3] }, createdAt: '2026-10-01T10:00:00Z' },
    ];
    const { api } = renderApp('/wishlist', {
      '/api/favourites/user': favouritesRoute([]),
      '/api/saved-searches': { success: true, savedSearches: searches },
      '/api/saved-searches/5': { success: true, message: 'Saved search deleted' },
    });
    const list = await screen.findByRole('list', { name: 'Saved searches' });
    expect(within(list).getByText('Villas in Whitefield')).toBeTruthy();
    expect(within(list).getByText('“lake view” · 2, 3 BHK')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Open Villas in Whitefield' }).getAttribute('href')).toBe(
      '/property-detail-page?locationId=12&propertyType=villa',
    );

    await user.click(within(list).getByRole('button', { name: 'Delete Villas in Whitefield' }));
    await waitFor(() => expect(within(list).queryByText('Villas in Whitefield')).toBeNull());
    expect(toasts.success).toHaveBeenCalledWith('Saved search deleted');
    const deleteCall = api.fetchMock.mock.calls.find(([input, init]) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      return request.method === 'DELETE';
    });
    expect(deleteCall).toBeTruthy();
  }, SLOW);
});
