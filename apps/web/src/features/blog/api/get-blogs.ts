import { BLOG_PAGE_SIZE } from '@nivaas/contracts/values';
import type { BlogListResponse, BlogSummary } from '@nivaas/contracts/blog.schema';
import { api } from '../../../lib/api/api-slice';
import { keepActiveBlogs } from '../lib/blog-rules';
import { lazyContract } from '../../../lib/api/lazy-contract';

export interface BlogPage {
  blogs: BlogSummary[];
  hasMore: boolean;
}

/** spec §7 GET /blog?status=active&approval=approved&page&limit (10, spec §9), newest first. */
const blogsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBlogs: build.infiniteQuery<BlogPage, void, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _all, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
      query: ({ pageParam }) => ({
        url: '/blog',
        params: { status: 'active', approval: 'approved', page: pageParam, limit: BLOG_PAGE_SIZE },
      }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/blog.schema')).BlogListResponseSchema),
      transformResponse: (response: BlogListResponse): BlogPage => ({
        blogs: keepActiveBlogs(response.blogs),
        hasMore: response.pagination.hasMore,
      }),
    }),
  }),
});

export const { useGetBlogsInfiniteQuery } = blogsApi;
