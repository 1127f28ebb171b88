import type { BrokerProfile, BrokerResponse } from '@nivaas/contracts/broker.schema';
import { api } from './api-slice';
import { lazyContract } from './lazy-contract';

/**
 * spec §7 GET /broker/{brokerId}: an approved broker's public profile (404 for any other). Shared: the
 * broker's own pages and the listing details page (which names the listing's broker) show it.
 */
const brokerApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBroker: build.query<BrokerProfile, number>({
      query: (brokerId) => `/broker/${brokerId}`,
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/broker.schema')).BrokerResponseSchema),
      transformResponse: (response: BrokerResponse) => response.broker,
    }),
  }),
});

export const { useGetBrokerQuery } = brokerApi;
