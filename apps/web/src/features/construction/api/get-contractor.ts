import type { ContractorDetail, ContractorResponse } from '@nivaas/contracts/construction.schema';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

/** GET /api/construction/contractor/{id}: an approved contractor with their active projects. */
const contractorApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContractor: build.query<ContractorDetail, number>({
      query: (id) => `/construction/contractor/${id}`,
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/construction.schema')).ContractorResponseSchema),
      transformResponse: (response: ContractorResponse) => response.contractor,
    }),
  }),
});

export const { useGetContractorQuery } = contractorApi;
