import { BLOG_PAGE_SIZE } from '@nivaas/contracts/values';
import type { BlogListResponse, BlogSummary } from '@nivaas/contracts/blog.schema';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

/**
 * spec §7 GET /blog?status=active&approval=approved&page=1&limit=10. spec §5: lists keep only
 * status active (case-insensitive), whatever the server sends.
 */
const latestBlogsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLatestBlogs: build.query<BlogSummary[], void>({
      query: () => ({ url: '/blog', params: { status: 'active', approval: 'approved', page: 1, limit: BLOG_PAGE_SIZE } }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/blog.schema')).BlogListResponseSchema),
      transformResponse: (response: BlogListResponse) =>
        response.blogs.filter((blog) => String(blog.status).trim().toLowerCase() === 'active'),
    }),
  }),
});

export const { useGetLatestBlogsQuery } = latestBlogsApi;
