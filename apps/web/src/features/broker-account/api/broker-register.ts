import { BrokerSignInResponseSchema, type BrokerRegisterRequestInput, type BrokerSignInResponse } from '@nivaas/contracts/auth.schema';
import { api } from '../../../lib/api/api-slice';

/**
 * POST /auth/broker/register (201): the new broker starts with approval pending (issue 4) and is signed in at once;
 * a taken e-mail or phone is a 409 naming the field.
 */
const brokerRegisterApi = api.injectEndpoints({
  endpoints: (build) => ({
    brokerRegister: build.mutation<BrokerSignInResponse, BrokerRegisterRequestInput>({
      query: (body) => ({ url: '/auth/broker/register', method: 'POST', body }),
      rawResponseSchema: BrokerSignInResponseSchema,
    }),
  }),
});

export const { useBrokerRegisterMutation } = brokerRegisterApi;
