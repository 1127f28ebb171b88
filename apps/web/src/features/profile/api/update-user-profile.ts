import type { UserProfileUpdateInput, UserProfileUpdateResponse } from '@nivaas/contracts/user.schema';
import { api } from '../../../lib/api/api-slice';
import { userProfileApi } from './get-user-profile';
import { lazyContract } from '../../../lib/api/lazy-contract';

/** PUT /api/user/me (spec §6: 'Profile update ... send a bearer token'). */
const updateUserProfileApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateUserProfile: build.mutation<UserProfileUpdateResponse, UserProfileUpdateInput>({
      query: (body) => ({ url: '/user/me', method: 'PUT', body, as: 'user' }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/user.schema')).UserProfileUpdateResponseSchema),
      // The answer is the whole new record: the page shows it without asking again.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(userProfileApi.util.updateQueryData('getUserProfile', undefined, () => data.user));
      },
    }),
  }),
});

export const { useUpdateUserProfileMutation } = updateUserProfileApi;
