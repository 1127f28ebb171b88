import { AdminIdParamSchema } from '@nivaas/contracts/admin.schema';
import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import {
  ReviewApproveBodySchema,
  ReviewDecisionResponseSchema,
  ReviewQueueQuerySchema,
  ReviewQueueResponseSchema,
  ReviewRejectBodySchema,
} from '@nivaas/contracts/review-moderation.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireAuth } from '../../plugins/auth';
import type { ReviewModerationService } from './review-moderation.service';

const tags = ['reviews'];
const denied = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const decided = { 400: ErrorResponseSchema, ...denied, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

export interface ReviewsAdminRoutesOptions {
  reviewModeration: ReviewModerationService;
}

/** Issue 14: the provider's review queue, mounted under /api/admin, provider staff only. */
export const reviewsAdminRoutes: FastifyPluginAsyncZod<ReviewsAdminRoutesOptions> = async (app, { reviewModeration }) => {
  app.addHook('onRequest', requireAuth('provider'));

  app.get(
    '/reviews',
    {
      schema: {
        tags,
        summary: 'City, zone and location reviews in one approval state (pending by default), oldest first, narrowed by subject and q',
        querystring: ReviewQueueQuerySchema,
        response: { 200: ReviewQueueResponseSchema, 400: ErrorResponseSchema, ...denied },
      },
    },
    async (request) => ({ success: true as const, ...(await reviewModeration.queue(request.query)) }),
  );

  app.post(
    '/reviews/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve a review: it is public at once; 409 when it already is',
        params: AdminIdParamSchema,
        body: ReviewApproveBodySchema,
        response: { 200: ReviewDecisionResponseSchema, ...decided },
      },
    },
    async (request) => ({ success: true as const, ...(await reviewModeration.approve(principalOf(request).id, request.params.id, request.body?.remark ?? null)) }),
  );

  app.post(
    '/reviews/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject a review with a remark (kept on its audit row): it leaves the site at once; 409 when it already is rejected',
        params: AdminIdParamSchema,
        body: ReviewRejectBodySchema,
        response: { 200: ReviewDecisionResponseSchema, ...decided },
      },
    },
    async (request) => ({ success: true as const, ...(await reviewModeration.reject(principalOf(request).id, request.params.id, request.body.remark)) }),
  );
};
