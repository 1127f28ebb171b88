import { DEFAULT_PAGE_SIZE } from '@nivaas/contracts/values';
import type { BrokerListResponse } from '@nivaas/contracts/broker.schema';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

export const BROKER_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** spec §7 GET /broker: approved brokers, 30 a page (spec §9), most public listings first. */
const brokersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBrokers: build.infiniteQuery<BrokerListResponse, void, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _all, lastPageParam) => (lastPage.pagination.hasMore ? lastPageParam + 1 : undefined),
      },
      query: ({ pageParam }) => ({ url: '/broker', params: { page: pageParam, limit: BROKER_PAGE_SIZE } }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/broker.schema')).BrokerListResponseSchema),
    }),
  }),
});

export const { useGetBrokersInfiniteQuery } = brokersApi;
