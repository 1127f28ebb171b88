import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { routes } from '../app/router';
import { makeStore } from '../app/store';
import { createBanner, createCity, createProject } from './factories';
import { mockApi, type MockRoute } from './mock-api';

export const cities = {
  bengaluru: createCity({ id: 1, name: 'Bengaluru', city_Name: 'Bengaluru', projectsCount: 1234 }),
  pune: createCity({ id: 2, name: 'Pune', city_Name: 'Pune', state: 'Maharashtra', projectsCount: 1 }),
};

/** What a healthy API answers for the pages in this issue; a test overrides one path at a time. */
export function defaultApiRoutes(): Record<string, MockRoute> {
  return {
    '/api/city': {
      success: true,
      cities: [cities.bengaluru, cities.pune],
      pagination: { page: 1, limit: 10, total: 2, hasMore: false },
    },
    '/api/usersrouts/getAllBanner': { success: true, Allbanner: [createBanner({ title: 'Monsoon offers' })] },
    // The navbar's bell asks for a signed-in user's notices (issue 17).
    '/api/notifications': { success: true, notifications: [], pagination: { page: 1, limit: 30, total: 0, hasMore: false } },
    '/api/project/random': (url: URL) => ({
      success: true,
      projects: [
        createProject({
          name: `${url.searchParams.get('tag')} Residency`,
          tags: [url.searchParams.get('tag') ?? 'Trending'],
        }),
      ],
    }),
  };
}

/**
 * The whole app (real route table, real store) at `path` (a path, or a path with the state a guard leaves),
 * against a mocked API. Feature tests reach the app through here: a feature never imports app/ itself.
 */
export function renderApp(path: InitialEntry, apiRoutes: Record<string, MockRoute> = {}) {
  const api = mockApi({ ...defaultApiRoutes(), ...apiRoutes });
  const store = makeStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router, api };
}

/** `ui` inside the app's real store and a memory router, without the route table. */
export function renderInStore(ui: ReactNode) {
  const store = makeStore();
  const view = render(
    <Provider store={store}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Provider>,
  );
  return { ...view, store };
}
