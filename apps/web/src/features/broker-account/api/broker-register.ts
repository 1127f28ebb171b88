import {
  BrokerAccountResponseSchema,
  BrokerSignInResponseSchema,
  type BrokerAccountResponse,
  type BrokerRegisterRequest,
  type BrokerSignInResponse,
} from '@nivaas/contracts/auth.schema';
import { z } from 'zod';
import { api } from '../../../lib/api/api-slice';

/** A new broker is signed in at once (with a token) or asked to log in; the page handles both answers. */
const RegisterResponseSchema = z.union([BrokerSignInResponseSchema, BrokerAccountResponseSchema]);
export type RegisterResponse = BrokerSignInResponse | BrokerAccountResponse;

/** POST /auth/broker/register: the new broker starts with approval pending (issue 4); a taken e-mail is a 409. */
const brokerRegisterApi = api.injectEndpoints({
  endpoints: (build) => ({
    brokerRegister: build.mutation<RegisterResponse, BrokerRegisterRequest>({
      query: (body) => ({ url: '/auth/broker/register', method: 'POST', body }),
      rawResponseSchema: RegisterResponseSchema,
    }),
  }),
});

export const { useBrokerRegisterMutation } = brokerRegisterApi;
