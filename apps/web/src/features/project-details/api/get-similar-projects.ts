import { SIMILAR_PROJECTS_LIMIT } from '@nivaas/contracts/values';
import type { Project, ProjectListResponse } from '@nivaas/contracts/project.schema';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

/** GET /project/{id}/similar: same city and type, priced nearest (beyond the spec's call table). */
const similarApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSimilarProjects: build.query<Project[], number>({
      query: (id) => ({ url: `/project/${id}/similar`, params: { limit: SIMILAR_PROJECTS_LIMIT } }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/project.schema')).ProjectListResponseSchema),
      transformResponse: (response: ProjectListResponse) => response.projects,
    }),
  }),
});

export const { useGetSimilarProjectsQuery } = similarApi;
