import { DEFAULT_PAGE_SIZE } from '@nivaas/contracts/common.schema';
import {
  ProjectListResponseSchema,
  type Project,
  type ProjectListResponse,
} from '@nivaas/contracts/project.schema';
import { api } from './api-slice';

/** The spec §7 filters GET /project takes, one at a time. */
export type ProjectFilter = 'builderId' | 'cityId' | 'zoneId' | 'locationId' | 'brokerId';

export interface ProjectPagesArgs {
  filter: ProjectFilter;
  id: number;
}

/** spec §9: projects page 30 at a time. */
export const PROJECT_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/**
 * GET /project?status=active&approval=approved&{filter}={id}&page&limit, as an infinite query: each
 * page is appended (spec §4 'Paging'), and a page shorter than the limit means there are no more.
 */
const projectPagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProjectPages: build.infiniteQuery<Project[], ProjectPagesArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _all, lastPageParam) =>
          lastPage.length < PROJECT_PAGE_SIZE ? undefined : lastPageParam + 1,
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
      rawResponseSchema: ProjectListResponseSchema,
      transformResponse: (response: ProjectListResponse) => response.projects,
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
