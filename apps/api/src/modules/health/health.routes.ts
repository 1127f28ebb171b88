import { HealthResponseSchema, ReadyResponseSchema } from '@nivaas/contracts/health.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthService } from './health.service';

export interface HealthRoutesOptions {
  health: HealthService;
}

/** Liveness (the process answers) and readiness (it can reach its database), for a load balancer. */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { health }) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'The process is alive', response: { 200: HealthResponseSchema } } },
    async () => ({ status: 'ok' as const, uptimeSeconds: health.uptimeSeconds() }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'The process can reach its database',
        response: { 200: ReadyResponseSchema, 503: ReadyResponseSchema },
      },
    },
    async (request, reply) => {
      const readiness = await health.readiness();
      if (readiness.ready) return { status: 'ready' as const, database: readiness.database };
      request.log.warn({ err: readiness.reason }, 'not ready: database unreachable');
      return reply.code(503).send({ status: 'unavailable', database: readiness.database });
    },
  );
};
