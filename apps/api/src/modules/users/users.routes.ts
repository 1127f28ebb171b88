import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import {
  PROFILE_UPDATED_MESSAGE,
  UserProfileResponseSchema,
  UserProfileUpdateResponseSchema,
  UserProfileUpdateSchema,
} from '@nivaas/contracts/user.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireAuth } from '../../plugins/auth';
import type { ModuleOptions } from '../module-options';
import { createUsersRepository } from './users.repository';
import { createUsersService } from './users.service';

const tags = ['users'];
const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };

/** Issue 4 '/profile': the signed-in user's own record. There is no route by id: the token says whose. */
export const usersRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { database }) => {
  const users = createUsersService(createUsersRepository(database.db));
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
        summary: 'Change the name, and the contact (phone or e-mail) the user does not sign in with',
        body: UserProfileUpdateSchema,
        response: { 200: UserProfileUpdateResponseSchema, 400: ErrorResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: PROFILE_UPDATED_MESSAGE,
      user: await users.update(principalOf(request).id, request.body),
    }),
  );
};
