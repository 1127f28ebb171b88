import type { Banner, BannerListResponse } from '@nivaas/contracts/banner.schema';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

export const bannersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBanners: build.query<Banner[], void>({
      query: () => '/usersrouts/getAllBanner',
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/banner.schema')).BannerListResponseSchema),
      // spec §5: only approved banners are shown, whatever the server sends.
      transformResponse: (response: BannerListResponse) =>
        response.Allbanner.filter((banner) => banner.approval === 'approved'),
    }),
  }),
});

export const { useGetBannersQuery } = bannersApi;
