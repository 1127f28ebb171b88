import { MessageResponseSchema, type MessageResponse } from '@nivaas/contracts/auth.schema';
import { api } from '../../../lib/api/api-slice';
import type { LoginRole } from '../stored-login';

const logoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Ends the server session of one slot (its refresh cookie is revoked), sending that slot's token. */
    logout: build.mutation<MessageResponse, LoginRole>({
      query: (role) => ({ url: '/auth/portal/logout', method: 'POST', body: { role }, credentials: 'include', as: role }),
      rawResponseSchema: MessageResponseSchema,
    }),
  }),
});

export const { useLogoutMutation } = logoutApi;
