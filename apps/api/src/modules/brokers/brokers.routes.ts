import { BrokerAccountResponseSchema, BrokerUpdateRequestSchema } from '@nivaas/contracts/auth.schema';
import { BrokerIdParamSchema, BrokerListQuerySchema, BrokerListResponseSchema, BrokerResponseSchema } from '@nivaas/contracts/broker.schema';
import { ErrorResponseSchema, IdParamSchema } from '@nivaas/contracts/common.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireAuth } from '../../plugins/auth';
import { BROKER_UPDATED_MESSAGE } from './brokers.service';
import type { BrokersService } from './brokers.service';

export interface BrokersRoutesOptions {
  brokers: BrokersService;
}

/**
 * spec §7: GET /broker, GET /brokerRoutes/getAllBrokerUser (the same public list; 'defined, use not shown') and
 * GET /broker/{brokerId}. A broker's listings come from the projects module (GET /project?brokerId=).
 */
export const brokersRoutes: FastifyPluginAsyncZod<BrokersRoutesOptions> = async (app, { brokers }) => {
  for (const url of ['/broker', '/brokerRoutes/getAllBrokerUser']) {
    app.get(
      url,
      {
        config: { publicCache: true },
        schema: {
          tags: ['brokers'],
          summary: 'Approved brokers (public profiles, no contact details), most public listings first',
          querystring: BrokerListQuerySchema,
          response: { 200: BrokerListResponseSchema, 400: ErrorResponseSchema },
        },
      },
      async (request) => ({ success: true as const, ...(await brokers.list(request.query)) }),
    );
  }

  app.get(
    '/broker/:brokerId',
    {
      config: { publicCache: true },
      schema: {
        tags: ['brokers'],
        summary: "One approved broker's public profile with public listing counts by property type",
        params: BrokerIdParamSchema,
        response: { 200: BrokerResponseSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, broker: await brokers.get(request.params.brokerId) }),
  );

  app.put(
    '/broker/:id',
    {
      onRequest: requireAuth('broker', 'provider'),
      schema: {
        tags: ['brokers'],
        summary:
          "Edit a broker's own record (the broker themself, or the provider). Only name, phone, company, reraNumber, cityId, about and profilePhoto are read; other keys of the full record are ignored.",
        params: IdParamSchema,
        body: BrokerUpdateRequestSchema,
        response: {
          200: BrokerAccountResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const broker = await brokers.updateAccount(principalOf(request), request.params.id, request.body);
      request.log.info({ brokerId: broker.id }, 'broker profile updated');
      return { success: true as const, message: BROKER_UPDATED_MESSAGE, broker };
    },
  );
};
