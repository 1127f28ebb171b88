import type { MessageResponse } from '@nivaas/contracts/auth.schema';
import { api } from '../../../lib/api/api-slice';
import type { LoginRole } from '../stored-login';
import { lazyContract } from '../../../lib/api/lazy-contract';

const logoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Ends the server session of one slot (its refresh cookie is revoked), sending that slot's token. */
    logout: build.mutation<MessageResponse, LoginRole>({
      query: (role) => ({ url: '/auth/portal/logout', method: 'POST', body: { role }, credentials: 'include', as: role }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/auth.schema')).MessageResponseSchema),
    }),
  }),
});

export const { useLogoutMutation } = logoutApi;
