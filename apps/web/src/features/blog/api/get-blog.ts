import type { Blog, BlogResponse } from '@nivaas/contracts/blog.schema';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

/** spec §7 GET /blog/{id}?internal=true. */
const blogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBlog: build.query<Blog, number>({
      query: (id) => ({ url: `/blog/${id}`, params: { internal: 'true' } }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/blog.schema')).BlogResponseSchema),
      transformResponse: (response: BlogResponse) => response.blog,
    }),
  }),
});

export const { useGetBlogQuery } = blogApi;
