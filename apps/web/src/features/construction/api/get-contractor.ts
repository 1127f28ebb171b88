import { ContractorResponseSchema, type ContractorDetail, type ContractorResponse } from '@nivaas/contracts/construction.schema';
import { api } from '../../../lib/api/api-slice';

/** GET /api/construction/contractor/{id}: an approved contractor with their active projects. */
const contractorApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContractor: build.query<ContractorDetail, number>({
      query: (id) => `/construction/contractor/${id}`,
      rawResponseSchema: ContractorResponseSchema,
      transformResponse: (response: ContractorResponse) => response.contractor,
    }),
  }),
});

export const { useGetContractorQuery } = contractorApi;
