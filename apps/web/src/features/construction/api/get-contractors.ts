import { CONTRACTOR_PAGE_SIZE, type Contractor, type ContractorListResponse } from '@nivaas/contracts/construction.schema';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

export interface ContractorPage {
  contractors: Contractor[];
  hasMore: boolean;
}

/** GET /api/construction/contractor: approved contractors, highest rated first. */
const contractorsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContractors: build.infiniteQuery<ContractorPage, void, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _all, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
      query: ({ pageParam }) => ({ url: '/construction/contractor', params: { page: pageParam, limit: CONTRACTOR_PAGE_SIZE } }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/construction.schema')).ContractorListResponseSchema),
      transformResponse: (response: ContractorListResponse): ContractorPage => ({
        contractors: response.contractors,
        hasMore: response.pagination.hasMore,
      }),
    }),
  }),
});

export const { useGetContractorsInfiniteQuery } = contractorsApi;
