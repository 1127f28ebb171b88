import { AdminIdParamSchema, AdminListQuerySchema } from '@nivaas/contracts/admin.schema';
import { AdminBuilderPageSchema, AdminBuilderResponseSchema, BuilderCreateSchema, BuilderPatchSchema } from '@nivaas/contracts/catalogue-admin.schema';
import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireAuth } from '../../plugins/auth';
import type { BuildersAdminService } from './builders.admin.service';

const tags = ['back office'];
const denied = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const written = { 400: ErrorResponseSchema, ...denied, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

/** Issue 14: the provider's builder records, under /api/admin. Provider staff only. */
export const buildersAdminRoutes: FastifyPluginAsyncZod<{ buildersAdmin: BuildersAdminService }> = async (app, { buildersAdmin }) => {
  app.addHook('onRequest', requireAuth('provider'));

  app.get(
    '/builders',
    { schema: { tags, summary: 'Builders in every state, newest change first, narrowed by q (name, slug or id), status and approval', querystring: AdminListQuerySchema, response: { 200: AdminBuilderPageSchema, 400: ErrorResponseSchema, ...denied } } },
    async (request) => ({ success: true as const, ...(await buildersAdmin.list(request.query)) }),
  );

  app.get(
    '/builders/:id',
    { schema: { tags, summary: 'One builder in any state', params: AdminIdParamSchema, response: { 200: AdminBuilderResponseSchema, 400: ErrorResponseSchema, ...denied, 404: ErrorResponseSchema } } },
    async (request) => ({ success: true as const, message: 'Builder loaded.', item: await buildersAdmin.get(request.params.id) }),
  );

  app.post(
    '/builders',
    { schema: { tags, summary: 'Create a builder (a draft, inactive and pending, unless status/approval are given); 409 for a slug in use', body: BuilderCreateSchema, response: { 201: AdminBuilderResponseSchema, ...written } } },
    async (request, reply) => reply.code(201).send({ success: true as const, ...(await buildersAdmin.create(principalOf(request).id, request.body)) }),
  );

  app.patch(
    '/builders/:id',
    { schema: { tags, summary: 'Edit a builder, publish it (status, approval) or reject it with a remark', params: AdminIdParamSchema, body: BuilderPatchSchema, response: { 200: AdminBuilderResponseSchema, ...written } } },
    async (request) => ({ success: true as const, ...(await buildersAdmin.update(principalOf(request).id, request.params.id, request.body)) }),
  );
};
