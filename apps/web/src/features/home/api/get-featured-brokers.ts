import type { BrokerListResponse, PublicBroker } from '@nivaas/contracts/broker.schema';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

/** spec §7 GET /broker: approved brokers, most public listings first; the home page shows the first few. */
const featuredBrokersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFeaturedBrokers: build.query<PublicBroker[], number>({
      // The spec sends no parameters (30 by default); asking for only what is shown saves a phone the rest.
      query: (limit) => ({ url: '/broker', params: { page: 1, limit } }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/broker.schema')).BrokerListResponseSchema),
      transformResponse: (response: BrokerListResponse) => response.brokers,
    }),
  }),
});

export const { useGetFeaturedBrokersQuery } = featuredBrokersApi;
