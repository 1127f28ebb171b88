import { DEFAULT_PAGE_SIZE } from '@nivaas/contracts/values';
import type { Project, ProjectFilterKey, ProjectPageResponse } from '@nivaas/contracts/project.schema';
import { api } from './api-slice';
import { lazyContract } from './lazy-contract';

/** The spec §7 filters GET /project takes, one at a time. */
export type ProjectFilter = ProjectFilterKey;

export interface ProjectPagesArgs {
  filter: ProjectFilter;
  id: number;
}

/** spec §9: projects page 30 at a time. */
export const PROJECT_PAGE_SIZE = DEFAULT_PAGE_SIZE;

export interface ProjectPage {
  projects: Project[];
  hasMore: boolean;
}

/**
 * GET /project?status=active&approval=approved&{filter}={id}&page&limit, as an infinite query: each
 * page is appended (spec §4 'Paging'), and a page shorter than the limit means there are no more.
 */
const projectPagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProjectPages: build.infiniteQuery<ProjectPage, ProjectPagesArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        // spec §4: a page shorter than the limit means no more pages; the server's hasMore says the same.
        getNextPageParam: (lastPage, _all, lastPageParam) =>
          lastPage.hasMore && lastPage.projects.length >= PROJECT_PAGE_SIZE ? lastPageParam + 1 : undefined,
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/project',
        params: {
          status: 'active',
          approval: 'approved',
          [queryArg.filter]: queryArg.id,
          page: pageParam,
          limit: PROJECT_PAGE_SIZE,
        },
      }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/project.schema')).ProjectPageResponseSchema),
      transformResponse: (response: ProjectPageResponse): ProjectPage => ({
        projects: response.projects,
        hasMore: response.pagination.hasMore,
      }),
    }),
  }),
});

export const { useGetProjectPagesInfiniteQuery } = projectPagesApi;

/** All loaded pages as one list, without the duplicates a shifting list can produce (spec §4). */
export function flattenPages<T extends { id: number }>(pages: readonly (readonly T[])[] | undefined): T[] {
  const seen = new Set<number>();
  const items: T[] = [];
  for (const page of pages ?? []) {
    for (const item of page) {
      if (!seen.has(item.id)) {
        seen.add(item.id);
        items.push(item);
      }
    }
  }
  return items;
}
