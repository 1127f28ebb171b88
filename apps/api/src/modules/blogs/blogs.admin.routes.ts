import { AdminBlogListResponseSchema, AdminBlogResponseSchema, BlogCreateSchema, BlogPatchSchema } from '@nivaas/contracts/content-admin.schema';
import type { FastifyPluginAsync } from 'fastify';
import { backOfficePlugin, registerRecordRoutes } from '../../lib/back-office-routes';
import type { BlogsService } from './blogs.service';

export interface BlogsAdminRoutesOptions {
  blogs: BlogsService;
}

/** Issue 14: the provider's blogs under /api/admin/blogs (list, create, edit, cover). */
export const blogsAdminRoutes: FastifyPluginAsync<BlogsAdminRoutesOptions> = async (app, { blogs }) => {
  await backOfficePlugin(app);
  await registerRecordRoutes(app, {
    path: '/blogs',
    tag: 'blogs',
    noun: 'blog',
    create: BlogCreateSchema,
    patch: BlogPatchSchema,
    item: AdminBlogResponseSchema,
    list: AdminBlogListResponseSchema,
    service: blogs,
    image: { segment: 'cover', set: blogs.setCover },
  });
};
