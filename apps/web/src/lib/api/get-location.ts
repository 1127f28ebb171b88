import type { LocationDetail, LocationResponse } from '@nivaas/contracts/place.schema';
import { api } from './api-slice';
import { lazyContract } from './lazy-contract';

/** spec §7 GET /location/{id}. Shared: the results heading and the location pages both name a locality. */
const locationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLocation: build.query<LocationDetail, number>({
      query: (id) => `/location/${id}`,
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/place.schema')).LocationResponseSchema),
      transformResponse: (response: LocationResponse) => response.location,
    }),
  }),
});

export const { useGetLocationQuery } = locationApi;
