import { UserSignInResponseSchema, type UserSignInResponse } from '@nivaas/contracts/auth.schema';
import { api } from '../../api/api-slice';

export interface VerifyOtpArgs {
  /** spec §7: the identity travels as `email` whatever its kind. */
  email: string;
  /** spec §3: the digits joined from the six boxes. */
  otp: string;
}

const verifyOtpApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyOtp: build.mutation<UserSignInResponse, VerifyOtpArgs>({
      // The answer sets the httpOnly refresh cookie, hence credentials.
      query: (body) => ({ url: '/auth/portal/verify-otp', method: 'POST', body, credentials: 'include' }),
      rawResponseSchema: UserSignInResponseSchema,
    }),
  }),
});

export const { useVerifyOtpMutation } = verifyOtpApi;
