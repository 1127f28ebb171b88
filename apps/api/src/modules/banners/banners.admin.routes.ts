import { AdminBannerListResponseSchema, AdminBannerResponseSchema, BannerCreateSchema, BannerPatchSchema } from '@nivaas/contracts/content-admin.schema';
import type { FastifyPluginAsync } from 'fastify';
import { backOfficePlugin, registerRecordRoutes } from '../../lib/back-office-routes';
import type { BannersService } from './banners.service';

export interface BannersAdminRoutesOptions {
  banners: BannersService;
}

/** Issue 14: the provider's home-page banners under /api/admin/banners (list, create, edit, picture). */
export const bannersAdminRoutes: FastifyPluginAsync<BannersAdminRoutesOptions> = async (app, { banners }) => {
  await backOfficePlugin(app);
  await registerRecordRoutes(app, {
    path: '/banners',
    tag: 'banners',
    noun: 'banner',
    create: BannerCreateSchema,
    patch: BannerPatchSchema,
    item: AdminBannerResponseSchema,
    list: AdminBannerListResponseSchema,
    service: banners,
    image: { segment: 'image', set: banners.setImage },
  });
};
