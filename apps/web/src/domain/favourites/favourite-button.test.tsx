import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { signedIn, signInModalClosed } from '../auth/auth-slice';
import { favouritesApi } from './get-favourites';
import { createProject } from '../../test/factories';
import { errorResponse, mockApi } from '../../test/mock-api';
import { FavouriteButton } from './favourite-button';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('../../lib/toast', () => ({ showSuccess: toasts.success, showError: toasts.error, showWarning: toasts.warning }));

const lakeside = createProject({ id: 9, name: 'Lakeside Towers' });
const hillview = createProject({ id: 12, name: 'Hillview Homes' });

function login(role: 'user' | 'broker', id: number) {
  return { id, email: `${role}@example.in`, role, token: `${role}-token`, name: null, phone: null, photo: null };
}

function toggleResponse(body: { action: 'add' | 'remove'; projectId: number; userType: string }) {
  return {
    success: true,
    message: body.action === 'add' ? 'Added to favorites' : 'Removed from favorites',
    favourite: { ...body, favourited: body.action === 'add' },
  };
}

/** The toggle endpoint answers from the posted body; `hold` keeps an answer in flight until released. */
function favouritesServer(ids: number[], hold?: Promise<void>, records = [hillview]) {
  const posted: unknown[] = [];
  const api = mockApi({
    '/api/favourites/user': (url: URL) =>
      url.searchParams.get('mode') === 'data'
        ? { success: true, mode: 'data', favourites: records }
        : { success: true, mode: 'ids', favourites: ids },
  });
  const listFetch = api.fetchMock.getMockImplementation();
  api.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (request.method !== 'POST') return listFetch!(input, init);
    const body = (await request.clone().json()) as { action: 'add' | 'remove'; projectId: number; userType: string };
    posted.push(body);
    if (hold) await hold;
    return new Response(JSON.stringify(toggleResponse(body)), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { api, posted };
}

function renderButtons(store: ReturnType<typeof makeStore>, projects = [lakeside]) {
  return render(
    <Provider store={store}>
      {projects.map((project) => (
        <FavouriteButton key={project.id} project={project} />
      ))}
    </Provider>,
  );
}

beforeEach(() => {
  toasts.success.mockReset();
  toasts.error.mockReset();
  toasts.warning.mockReset();
});

describe('FavouriteButton (spec §4 favourite toggle)', () => {
  it('opens the sign-in modal for a visitor and calls nothing', async () => {
    const user = userEvent.setup();
    const { api } = favouritesServer([]);
    const store = makeStore();
    renderButtons(store);
    const heart = screen.getByRole('button', { name: 'Add Lakeside Towers to favorites' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    await user.click(heart);
    expect(store.getState().auth.signInModalOpen).toBe(true);
    expect(api.requests).toHaveLength(0);
    // Closing the modal without signing in drops the remembered favourite (the next test starts clean).
    act(() => {
      store.dispatch(signInModalClosed());
    });
  });

  it('adds the favourite a visitor asked for once they sign in through the modal', async () => {
    const user = userEvent.setup();
    const { posted } = favouritesServer([3]);
    const store = makeStore();
    renderButtons(store, [lakeside, hillview]);
    await user.click(screen.getByRole('button', { name: 'Add Lakeside Towers to favorites' }));
    expect(store.getState().auth.signInModalOpen).toBe(true);

    act(() => {
      store.dispatch(signedIn({ role: 'user', login: login('user', 41) }));
      store.dispatch(signInModalClosed());
    });
    await screen.findByRole('button', { name: 'Remove Lakeside Towers from favorites' });
    expect(posted).toEqual([{ userType: 'user', action: 'add', projectId: 9, item: 'project' }]);
    expect(toasts.success).toHaveBeenCalledWith('Added to favorites');
  });

  it('forgets the favourite when the visitor closes the modal without signing in', async () => {
    const user = userEvent.setup();
    const { posted } = favouritesServer([]);
    const store = makeStore();
    renderButtons(store);
    await user.click(screen.getByRole('button', { name: 'Add Lakeside Towers to favorites' }));
    act(() => {
      store.dispatch(signInModalClosed());
    });
    act(() => {
      store.dispatch(signedIn({ role: 'user', login: login('user', 41) }));
    });
    await waitFor(() =>
      expect(favouritesApi.endpoints.getFavouriteIds.select({ userType: 'user', accountId: 41 })(store.getState()).data).toEqual([]),
    );
    expect(posted).toEqual([]);
    expect(screen.getByRole('button', { name: 'Add Lakeside Towers to favorites' })).toBeTruthy();
  });

  it('adds for a signed-in user at the front of the lists, and the next click removes it', async () => {
    const user = userEvent.setup();
    const { api, posted } = favouritesServer([3]);
    const store = makeStore();
    store.dispatch(signedIn({ role: 'user', login: login('user', 41) }));
    renderButtons(store);
    const owner = { userType: 'user' as const, accountId: 41 };
    await waitFor(() => expect(favouritesApi.endpoints.getFavouriteIds.select(owner)(store.getState()).data).toEqual([3]));
    const idsRequest = api.requests.find((url) => url.pathname === '/api/favourites/user');
    expect(idsRequest?.searchParams.get('mode')).toBe('ids');
    expect(idsRequest?.searchParams.get('userType')).toBe('user');
    // The wishlist's records, as if /wishlist had been visited: an add must put the record at their front.
    const records = store.dispatch(favouritesApi.endpoints.getFavourites.initiate(owner));
    await act(() => records);

    await user.click(screen.getByRole('button', { name: 'Add Lakeside Towers to favorites' }));
    const remove = await screen.findByRole('button', { name: 'Remove Lakeside Towers from favorites' });
    expect(remove.getAttribute('aria-pressed')).toBe('true');
    expect(posted[0]).toEqual({ userType: 'user', action: 'add', projectId: 9, item: 'project' });
    expect(toasts.success).toHaveBeenCalledWith('Added to favorites');
    expect(favouritesApi.endpoints.getFavouriteIds.select(owner)(store.getState()).data).toEqual([9, 3]);
    expect(favouritesApi.endpoints.getFavourites.select(owner)(store.getState()).data?.map((p) => p.id)).toEqual([9, 12]);

    await user.click(remove);
    await screen.findByRole('button', { name: 'Add Lakeside Towers to favorites' });
    expect(posted[1]).toMatchObject({ action: 'remove', projectId: 9 });
    expect(toasts.warning).toHaveBeenCalledWith('Removed from favorites');
    expect(favouritesApi.endpoints.getFavouriteIds.select(owner)(store.getState()).data).toEqual([3]);
    expect(favouritesApi.endpoints.getFavourites.select(owner)(store.getState()).data?.map((p) => p.id)).toEqual([12]);
    records.unsubscribe();
  });

  it('sends the broker kind for a broker and starts no second toggle while one is in flight', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const { posted } = favouritesServer([], hold);
    const store = makeStore();
    store.dispatch(signedIn({ role: 'broker', login: login('broker', 5) }));
    renderButtons(store, [lakeside, hillview]);
    await waitFor(() =>
      expect(favouritesApi.endpoints.getFavouriteIds.select({ userType: 'broker', accountId: 5 })(store.getState()).data).toEqual([]),
    );

    await user.click(screen.getByRole('button', { name: 'Add Lakeside Towers to favorites' }));
    await user.click(screen.getByRole('button', { name: 'Add Hillview Homes to favorites' }));
    await user.click(screen.getByRole('button', { name: 'Add Lakeside Towers to favorites' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    release();
    await screen.findByRole('button', { name: 'Remove Lakeside Towers from favorites' });
    expect(posted).toEqual([{ userType: 'broker', action: 'add', projectId: 9, item: 'project' }]);
    expect(screen.getByRole('button', { name: 'Add Hillview Homes to favorites' })).toBeTruthy();
  });

  it('keeps the heart as it was and says why when the server refuses', async () => {
    const user = userEvent.setup();
    const api = mockApi({ '/api/favourites/user': { success: true, mode: 'ids', favourites: [] } });
    const ids = api.fetchMock.getMockImplementation();
    api.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      return request.method === 'POST' ? errorResponse(404, 'Project not found') : ids!(input, init);
    });
    const store = makeStore();
    store.dispatch(signedIn({ role: 'user', login: login('user', 41) }));
    renderButtons(store);
    await user.click(screen.getByRole('button', { name: 'Add Lakeside Towers to favorites' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Project not found'));
    expect(screen.getByRole('button', { name: 'Add Lakeside Towers to favorites' }).getAttribute('aria-pressed')).toBe('false');
  });
});
