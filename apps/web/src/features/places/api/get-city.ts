import type { CityResponse } from '@nivaas/contracts/city.schema';
import { api } from '../../../lib/api/api-slice';
import { toCitySummary, type CitySummary } from '../../../lib/api/get-cities';
import { lazyContract } from '../../../lib/api/lazy-contract';

/** spec §7 GET /city/{id}, shaped like the cities list (spec §3 City). */
const cityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCity: build.query<CitySummary, number>({
      query: (id) => `/city/${id}`,
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/city.schema')).CityResponseSchema),
      transformResponse: (response: CityResponse) => toCitySummary(response.city),
    }),
  }),
});

export const { useGetCityQuery } = cityApi;
