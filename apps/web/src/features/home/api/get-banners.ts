import { BannerListResponseSchema, type Banner, type BannerListResponse } from '@nivaas/contracts/banner.schema';
import { api } from '../../../lib/api/api-slice';

export const bannersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBanners: build.query<Banner[], void>({
      query: () => '/usersrouts/getAllBanner',
      rawResponseSchema: BannerListResponseSchema,
      // spec §5: only approved banners are shown, whatever the server sends.
      transformResponse: (response: BannerListResponse) =>
        response.Allbanner.filter((banner) => banner.approval === 'approved'),
    }),
  }),
});

export const { useGetBannersQuery } = bannersApi;
