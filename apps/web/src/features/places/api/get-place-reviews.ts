import type { ReviewListResponse } from '@nivaas/contracts/review.schema';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

export type ReviewSubject = 'city' | 'zone' | 'location';

export interface PlaceReviewsArgs {
  subject: ReviewSubject;
  id: number;
}

/**
 * Approved reviews of a place with its rating summary: spec §7 GET /city/review/?cityId= for a city,
 * and GET /zone/{id}/reviews, /location/{id}/reviews (same shape) for the others.
 */
const placeReviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlaceReviews: build.query<ReviewListResponse, PlaceReviewsArgs>({
      query: ({ subject, id }) =>
        subject === 'city' ? { url: '/city/review/', params: { cityId: id } } : `/${subject}/${id}/reviews`,
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/review.schema')).ReviewListResponseSchema),
    }),
  }),
});

export const { useGetPlaceReviewsQuery } = placeReviewsApi;
