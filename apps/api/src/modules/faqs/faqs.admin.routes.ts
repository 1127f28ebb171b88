import { AdminFaqListResponseSchema, AdminFaqResponseSchema, FaqCreateSchema, FaqPatchSchema } from '@nivaas/contracts/content-admin.schema';
import type { FastifyPluginAsync } from 'fastify';
import { backOfficePlugin, registerRecordRoutes } from '../../lib/back-office-routes';
import type { FaqsService } from './faqs.service';

export interface FaqsAdminRoutesOptions {
  faqs: FaqsService;
}

/** Issue 14: the provider's FAQs under /api/admin/faqs (list, create, edit). */
export const faqsAdminRoutes: FastifyPluginAsync<FaqsAdminRoutesOptions> = async (app, { faqs }) => {
  await backOfficePlugin(app);
  await registerRecordRoutes(app, {
    path: '/faqs',
    tag: 'faqs',
    noun: 'FAQ',
    create: FaqCreateSchema,
    patch: FaqPatchSchema,
    item: AdminFaqResponseSchema,
    list: AdminFaqListResponseSchema,
    service: faqs,
  });
};
