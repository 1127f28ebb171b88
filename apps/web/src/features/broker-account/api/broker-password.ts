import type { ForgotPasswordRequestSchema, MessageResponse, ResetPasswordRequestSchema } from '@nivaas/contracts/auth.schema';
import type { z } from 'zod';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

/**
 * /forgot-password sends a single-use, expiring reset link (the same answer whether or not the e-mail has an
 * account); /reset-password spends the link's token on a new password.
 */
const brokerPasswordApi = api.injectEndpoints({
  endpoints: (build) => ({
    brokerForgotPassword: build.mutation<MessageResponse, z.input<typeof ForgotPasswordRequestSchema>>({
      query: (body) => ({ url: '/auth/broker/forgot-password', method: 'POST', body }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/auth.schema')).MessageResponseSchema),
    }),
    brokerResetPassword: build.mutation<MessageResponse, z.input<typeof ResetPasswordRequestSchema>>({
      query: (body) => ({ url: '/auth/broker/reset-password', method: 'POST', body }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/auth.schema')).MessageResponseSchema),
    }),
  }),
});

export const { useBrokerForgotPasswordMutation, useBrokerResetPasswordMutation } = brokerPasswordApi;
