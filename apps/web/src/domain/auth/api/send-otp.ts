import type { SendOtpRequestInput, SendOtpResponse } from '@nivaas/contracts/auth.schema';
import { api } from '../../../lib/api/api-slice';
import { withRetryAfter } from '../passcode-memory';
import { lazyContract } from '../../../lib/api/lazy-contract';

export interface SendOtpArgs {
  /** What the visitor typed (a phone number or an e-mail). */
  value: string;
  /**
   * spec §7: the first send is `{email}` whatever was typed; a resend names the kind, `{phone}` or `{email}`.
   */
  resendAs?: keyof SendOtpRequestInput;
}

export interface SendOtpResult extends SendOtpResponse {
  /** spec §7: a first send answers 200, a resend 201. */
  status: number;
}

const sendOtpApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendOtp: build.mutation<SendOtpResult, SendOtpArgs>({
      query: ({ value, resendAs }) => ({
        url: '/auth/portal/send-otp',
        method: 'POST',
        body: resendAs === 'phone' ? { phone: value } : { email: value },
        credentials: 'include',
      }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/auth.schema')).SendOtpResponseSchema),
      transformResponse: (response: SendOtpResponse, meta) => ({ ...response, status: meta?.response?.status ?? 0 }),
      // A 429's Retry-After, so the form can count down the real wait (domain/auth/passcode-memory.ts retryAfterOf).
      transformErrorResponse: (error, meta) => withRetryAfter(error, meta),
    }),
  }),
});

export const { useSendOtpMutation } = sendOtpApi;
