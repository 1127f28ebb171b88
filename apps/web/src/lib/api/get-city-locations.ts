import { MAX_PAGE_SIZE } from '@nivaas/contracts/common.schema';
import type { LocationListResponse, LocationSummary } from '@nivaas/contracts/place.schema';
import { api } from './api-slice';
import { lazyContract } from './lazy-contract';

/**
 * GET /location?cityId=&page=1&limit=100: a city's localities, busiest first, with their zones. One endpoint, so one
 * cache entry per city: the city page and the upload form both draw their zone lists from it, since the API has no
 * zone list of its own.
 */
const cityLocationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCityLocations: build.query<LocationSummary[], number>({
      query: (cityId) => ({ url: '/location', params: { cityId, page: 1, limit: MAX_PAGE_SIZE } }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/place.schema')).LocationListResponseSchema),
      transformResponse: (response: LocationListResponse) => response.locations,
    }),
  }),
});

export const { useGetCityLocationsQuery } = cityLocationsApi;
