import {
  BrokerSignInResponseSchema,
  SendOtpResponseSchema,
  type BrokerLoginRequest,
  type BrokerSignInResponse,
  type SendOtpResponse,
} from '@nivaas/contracts/auth.schema';
import { api } from '../../../lib/api/api-slice';

/**
 * A broker's sign-in on /login: e-mail and password, or a one-time passcode to the broker's e-mail or phone. Each
 * answers with the broker's account and an access token; the refresh token arrives as an httpOnly cookie.
 */
const brokerSignInApi = api.injectEndpoints({
  endpoints: (build) => ({
    brokerLogin: build.mutation<BrokerSignInResponse, BrokerLoginRequest>({
      query: (body) => ({ url: '/auth/broker/login', method: 'POST', body }),
      rawResponseSchema: BrokerSignInResponseSchema,
    }),
    brokerSendOtp: build.mutation<SendOtpResponse, { email: string }>({
      query: (body) => ({ url: '/auth/broker/send-otp', method: 'POST', body }),
      rawResponseSchema: SendOtpResponseSchema,
    }),
    brokerVerifyOtp: build.mutation<BrokerSignInResponse, { email: string; otp: string }>({
      query: (body) => ({ url: '/auth/broker/verify-otp', method: 'POST', body }),
      rawResponseSchema: BrokerSignInResponseSchema,
    }),
  }),
});

export const { useBrokerLoginMutation, useBrokerSendOtpMutation, useBrokerVerifyOtpMutation } = brokerSignInApi;
