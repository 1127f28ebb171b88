import type { LocationListQuerySchema, LocationListResponse, LocationSummary } from '@nivaas/contracts/place.schema';
import type { z } from 'zod';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

/** Typed from the schema the server parses the query with (its parsed form: the input of a coerced id is `unknown`). */
export type PopularLocationsArgs = Required<Pick<z.output<typeof LocationListQuerySchema>, 'cityId' | 'limit'>>;

/** spec §7 GET /location (page 1), narrowed to the selected city; the API lists the busiest first. */
const popularLocationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPopularLocations: build.query<LocationSummary[], PopularLocationsArgs>({
      query: ({ cityId, limit }) => ({ url: '/location', params: { cityId, page: 1, limit } }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/place.schema')).LocationListResponseSchema),
      transformResponse: (response: LocationListResponse) => response.locations,
    }),
  }),
});

export const { useGetPopularLocationsQuery } = popularLocationsApi;
