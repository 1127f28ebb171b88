import { OutboxQuerySchema, OutboxResponseSchema, parseIdentity } from '@nivaas/contracts/auth.schema';
import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../module-options';
import { createDevOutboxRepository } from './dev-outbox.repository';
import { deliveriesSettled } from './senders/background-delivery';

/**
 * GET /api/dev/outbox?recipient=&purpose=&limit=: what the outbox sender kept, newest first. The e2e tests and a
 * local demo read passcodes and reset links here. app.ts never registers it when NODE_ENV=production.
 * The recipient may be typed as the user typed it ('+91 98450 12345'): it is normalised like a sign-in identity.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { database }) => {
  const outbox = createDevOutboxRepository(database.db);

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
    async (request) => {
      // Messages leave after the answer to the request that made them: wait for those still on their way.
      await deliveriesSettled(database.db);
      const { recipient, purpose, limit } = request.query;
      const normalised = recipient === undefined ? undefined : (parseIdentity(recipient)?.value ?? recipient.toLowerCase());
      const rows = await outbox.list({ recipient: normalised, purpose }, limit);
      return { success: true as const, messages: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
    },
  );
};
