import type { RatingSummary, Review } from '@nivaas/contracts/review.schema';
import type { ReviewRow, StarCount } from './reviews.repository';

export function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    ratingValue: row.ratingValue,
    comment: row.comment,
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Star counts of one place into the summary: every star key present, the average to one decimal (0 with no reviews). */
export function toRatingSummary(stars: readonly StarCount[]): RatingSummary {
  const distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let total = 0;
  let points = 0;
  for (const { ratingValue, count } of stars) {
    // The column's CHECK keeps values in 1..5; anything else would be a schema change this code must notice.
    if (!(ratingValue in distribution)) throw new Error(`rating value ${ratingValue} outside 1..5`);
    distribution[ratingValue as keyof typeof distribution] += count;
    total += count;
    points += ratingValue * count;
  }
  return { average: total === 0 ? 0 : Math.round((points / total) * 10) / 10, count: total, distribution };
}
