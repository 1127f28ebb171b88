import { ErrorResponseSchema, IdParamSchema } from '@nivaas/contracts/common.schema';
import {
  ConstructionProjectListQuerySchema,
  ConstructionProjectListResponseSchema,
  ContractorListQuerySchema,
  ContractorListResponseSchema,
  ContractorResponseSchema,
} from '@nivaas/contracts/construction.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConstructionService } from './construction.service';

export interface ConstructionRoutesOptions {
  construction: ConstructionService;
}

/**
 * The construction gateway (spec §7: its base ends /api/construction): GET /project (page 1, limit 6, tag) and our
 * contractor directory, GET /contractor and GET /contractor/{id}.
 */
export const constructionRoutes: FastifyPluginAsyncZod<ConstructionRoutesOptions> = async (app, { construction }) => {
  app.get(
    '/construction/project',
    {
      config: { publicCache: true },
      schema: {
        tags: ['construction'],
        summary: 'Active construction projects (of approved contractors), newest first, 6 a page by default; empty tag = all',
        querystring: ConstructionProjectListQuerySchema,
        response: { 200: ConstructionProjectListResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await construction.listProjects(request.query)) }),
  );

  app.get(
    '/construction/contractor',
    {
      config: { publicCache: true },
      schema: {
        tags: ['construction'],
        summary: 'Approved contractors, highest rated first; optionally of one city',
        querystring: ContractorListQuerySchema,
        response: { 200: ContractorListResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await construction.listContractors(request.query)) }),
  );

  app.get(
    '/construction/contractor/:id',
    {
      config: { publicCache: true },
      schema: {
        tags: ['construction'],
        summary: 'One approved contractor with their active construction projects',
        params: IdParamSchema,
        response: { 200: ContractorResponseSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, contractor: await construction.getContractor(request.params.id) }),
  );
};
