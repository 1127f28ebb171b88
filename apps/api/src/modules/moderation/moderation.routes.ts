import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import {
  ApproveBodySchema,
  AuditQuerySchema,
  AuditResponseSchema,
  BrokerDecisionResponseSchema,
  ModerationIdParamSchema,
  ModerationQueueQuerySchema,
  PendingBrokersResponseSchema,
  PendingListingsResponseSchema,
  ProjectDecisionResponseSchema,
  RejectBodySchema,
} from '@nivaas/contracts/moderation.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireAuth } from '../../plugins/auth';
import type { ModerationService } from './moderation.service';

const tags = ['moderation'];
const denied = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const decided = { 400: ErrorResponseSchema, ...denied, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

export interface ModerationRoutesOptions {
  moderation: ModerationService;
}

/**
 * Issue 5: the provider's moderation API (the /dashboard console's calls), provider staff only. Mounted under
 * /api/admin. Decisions are a state machine in the service; each commits with its audit row.
 */
export const moderationRoutes: FastifyPluginAsyncZod<ModerationRoutesOptions> = async (app, { moderation }) => {
  // Every route here, before its body is read: 401 without a token, 403 for a user or broker.
  app.addHook('onRequest', requireAuth('provider'));

  app.get(
    '/projects/pending',
    {
      schema: {
        tags,
        summary: 'Listings waiting for a decision, oldest first (or newest), a page at a time, narrowed by q; with photos, units, remarks so far and the owner',
        querystring: ModerationQueueQuerySchema,
        response: { 200: PendingListingsResponseSchema, 400: ErrorResponseSchema, ...denied },
      },
    },
    async (request) => ({ success: true as const, ...(await moderation.pendingProjects(request.query)) }),
  );

  app.get(
    '/brokers/pending',
    {
      schema: {
        tags,
        summary: 'Brokers waiting for approval, oldest registration first (or newest), a page at a time, narrowed by q',
        querystring: ModerationQueueQuerySchema,
        response: { 200: PendingBrokersResponseSchema, 400: ErrorResponseSchema, ...denied },
      },
    },
    async (request) => ({ success: true as const, ...(await moderation.pendingBrokers(request.query)) }),
  );

  app.post(
    '/projects/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve a pending listing (it stays hidden until its owner switches it live); 409 from any other state',
        params: ModerationIdParamSchema,
        body: ApproveBodySchema,
        response: { 200: ProjectDecisionResponseSchema, ...decided },
      },
    },
    async (request) => ({ success: true as const, ...(await moderation.approveProject(principalOf(request).id, request.params.id, request.body?.remark ?? null)) }),
  );

  app.post(
    '/projects/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject a pending listing with a remark the owner sees; 409 from any other state',
        params: ModerationIdParamSchema,
        body: RejectBodySchema,
        response: { 200: ProjectDecisionResponseSchema, ...decided },
      },
    },
    async (request) => ({ success: true as const, ...(await moderation.rejectProject(principalOf(request).id, request.params.id, request.body.remark)) }),
  );

  app.post(
    '/brokers/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve a pending broker (spec §4: uploads, leads and the uploads dashboard open to them)',
        params: ModerationIdParamSchema,
        body: ApproveBodySchema,
        response: { 200: BrokerDecisionResponseSchema, ...decided },
      },
    },
    async (request) => ({ success: true as const, ...(await moderation.approveBroker(principalOf(request).id, request.params.id, request.body?.remark ?? null)) }),
  );

  app.post(
    '/brokers/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject a pending broker with a remark (kept in the audit log)',
        params: ModerationIdParamSchema,
        body: RejectBodySchema,
        response: { 200: BrokerDecisionResponseSchema, ...decided },
      },
    },
    async (request) => ({ success: true as const, ...(await moderation.rejectBroker(principalOf(request).id, request.params.id, request.body.remark)) }),
  );

  app.get(
    '/audit',
    {
      schema: {
        tags,
        summary: 'The audit log, newest first: who, what, when, before and after',
        querystring: AuditQuerySchema,
        response: { 200: AuditResponseSchema, 400: ErrorResponseSchema, ...denied },
      },
    },
    async (request) => ({ success: true as const, ...(await moderation.audit(request.query)) }),
  );
};
