import type { Builder, BuilderListResponse } from '@nivaas/contracts/builder.schema';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

/** spec §7 GET /builder?status=active&approval=approved: the first page, most public projects first. */
const topBuildersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTopBuilders: build.query<Builder[], number>({
      query: (limit) => ({ url: '/builder', params: { status: 'active', approval: 'approved', page: 1, limit } }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/builder.schema')).BuilderListResponseSchema),
      transformResponse: (response: BuilderListResponse) => response.builders,
    }),
  }),
});

export const { useGetTopBuildersQuery } = topBuildersApi;
