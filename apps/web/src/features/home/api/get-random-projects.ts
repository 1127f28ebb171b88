import {
  ProjectListResponseSchema,
  type Project,
  type ProjectListResponse,
  type RandomProjectsQuerySchema,
} from '@nivaas/contracts/project.schema';
import type { z } from 'zod';
import { api } from '../../../lib/api/api-slice';

export type RandomProjectsArgs = Required<Pick<z.output<typeof RandomProjectsQuerySchema>, 'tag' | 'cityId' | 'page' | 'limit'>>;

const randomProjectsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRandomProjects: build.query<Project[], RandomProjectsArgs>({
      query: ({ tag, cityId, page, limit }) => ({ url: '/project/random', params: { tag, cityId, limit, page } }),
      rawResponseSchema: ProjectListResponseSchema,
      transformResponse: (response: ProjectListResponse) => response.projects,
    }),
  }),
});

export const { useGetRandomProjectsQuery } = randomProjectsApi;
