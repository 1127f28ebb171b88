import { LocationListResponseSchema, type LocationListResponse, type LocationSummary } from '@nivaas/contracts/place.schema';
import { api } from '../../../lib/api/api-slice';

export interface PopularLocationsArgs {
  cityId: number;
  limit: number;
}

/** spec §7 GET /location (page 1), narrowed to the selected city; the API lists the busiest first. */
const popularLocationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPopularLocations: build.query<LocationSummary[], PopularLocationsArgs>({
      query: ({ cityId, limit }) => ({ url: '/location', params: { cityId, page: 1, limit } }),
      rawResponseSchema: LocationListResponseSchema,
      transformResponse: (response: LocationListResponse) => response.locations,
    }),
  }),
});

export const { useGetPopularLocationsQuery } = popularLocationsApi;
