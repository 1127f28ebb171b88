import type {
  BrokerLoginRequestSchema,
  BrokerSignInResponse,
  SendOtpRequestInput,
  SendOtpResponse,
  VerifyOtpRequestInput,
} from '@nivaas/contracts/auth.schema';
import type { z } from 'zod';
import { withRetryAfter } from '../../../domain/auth/passcode-memory';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

/**
 * A broker's sign-in on /login: e-mail and password, or a one-time passcode to the broker's e-mail or phone. Each
 * answers with the broker's account and an access token; the refresh token arrives as an httpOnly cookie.
 */
const brokerSignInApi = api.injectEndpoints({
  endpoints: (build) => ({
    brokerLogin: build.mutation<BrokerSignInResponse, z.input<typeof BrokerLoginRequestSchema>>({
      query: (body) => ({ url: '/auth/broker/login', method: 'POST', body }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/auth.schema')).BrokerSignInResponseSchema),
    }),
    brokerSendOtp: build.mutation<SendOtpResponse, Required<Pick<SendOtpRequestInput, 'email'>>>({
      query: (body) => ({ url: '/auth/broker/send-otp', method: 'POST', body }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/auth.schema')).SendOtpResponseSchema),
      transformErrorResponse: (error, meta) => withRetryAfter(error, meta),
    }),
    brokerVerifyOtp: build.mutation<BrokerSignInResponse, VerifyOtpRequestInput>({
      query: (body) => ({ url: '/auth/broker/verify-otp', method: 'POST', body }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/auth.schema')).BrokerSignInResponseSchema),
    }),
  }),
});

export const { useBrokerLoginMutation, useBrokerSendOtpMutation, useBrokerVerifyOtpMutation } = brokerSignInApi;
