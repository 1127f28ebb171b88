import { AdminIdParamSchema } from '@nivaas/contracts/admin.schema';
import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import { AdminUsersQuerySchema, AdminUsersResponseSchema, HoldReasonBodySchema, LiftHoldBodySchema, UserStandingResponseSchema } from '@nivaas/contracts/people-admin.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireAuth } from '../../plugins/auth';
import type { UserStandingService } from './user-standing.service';

const tags = ['users'];
const denied = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const changed = { 400: ErrorResponseSchema, ...denied, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

export interface UsersAdminRoutesOptions {
  userStanding: UserStandingService;
}

/**
 * Issue 14: the provider looks users up and blocks them; mounted under /api/admin, provider staff only. The search
 * travels in the query string, which the logger never writes (logger.ts), so no phone or e-mail reaches the logs.
 */
export const usersAdminRoutes: FastifyPluginAsyncZod<UsersAdminRoutesOptions> = async (app, { userStanding }) => {
  app.addHook('onRequest', requireAuth('provider'));

  app.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'Users, newest first, looked up by phone (any spacing, +91 or not), e-mail or name; optionally only the blocked ones',
        querystring: AdminUsersQuerySchema,
        response: { 200: AdminUsersResponseSchema, 400: ErrorResponseSchema, ...denied },
      },
    },
    async (request) => ({ success: true as const, ...(await userStanding.list(request.query)) }),
  );

  app.post(
    '/users/:id/block',
    {
      schema: {
        tags,
        summary: 'Block a user with the reason they are shown: every sign-in of theirs ends now and a new one is refused',
        params: AdminIdParamSchema,
        body: HoldReasonBodySchema,
        response: { 200: UserStandingResponseSchema, ...changed },
      },
    },
    async (request) => ({ success: true as const, ...(await userStanding.block(principalOf(request).id, request.params.id, request.body.reason)) }),
  );

  app.post(
    '/users/:id/unblock',
    {
      schema: {
        tags,
        summary: 'Unblock a user: they can sign in again, with everything of theirs as it was',
        params: AdminIdParamSchema,
        body: LiftHoldBodySchema,
        response: { 200: UserStandingResponseSchema, ...changed },
      },
    },
    async (request) => ({ success: true as const, ...(await userStanding.unblock(principalOf(request).id, request.params.id, request.body?.remark ?? null)) }),
  );
};
