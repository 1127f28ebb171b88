import { BuilderIdParamSchema, BuilderListQuerySchema, BuilderListResponseSchema, BuilderResponseSchema } from '@nivaas/contracts/builder.schema';
import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BuildersService } from './builders.service';

export interface BuildersRoutesOptions {
  builders: BuildersService;
}

/** spec §7: GET /builder (status=active, approval=approved, page, limit, or {type}={id}) and GET /builder/{builderId}. */
export const buildersRoutes: FastifyPluginAsyncZod<BuildersRoutesOptions> = async (app, { builders }) => {
  app.get(
    '/builder',
    {
      config: { publicCache: true },
      schema: {
        tags: ['builders'],
        summary: 'Public builders with their live project counts and cities, most projects first; optionally by city, zone or locality',
        querystring: BuilderListQuerySchema,
        response: { 200: BuilderListResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await builders.list(request.query)) }),
  );

  app.get(
    '/builder/:builderId',
    {
      config: { publicCache: true },
      schema: {
        tags: ['builders'],
        summary: 'One public builder with its first 30 live projects, cheapest first',
        params: BuilderIdParamSchema,
        response: { 200: BuilderResponseSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, builder: await builders.get(request.params.builderId) }),
  );
};
