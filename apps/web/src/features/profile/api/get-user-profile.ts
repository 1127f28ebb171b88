import { UserProfileResponseSchema, type UserProfile, type UserProfileResponse } from '@nivaas/contracts/user.schema';
import { api } from '../../../lib/api/api-slice';

/** GET /api/user/me: the signed-in user's own record (the token says whose). */
export const userProfileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserProfile: build.query<UserProfile, void>({
      query: () => ({ url: '/user/me', as: 'user' }),
      rawResponseSchema: UserProfileResponseSchema,
      transformResponse: (response: UserProfileResponse) => response.user,
    }),
  }),
});

export const { useGetUserProfileQuery } = userProfileApi;
