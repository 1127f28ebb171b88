import type { ProjectDetail, ProjectResponse } from '@nivaas/contracts/project.schema';
import { api } from './api-slice';
import { lazyContract } from './lazy-contract';

/**
 * spec §7 GET /project/{id}: one public project. Shared: the details page shows it and the compare
 * page fetches each project in the set. A hidden or unknown id answers 404.
 */
const projectApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProject: build.query<ProjectDetail, number>({
      query: (id) => `/project/${id}`,
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/project.schema')).ProjectResponseSchema),
      transformResponse: (response: ProjectResponse) => response.project,
    }),
  }),
});

export const { useGetProjectQuery } = projectApi;
