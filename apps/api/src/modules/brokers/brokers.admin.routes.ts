import { AdminIdParamSchema } from '@nivaas/contracts/admin.schema';
import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import { AdminBrokersQuerySchema, AdminBrokersResponseSchema, BrokerStandingResponseSchema, HoldReasonBodySchema, LiftHoldBodySchema } from '@nivaas/contracts/people-admin.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireAuth } from '../../plugins/auth';
import type { BrokerStandingService } from './broker-standing.service';

const tags = ['brokers'];
const denied = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const changed = { 400: ErrorResponseSchema, ...denied, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

export interface BrokersAdminRoutesOptions {
  brokerStanding: BrokerStandingService;
}

/** Issue 14: every broker for the provider, and suspension; mounted under /api/admin, provider staff only. */
export const brokersAdminRoutes: FastifyPluginAsyncZod<BrokersAdminRoutesOptions> = async (app, { brokerStanding }) => {
  app.addHook('onRequest', requireAuth('provider'));

  app.get(
    '/brokers',
    {
      schema: {
        tags,
        summary: 'Every broker (any approval), newest first, narrowed by q and by standing (active or suspended), with their live listings',
        querystring: AdminBrokersQuerySchema,
        response: { 200: AdminBrokersResponseSchema, 400: ErrorResponseSchema, ...denied },
      },
    },
    async (request) => ({ success: true as const, ...(await brokerStanding.list(request.query)) }),
  );

  app.post(
    '/brokers/:id/suspend',
    {
      schema: {
        tags,
        summary: 'Suspend a broker with the reason they are told: their listings leave the site and their uploads are refused until reinstated',
        params: AdminIdParamSchema,
        body: HoldReasonBodySchema,
        response: { 200: BrokerStandingResponseSchema, ...changed },
      },
    },
    async (request) => ({ success: true as const, ...(await brokerStanding.suspend(principalOf(request).id, request.params.id, request.body.reason)) }),
  );

  app.post(
    '/brokers/:id/reinstate',
    {
      schema: {
        tags,
        summary: 'Reinstate a suspended broker: the listings that were live are back on the site at once',
        params: AdminIdParamSchema,
        body: LiftHoldBodySchema,
        response: { 200: BrokerStandingResponseSchema, ...changed },
      },
    },
    async (request) => ({ success: true as const, ...(await brokerStanding.reinstate(principalOf(request).id, request.params.id, request.body?.remark ?? null)) }),
  );
};
