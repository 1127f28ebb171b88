import {
  CONSTRUCTION_PAGE_SIZE,
  type ConstructionProject,
  type ConstructionProjectListResponse,
} from '@nivaas/contracts/construction.schema';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

export interface ConstructionPage {
  projects: ConstructionProject[];
  hasMore: boolean;
}

/**
 * spec §7 construction gateway GET /project (page 1, limit 6, tag; spec §9), at /api/construction.
 * An empty tag means every tag, as the spec's client sends it.
 */
const constructionProjectsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConstructionProjects: build.infiniteQuery<ConstructionPage, { tag: string }, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _all, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/construction/project',
        params: { page: pageParam, limit: CONSTRUCTION_PAGE_SIZE, tag: queryArg.tag },
      }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/construction.schema')).ConstructionProjectListResponseSchema),
      transformResponse: (response: ConstructionProjectListResponse): ConstructionPage => ({
        projects: response.projects,
        hasMore: response.pagination.hasMore,
      }),
    }),
  }),
});

export const { useGetConstructionProjectsInfiniteQuery } = constructionProjectsApi;
