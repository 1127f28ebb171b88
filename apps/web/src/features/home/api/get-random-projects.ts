import {
  ProjectListResponseSchema,
  type Project,
  type ProjectListResponse,
} from '@nivaas/contracts/project.schema';
import { api } from '../../../lib/api/api-slice';

export interface RandomProjectsArgs {
  tag: string;
  cityId: number;
  page: number;
  limit: number;
}

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
