import { DEFAULT_PAGE_SIZE } from '@nivaas/contracts/values';
import type { Builder, BuilderListQuerySchema, BuilderListResponse } from '@nivaas/contracts/builder.schema';
import type { z } from 'zod';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

export const BUILDER_PAGE_SIZE = DEFAULT_PAGE_SIZE;

export interface BuilderPage {
  builders: Builder[];
  hasMore: boolean;
}

/** spec §7 GET /builder?status=active&approval=approved&page&limit=30, with an optional name search. */
const buildersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBuilders: build.infiniteQuery<BuilderPage, Required<Pick<z.input<typeof BuilderListQuerySchema>, 'search'>>, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _all, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/builder',
        params: {
          status: 'active',
          approval: 'approved',
          page: pageParam,
          limit: BUILDER_PAGE_SIZE,
          ...(queryArg.search ? { search: queryArg.search } : {}),
        },
      }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/builder.schema')).BuilderListResponseSchema),
      transformResponse: (response: BuilderListResponse): BuilderPage => ({
        builders: response.builders,
        hasMore: response.pagination.hasMore,
      }),
    }),
  }),
});

export const { useGetBuildersInfiniteQuery } = buildersApi;
