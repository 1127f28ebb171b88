import { BuilderResponseSchema, type BuilderDetail, type BuilderResponse } from '@nivaas/contracts/builder.schema';
import { api } from '../../../lib/api/api-slice';

/** spec §7 GET /builder/{builderId}. */
const builderApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBuilder: build.query<BuilderDetail, number>({
      query: (id) => `/builder/${id}`,
      rawResponseSchema: BuilderResponseSchema,
      transformResponse: (response: BuilderResponse) => response.builder,
    }),
  }),
});

export const { useGetBuilderQuery } = builderApi;
