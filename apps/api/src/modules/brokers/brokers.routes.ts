import { BrokerIdParamSchema, BrokerListQuerySchema, BrokerListResponseSchema, BrokerResponseSchema } from '@nivaas/contracts/broker.schema';
import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../module-options';
import { createBrokersRepository } from './brokers.repository';
import { createBrokersService } from './brokers.service';

/**
 * spec §7: GET /broker, GET /brokerRoutes/getAllBrokerUser (the same public list; 'defined, use not shown') and
 * GET /broker/{brokerId}. A broker's listings come from the projects module (GET /project?brokerId=).
 */
export const brokersRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { database }) => {
  const brokers = createBrokersService(createBrokersRepository(database.db));

  for (const url of ['/broker', '/brokerRoutes/getAllBrokerUser']) {
    app.get(
      url,
      {
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
      schema: {
        tags: ['brokers'],
        summary: "One approved broker's public profile with public listing counts by property type",
        params: BrokerIdParamSchema,
        response: { 200: BrokerResponseSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, broker: await brokers.get(request.params.brokerId) }),
  );
};
