import type { MeResponse } from '@nivaas/contracts/auth.schema';
import { api } from '../../../lib/api/api-slice';
import type { LoginRole } from '../stored-login';
import { lazyContract } from '../../../lib/api/lazy-contract';

const meApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/auth/me with the given slot's token: that account's current record (a broker's live approval). */
    getMe: build.query<MeResponse['account'], LoginRole>({
      query: (role) => ({ url: '/auth/me', as: role }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/auth.schema')).MeResponseSchema),
      transformResponse: (response: MeResponse) => response.account,
    }),
  }),
});

export const { useGetMeQuery } = meApi;
