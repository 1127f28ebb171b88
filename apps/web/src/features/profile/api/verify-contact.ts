import type { UserProfileUpdateResponse, VerifyContactInput } from '@nivaas/contracts/user.schema';
import { api } from '../../../lib/api/api-slice';
import { userProfileApi } from './get-user-profile';
import { lazyContract } from '../../../lib/api/lazy-contract';

/**
 * POST /api/user/me/verify-contact: the passcode sent to a new phone or e-mail (issue 10). Only then is the contact
 * saved; the answer is the whole new record, so the page shows it without asking again.
 */
const verifyContactApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyContact: build.mutation<UserProfileUpdateResponse, VerifyContactInput>({
      query: (body) => ({ url: '/user/me/verify-contact', method: 'POST', body, as: 'user' }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/user.schema')).UserProfileUpdateResponseSchema),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(userProfileApi.util.updateQueryData('getUserProfile', undefined, () => data.user));
      },
    }),
  }),
});

export const { useVerifyContactMutation } = verifyContactApi;
