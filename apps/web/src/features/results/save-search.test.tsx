import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { seedStoredLogin } from '../../test/auth';
import { createProject } from '../../test/factories';
import { renderApp } from '../../test/render-app';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('../../lib/toast', () => ({ showSuccess: toasts.success, showError: toasts.error, showWarning: toasts.warning }));

/** The first render transforms a lazy route chunk, which on two busy cores can take seconds. */
const SLOW = 20_000;

class QuietObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

const results = {
  '/api/project': { success: true, projects: [createProject({ name: 'Lakeside Towers' })], pagination: { page: 1, limit: 30, total: 1, hasMore: false } },
};

function json(body: unknown, status: number) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** POST /saved-searches answers `answer(body)`, keeping the bodies it was sent. */
function savedSearchServer(api: ReturnType<typeof renderApp>['api'], answer: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  const rest = api.fetchMock.getMockImplementation();
  api.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/saved-searches') {
      const body = (await request.clone().json()) as Record<string, unknown>;
      sent.push(body);
      return answer(body);
    }
    return rest!(input, init);
  });
  return sent;
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', QuietObserver);
  toasts.success.mockReset();
});

describe('Save this search', () => {
  it('opens the sign-in modal for a visitor', async () => {
    const user = userEvent.setup();
    const { store, api } = renderApp('/property-detail-page?search=lake', results);
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    expect(store.getState().auth.signInModalOpen).toBe(true);
    expect(screen.queryByRole('dialog', { name: 'Save this search' })).toBeNull();
    expect(api.requests.some((url) => url.pathname === '/api/saved-searches')).toBe(false);
  }, SLOW);

  it('is not offered for the unfiltered list, which would match everything', async () => {
    renderApp('/property-detail-page', results);
    expect(await screen.findByRole('heading', { level: 1, name: 'All properties' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save this search' })).toBeNull();
  }, SLOW);

  it('lets a user name the search and saves the page’s filters', async () => {
    const user = userEvent.setup();
    await seedStoredLogin('user', { id: 41 });
    const { api } = renderApp('/property-detail-page?search=lake&bhk=2,3&sort=price_desc', results);
    const sent = savedSearchServer(api, (body) =>
      json({ success: true, message: 'Search saved', savedSearch: { id: 7, ...body, createdAt: '2026-11-21T10:00:00.000Z' } }, 201),
    );

    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    const dialog = screen.getByRole('dialog', { name: 'Save this search' });
    const name = within(dialog).getByLabelText('Name');
    expect((name as HTMLInputElement).value).toBe('Results for “lake”');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    // The schema loads on the first save (decision 032), so the message follows a moment later.
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Give the search a name');
    await user.type(name, 'Lake flats');
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));

    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Search saved'));
    expect(sent).toEqual([{ name: 'Lake flats', filters: { search: 'lake', bhk: [2, 3] } }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('link', { name: 'Search saved: see your saved searches' }).getAttribute('href')).toBe('/wishlist');
  }, SLOW);

  it('keeps the dialog open with the server’s reason when it refuses', async () => {
    const user = userEvent.setup();
    await seedStoredLogin('user', { id: 41 });
    const { api } = renderApp('/property-detail-page?search=lake', results);
    savedSearchServer(api, () =>
      json({ success: false, statusCode: 409, error: 'Conflict', message: 'You can keep up to 20 saved searches' }, 409),
    );
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    const dialog = screen.getByRole('dialog', { name: 'Save this search' });
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('You can keep up to 20 saved searches');
    expect(toasts.success).not.toHaveBeenCalled();
  }, SLOW);
});
