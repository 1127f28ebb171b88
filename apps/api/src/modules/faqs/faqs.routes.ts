import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import { FaqListQuerySchema, FaqListResponseSchema } from '@nivaas/contracts/faq.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FaqsService } from './faqs.service';

export interface FaqsRoutesOptions {
  faqs: FaqsService;
}

/** spec §7: GET /faq?associatedWith=contact_faqs&approval=approved. */
export const faqsRoutes: FastifyPluginAsyncZod<FaqsRoutesOptions> = async (app, { faqs }) => {
  app.get(
    '/faq',
    {
      config: { publicCache: true },
      schema: {
        tags: ['faqs'],
        summary: 'Approved FAQs of one page (contact_faqs by default), in display order',
        querystring: FaqListQuerySchema,
        response: { 200: FaqListResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, faqs: await faqs.listPublic(request.query) }),
  );
};
