import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import {
  CONTACT_VERIFIED_MESSAGE,
  contactPasscodeSentMessage,
  PROFILE_UPDATED_MESSAGE,
  UserProfileResponseSchema,
  UserProfileUpdateResponseSchema,
  UserProfileUpdateSchema,
  VerifyContactRequestSchema,
} from '@nivaas/contracts/user.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireAuth } from '../../plugins/auth';
import type { UsersService } from './users.service';

const tags = ['users'];
const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };

export interface UsersModuleOptions {
  users: UsersService;
}

/** Issue 4 '/profile': the signed-in user's own record. There is no route by id: the token says whose. */
export const usersRoutes: FastifyPluginAsyncZod<UsersModuleOptions> = async (app, { users }) => {
  // onRequest runs before the body is read or parsed, so a guest gets 401 whatever it sent (never 400, 413 or 415 first).
  const userOnly = requireAuth('user');

  app.get(
    '/user/me',
    {
      onRequest: userOnly,
      schema: { tags, summary: "The signed-in user's profile", response: { 200: UserProfileResponseSchema, ...errors } },
    },
    async (request) => ({ success: true as const, user: await users.get(principalOf(request).id) }),
  );

  app.put(
    '/user/me',
    {
      onRequest: userOnly,
      schema: {
        tags,
        summary:
          'Change the name, or clear the contact (phone or e-mail) the user does not sign in with (200). A new contact is not saved: a passcode goes to it (202, the same whoever uses it) and verify-contact saves it.',
        body: UserProfileUpdateSchema,
        response: { 200: UserProfileUpdateResponseSchema, 202: UserProfileUpdateResponseSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { profile, verification } = await users.update(principalOf(request).id, request.body, request.ip);
      if (!verification) return { success: true as const, message: PROFILE_UPDATED_MESSAGE, user: profile };
      return reply
        .code(202)
        .send({ success: true as const, message: contactPasscodeSentMessage(verification.field, verification.contact), user: profile, verification });
    },
  );

  app.post(
    '/user/me/verify-contact',
    {
      onRequest: userOnly,
      config: { limits: 'passcode-sign-in' },
      schema: {
        tags,
        summary:
          'Save the phone or e-mail a PUT sent a passcode to, with that passcode. 400 naming otp for a wrong, used or expired code; 409 (said only after the code proved the contact) when another account uses it.',
        body: VerifyContactRequestSchema,
        response: { 200: UserProfileUpdateResponseSchema, 400: ErrorResponseSchema, 409: ErrorResponseSchema, 429: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: CONTACT_VERIFIED_MESSAGE,
      user: await users.verifyContact(principalOf(request).id, request.body),
    }),
  );
};
