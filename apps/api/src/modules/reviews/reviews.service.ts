import type { Pagination } from '@nivaas/contracts/common.schema';
import type { RatingSummary, Review, ReviewPageQuery } from '@nivaas/contracts/review.schema';
import type { ReviewSubject } from '@nivaas/db';
import { DomainError } from '../../lib/domain-error';
import { offsetOf, paginationOf } from '../../lib/page-window';
import { toRatingSummary, toReview } from './reviews.mapper';
import type { ReviewsRepository } from './reviews.repository';

const PLACE_NAMES: Record<ReviewSubject, string> = { city: 'City', zone: 'Zone', location: 'Location' };

export interface ReviewPage {
  reviews: Review[];
  summary: RatingSummary;
  pagination: Pagination;
}

export function createReviewsService(repository: ReviewsRepository) {
  async function summaryOf(subject: ReviewSubject, placeId: number): Promise<RatingSummary> {
    return toRatingSummary(await repository.starCounts(subject, [placeId]));
  }

  return {
    summaryOf,

    /**
     * A page of the approved reviews of one place, with the summary over all of them (its count is the total, so
     * no separate count query). An unknown place is a 404 naming `idField`, not an empty list.
     */
    async list(subject: ReviewSubject, placeId: number, query: ReviewPageQuery, idField = 'id'): Promise<ReviewPage> {
      const [exists, rows, summary] = await Promise.all([
        repository.placeExists(subject, placeId),
        repository.listApproved(subject, placeId, offsetOf(query), query.limit),
        summaryOf(subject, placeId),
      ]);
      if (!exists) throw new DomainError('NOT_FOUND', `${PLACE_NAMES[subject]} ${placeId} not found`, { field: idField });
      return { reviews: rows.map(toReview), summary, pagination: paginationOf(query, rows.length, summary.count) };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
