import {
  ProjectListResponseSchema,
  SIMILAR_PROJECTS_LIMIT,
  type Project,
  type ProjectListResponse,
} from '@nivaas/contracts/project.schema';
import { api } from '../../../lib/api/api-slice';

/** GET /project/{id}/similar: same city and type, priced nearest (beyond the spec's call table). */
const similarApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSimilarProjects: build.query<Project[], number>({
      query: (id) => ({ url: `/project/${id}/similar`, params: { limit: SIMILAR_PROJECTS_LIMIT } }),
      rawResponseSchema: ProjectListResponseSchema,
      transformResponse: (response: ProjectListResponse) => response.projects,
    }),
  }),
});

export const { useGetSimilarProjectsQuery } = similarApi;
