import { ErrorResponseSchema, IdParamSchema } from '@nivaas/contracts/common.schema';
import { LeadsByProjectQuerySchema, LeadStageResponseSchema, LeadStageUpdateSchema, MyLeadsQuerySchema, OwnerLeadsResponseSchema } from '@nivaas/contracts/lead.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireAuth } from '../../plugins/auth';
import type { OwnerLeadsService } from './owner-leads.service';

const tags = ['leads'];
const refused = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };

export interface OwnerLeadsRoutesOptions {
  ownerLeads: OwnerLeadsService;
}

/** Issue 5: the leads on an owner's listings (spec §2 Leads screen, /leads and /Shareleads; §7 GET /lead). */
export const ownerLeadsRoutes: FastifyPluginAsyncZod<OwnerLeadsRoutesOptions> = async (app, { ownerLeads }) => {
  app.get(
    '/lead',
    {
      onRequest: requireAuth('user', 'broker', 'provider'),
      schema: {
        tags,
        summary: "spec §7 GET /lead?projectId: the leads on one listing, newest first (its owner, or the provider); 403 for another owner's",
        querystring: LeadsByProjectQuerySchema,
        response: { 200: OwnerLeadsResponseSchema, ...refused },
      },
    },
    async (request) => ({ success: true as const, ...(await ownerLeads.byProject(principalOf(request), request.query)) }),
  );

  app.get(
    '/lead/mine',
    {
      onRequest: requireAuth('user', 'broker'),
      schema: {
        tags,
        summary: "Every lead on the caller's listings, newest first (users; brokers once approved)",
        querystring: MyLeadsQuerySchema,
        response: { 200: OwnerLeadsResponseSchema, ...refused },
      },
    },
    async (request) => ({ success: true as const, ...(await ownerLeads.mine(principalOf(request), request.query)) }),
  );

  app.patch(
    '/lead/:id/stage',
    {
      onRequest: requireAuth('user', 'broker'),
      schema: {
        tags,
        summary: "Interested, Not Interested or Add to CRM (spec §2) on a lead of one's own listing",
        params: IdParamSchema,
        body: LeadStageUpdateSchema,
        response: { 200: LeadStageResponseSchema, ...refused },
      },
    },
    async (request) => ({ success: true as const, ...(await ownerLeads.setStage(principalOf(request), request.params.id, request.body)) }),
  );
};
