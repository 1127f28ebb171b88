import { LocationResponseSchema, type LocationDetail, type LocationResponse } from '@nivaas/contracts/place.schema';
import { api } from './api-slice';

/** spec §7 GET /location/{id}. Shared: the results heading and the location pages both name a locality. */
const locationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLocation: build.query<LocationDetail, number>({
      query: (id) => `/location/${id}`,
      rawResponseSchema: LocationResponseSchema,
      transformResponse: (response: LocationResponse) => response.location,
    }),
  }),
});

export const { useGetLocationQuery } = locationApi;
