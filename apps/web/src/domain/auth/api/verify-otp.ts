import type { UserSignInResponse, VerifyOtpRequestInput } from '@nivaas/contracts/auth.schema';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

/** spec §7: the identity travels as `email` whatever its kind; `otp` is the digits joined from the six boxes. */
export type VerifyOtpArgs = VerifyOtpRequestInput;

const verifyOtpApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyOtp: build.mutation<UserSignInResponse, VerifyOtpArgs>({
      // The answer sets the httpOnly refresh cookie, hence credentials.
      query: (body) => ({ url: '/auth/portal/verify-otp', method: 'POST', body, credentials: 'include' }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/auth.schema')).UserSignInResponseSchema),
    }),
  }),
});

export const { useVerifyOtpMutation } = verifyOtpApi;
