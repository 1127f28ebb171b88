import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import { RATING_SUBMITTED_MESSAGE, RateLocationRequestSchema, RateZoneRequestSchema, RatingResponseSchema } from '@nivaas/contracts/review.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireAuth } from '../../plugins/auth';
import type { RatingsService } from './ratings.service';

const tags = ['reviews'];
const responses = {
  201: RatingResponseSchema,
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

export interface RatingsRoutesOptions {
  ratings: RatingsService;
}

/**
 * spec §7 POST /ratingroute/rateLocation and /ratingroute/rate-zone: signed-in users and brokers rate a locality
 * or a zone, once each (a second rating replaces the first). Both answer 201 with 'Rating submitted successfully!'
 * (spec §5: the client counts only a 201 as success). The rating shows at once in the place's public reviews.
 */
export const ratingsRoutes: FastifyPluginAsyncZod<RatingsRoutesOptions> = async (app, { ratings }) => {
  // onRequest runs before the body is read or parsed, so a guest gets 401 whatever it sent (never 400, 413 or 415 first).
  const signedIn = requireAuth('user', 'broker');

  app.post(
    '/ratingroute/rateLocation',
    {
      onRequest: signedIn,
      config: { limits: 'rating' },
      schema: { tags, summary: 'Rate a locality 1-5 with an optional comment (one rating per person; a second replaces it)', body: RateLocationRequestSchema, response: responses },
    },
    async (request, reply) => {
      const rating = await ratings.rateLocation(principalOf(request), request.body);
      return reply.code(201).send({ success: true as const, message: RATING_SUBMITTED_MESSAGE, rating });
    },
  );

  app.post(
    '/ratingroute/rate-zone',
    {
      onRequest: signedIn,
      config: { limits: 'rating' },
      schema: { tags, summary: 'Rate a zone 1-5 with an optional comment (one rating per person; a second replaces it)', body: RateZoneRequestSchema, response: responses },
    },
    async (request, reply) => {
      const rating = await ratings.rateZone(principalOf(request), request.body);
      return reply.code(201).send({ success: true as const, message: RATING_SUBMITTED_MESSAGE, rating });
    },
  );
};
