import { BannerListResponseSchema } from '@nivaas/contracts/banner.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BannersService } from './banners.service';

export interface BannersRoutesOptions {
  banners: BannersService;
}

/** spec §7: GET /usersrouts/getAllBanner (the spec's spelling is a public address, so it stays). */
export const bannersRoutes: FastifyPluginAsyncZod<BannersRoutesOptions> = async (app, { banners }) => {
  app.get(
    '/usersrouts/getAllBanner',
    {
      config: { publicCache: true },
      schema: {
        tags: ['banners'],
        summary: 'Approved home-page banners, in display order',
        response: { 200: BannerListResponseSchema },
      },
    },
    async () => ({ success: true as const, Allbanner: await banners.listPublic() }),
  );
};
