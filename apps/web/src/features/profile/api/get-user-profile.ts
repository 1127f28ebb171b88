import type { UserProfile, UserProfileResponse } from '@nivaas/contracts/user.schema';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

/** GET /api/user/me: the signed-in user's own record (the token says whose). */
export const userProfileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserProfile: build.query<UserProfile, void>({
      query: () => ({ url: '/user/me', as: 'user' }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/user.schema')).UserProfileResponseSchema),
      transformResponse: (response: UserProfileResponse) => response.user,
    }),
  }),
});

export const { useGetUserProfileQuery } = userProfileApi;
