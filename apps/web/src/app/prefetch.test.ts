import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/mock-api';
import { defaultApiRoutes } from '../test/render-app';
import { prefetchFirstScreen } from './prefetch';
import { makeStore } from './store';

describe('prefetchFirstScreen', () => {
  it('asks for the cities and, on the home page, the banners before anything renders', async () => {
    const { requests } = mockApi(defaultApiRoutes());
    prefetchFirstScreen(makeStore(), '/');
    await waitFor(() =>
      expect(requests.map((url) => `${url.pathname}${url.search}`).sort()).toEqual([
        '/api/city?page=1&limit=10',
        '/api/usersrouts/getAllBanner',
      ]),
    );
  });

  it('leaves the banners alone on other pages', async () => {
    const { requests } = mockApi(defaultApiRoutes());
    prefetchFirstScreen(makeStore(), '/about');
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.pathname).toBe('/api/city');
  });
});
