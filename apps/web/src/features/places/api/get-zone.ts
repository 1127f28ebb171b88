import { ZoneResponseSchema, type ZoneDetail, type ZoneResponse } from '@nivaas/contracts/place.schema';
import { api } from '../../../lib/api/api-slice';

/** spec §7 GET /zone/{id}: the zone with its localities, counts, price range and rating summary. */
const zoneApi = api.injectEndpoints({
  endpoints: (build) => ({
    getZone: build.query<ZoneDetail, number>({
      query: (id) => `/zone/${id}`,
      rawResponseSchema: ZoneResponseSchema,
      transformResponse: (response: ZoneResponse) => response.zone,
    }),
  }),
});

export const { useGetZoneQuery } = zoneApi;
