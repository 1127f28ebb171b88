import type { RateLocationRequestInput, RateZoneRequestInput, RatingResponse } from '@nivaas/contracts/review.schema';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

/** What the page needs back: the server's answer, and whether it was the 201 that alone means success (spec §5). */
export interface RatingResult {
  response: RatingResponse;
  created: boolean;
}

/**
 * spec §7 POST /ratingroute/rateLocation {ratingValue, comment, locationId, userId} and POST /ratingroute/rate-zone
 * {ratingValue, comment, ZoneId, userId}. One rating per person per place: a second one replaces the first.
 */
const ratingApi = api.injectEndpoints({
  endpoints: (build) => ({
    rateLocation: build.mutation<RatingResult, RateLocationRequestInput>({
      query: (body) => ({ url: '/ratingroute/rateLocation', method: 'POST', body }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/review.schema')).RatingResponseSchema),
      transformResponse: (response: RatingResponse, meta) => ({ response, created: meta?.response?.status === 201 }),
    }),
    rateZone: build.mutation<RatingResult, RateZoneRequestInput>({
      query: (body) => ({ url: '/ratingroute/rate-zone', method: 'POST', body }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/review.schema')).RatingResponseSchema),
      transformResponse: (response: RatingResponse, meta) => ({ response, created: meta?.response?.status === 201 }),
    }),
  }),
});

export const { useRateLocationMutation, useRateZoneMutation } = ratingApi;
