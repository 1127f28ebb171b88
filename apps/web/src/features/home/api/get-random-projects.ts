import type { Project, ProjectListResponse, RandomProjectsQuerySchema } from '@nivaas/contracts/project.schema';
import type { z } from 'zod';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

export type RandomProjectsArgs = Required<Pick<z.output<typeof RandomProjectsQuerySchema>, 'tag' | 'cityId' | 'page' | 'limit'>>;

const randomProjectsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRandomProjects: build.query<Project[], RandomProjectsArgs>({
      query: ({ tag, cityId, page, limit }) => ({ url: '/project/random', params: { tag, cityId, limit, page } }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/project.schema')).ProjectListResponseSchema),
      transformResponse: (response: ProjectListResponse) => response.projects,
    }),
  }),
});

export const { useGetRandomProjectsQuery } = randomProjectsApi;
