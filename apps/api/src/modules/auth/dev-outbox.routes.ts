import { OutboxQuerySchema, OutboxResponseSchema } from '@nivaas/contracts/auth.schema';
import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DevOutboxService } from './dev-outbox.service';

export interface DevOutboxRoutesOptions {
  devOutbox: DevOutboxService;
}

/**
 * GET /api/dev/outbox?recipient=&purpose=&limit=: what the outbox sender kept, newest first. The e2e tests and a
 * local demo read passcodes and reset links here. app.ts never registers it when NODE_ENV=production.
 * The recipient may be typed as the user typed it ('+91 98450 12345'): it is normalised like a sign-in identity.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<DevOutboxRoutesOptions> = async (app, { devOutbox }) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Development only: messages kept by the outbox sender, newest first',
        querystring: OutboxQuerySchema,
        response: { 200: OutboxResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, messages: await devOutbox.list(request.query) }),
  );
};
