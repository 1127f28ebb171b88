import type { ZoneDetail, ZoneResponse } from '@nivaas/contracts/place.schema';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

/** spec §7 GET /zone/{id}: the zone with its localities, counts, price range and rating summary. */
const zoneApi = api.injectEndpoints({
  endpoints: (build) => ({
    getZone: build.query<ZoneDetail, number>({
      query: (id) => `/zone/${id}`,
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/place.schema')).ZoneResponseSchema),
      transformResponse: (response: ZoneResponse) => response.zone,
    }),
  }),
});

export const { useGetZoneQuery } = zoneApi;
