import { ErrorResponseSchema, IdParamSchema } from '@nivaas/contracts/common.schema';
import { CityReviewsQuerySchema, ReviewListResponseSchema, ReviewPageQuerySchema } from '@nivaas/contracts/review.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReviewsService } from './reviews.service';

const errors = { 400: ErrorResponseSchema, 404: ErrorResponseSchema };

export interface ReviewsRoutesOptions {
  reviews: ReviewsService;
}

/**
 * Approved reviews of places. spec §7 shows GET /city/review/?cityId= (served with and without the trailing
 * slash, since Fastify treats them as two routes); the zone and location lists are ours, beside the rating POSTs
 * (/ratingroute/...) that need a signed-in user and come with sign-in.
 */
export const reviewsRoutes: FastifyPluginAsyncZod<ReviewsRoutesOptions> = async (app, { reviews }) => {
  for (const url of ['/city/review/', '/city/review']) {
    app.get(
      url,
      {
        config: { publicCache: true },
        schema: {
          tags: ['reviews'],
          summary: 'Approved reviews of a city, newest first, with the rating summary',
          querystring: CityReviewsQuerySchema,
          response: { 200: ReviewListResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { cityId, ...page } = request.query;
        return { success: true as const, ...(await reviews.list('city', cityId, page, 'cityId')) };
      },
    );
  }

  for (const subject of ['location', 'zone'] as const) {
    app.get(
      `/${subject}/:id/reviews`,
      {
        config: { publicCache: true },
        schema: {
          tags: ['reviews'],
          summary: `Approved reviews of a ${subject === 'location' ? 'location (locality)' : 'zone'}, newest first, with the rating summary`,
          params: IdParamSchema,
          querystring: ReviewPageQuerySchema,
          response: { 200: ReviewListResponseSchema, ...errors },
        },
      },
      async (request) => ({ success: true as const, ...(await reviews.list(subject, request.params.id, request.query)) }),
    );
  }
};
