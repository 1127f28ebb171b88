import type { Project, ProjectPageResponse } from '@nivaas/contracts/project.schema';
import { api } from '../../../lib/api/api-slice';
import { PROJECT_PAGE_SIZE } from '../../../lib/api/get-project-pages';
import type { ResultsQuery } from '../lib/results-filters';
import { lazyContract } from '../../../lib/api/lazy-contract';

export interface ResultsPage {
  projects: Project[];
  total: number;
}

/**
 * GET /project with the results page's filters and sort, 30 at a time (spec §9), appended page by
 * page (spec §4 'Paging'): a page shorter than the limit means there are no more.
 */
const resultsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getResults: build.infiniteQuery<ResultsPage, ResultsQuery, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _all, lastPageParam) =>
          lastPage.projects.length < PROJECT_PAGE_SIZE ? undefined : lastPageParam + 1,
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/project',
        params: { ...queryArg, page: pageParam, limit: PROJECT_PAGE_SIZE },
      }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/project.schema')).ProjectPageResponseSchema),
      transformResponse: (response: ProjectPageResponse): ResultsPage => ({
        projects: response.projects,
        total: response.pagination.total,
      }),
    }),
  }),
});

export const { useGetResultsInfiniteQuery } = resultsApi;
