import type { BuilderDetail, BuilderResponse } from '@nivaas/contracts/builder.schema';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

/** spec §7 GET /builder/{builderId}. */
const builderApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBuilder: build.query<BuilderDetail, number>({
      query: (id) => `/builder/${id}`,
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/builder.schema')).BuilderResponseSchema),
      transformResponse: (response: BuilderResponse) => response.builder,
    }),
  }),
});

export const { useGetBuilderQuery } = builderApi;
