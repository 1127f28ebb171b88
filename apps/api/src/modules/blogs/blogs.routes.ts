import { BlogDetailQuerySchema, BlogListQuerySchema, BlogListResponseSchema, BlogResponseSchema } from '@nivaas/contracts/blog.schema';
import { ErrorResponseSchema, IdParamSchema } from '@nivaas/contracts/common.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BlogsService } from './blogs.service';

export interface BlogsRoutesOptions {
  blogs: BlogsService;
}

/** spec §7: GET /blog (status=active, approval=approved, page, limit 10) and GET /blog/{id}?internal=true. */
export const blogsRoutes: FastifyPluginAsyncZod<BlogsRoutesOptions> = async (app, { blogs }) => {
  app.get(
    '/blog',
    {
      config: { publicCache: true },
      schema: {
        tags: ['blogs'],
        summary: 'Active, approved blogs, newest first, 10 a page by default',
        querystring: BlogListQuerySchema,
        response: { 200: BlogListResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await blogs.listPublic(request.query)) }),
  );

  app.get(
    '/blog/:id',
    {
      config: { publicCache: true },
      schema: {
        tags: ['blogs'],
        summary: 'One active, approved blog with its body (`internal` is accepted and changes nothing)',
        params: IdParamSchema,
        querystring: BlogDetailQuerySchema,
        response: { 200: BlogResponseSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, blog: await blogs.get(request.params.id) }),
  );
};
