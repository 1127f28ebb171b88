import type { BrokerRegisterRequestInput, BrokerSignInResponse } from '@nivaas/contracts/auth.schema';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

/**
 * POST /auth/broker/register (201): the new broker starts with approval pending (issue 4) and is signed in at once;
 * a taken e-mail or phone is a 409 naming the field.
 */
const brokerRegisterApi = api.injectEndpoints({
  endpoints: (build) => ({
    brokerRegister: build.mutation<BrokerSignInResponse, BrokerRegisterRequestInput>({
      query: (body) => ({ url: '/auth/broker/register', method: 'POST', body }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/auth.schema')).BrokerSignInResponseSchema),
    }),
  }),
});

export const { useBrokerRegisterMutation } = brokerRegisterApi;
