import { BlogResponseSchema, type Blog, type BlogResponse } from '@nivaas/contracts/blog.schema';
import { api } from '../../../lib/api/api-slice';

/** spec §7 GET /blog/{id}?internal=true. */
const blogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBlog: build.query<Blog, number>({
      query: (id) => ({ url: `/blog/${id}`, params: { internal: 'true' } }),
      rawResponseSchema: BlogResponseSchema,
      transformResponse: (response: BlogResponse) => response.blog,
    }),
  }),
});

export const { useGetBlogQuery } = blogApi;
