import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import { LEAD_BODY_LIMIT_BYTES, LEAD_THANK_YOU_MESSAGE, LeadCreatedResponseSchema, LeadFormSchema } from '@nivaas/contracts/lead.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LeadsService } from './leads.service';

export interface LeadsRoutesOptions {
  leads: LeadsService;
}

/** spec §7: POST /leadMenegmentRoute/uILeadFormData (the spec's spelling is a public address, so it stays). */
export const leadsRoutes: FastifyPluginAsyncZod<LeadsRoutesOptions> = async (app, { leads }) => {
  app.post(
    '/leadMenegmentRoute/uILeadFormData',
    {
      // A form of five short fields: anything larger is refused with 413 before it is parsed.
      bodyLimit: LEAD_BODY_LIMIT_BYTES,
      config: { limits: 'enquiry' },
      schema: {
        tags: ['leads'],
        summary: 'Send an enquiry (contact page or a project). A repeat within a minute stores nothing new and answers the same.',
        body: LeadFormSchema,
        response: { 201: LeadCreatedResponseSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema, 413: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { leadId } = await leads.submit(request.body);
      // Ids only: a lead's name, phone, e-mail and message never reach the log.
      request.log.info({ leadId, repeat: leadId === null }, leadId === null ? 'enquiry repeated; nothing stored' : 'enquiry stored');
      return reply.code(201).send({ success: true as const, message: LEAD_THANK_YOU_MESSAGE });
    },
  );
};
