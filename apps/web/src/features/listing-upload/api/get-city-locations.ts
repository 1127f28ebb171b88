import { MAX_PAGE_SIZE } from '@nivaas/contracts/common.schema';
import { LocationListResponseSchema, type LocationListResponse, type LocationSummary } from '@nivaas/contracts/place.schema';
import { api } from '../../../lib/api/api-slice';

/**
 * GET /location?cityId=: a city's localities with their zones; the form draws the zone list from them, since the
 * catalogue has no zone list of its own.
 */
const endpoints = api.injectEndpoints({
  endpoints: (build) => ({
    getUploadLocations: build.query<LocationSummary[], number>({
      query: (cityId) => ({ url: '/location', params: { cityId, page: 1, limit: MAX_PAGE_SIZE } }),
      rawResponseSchema: LocationListResponseSchema,
      transformResponse: (response: LocationListResponse) => response.locations,
    }),
  }),
});

export const { useGetUploadLocationsQuery } = endpoints;
