import { z } from 'zod';
import { IdInputSchema, PageQuerySchema, PaginationSchema } from './common.schema';

/**
 * Reviews of a city, zone or location (spec §3 'Rating submission', §7 GET /city/review/). Visitors only ever
 * see approved reviews; the reviewer's account id never leaves the server, only the name they signed with.
 */
export const ReviewSchema = z.object({
  id: z.number().int(),
  /** 1 to 5 stars. */
  ratingValue: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  authorName: z.string().nullable(),
  /** ISO timestamp. */
  createdAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** How many approved reviews gave each star value; every key is present (0 when none). */
export const RatingDistributionSchema = z.object({
  1: z.number().int(),
  2: z.number().int(),
  3: z.number().int(),
  4: z.number().int(),
  5: z.number().int(),
});
export type RatingDistribution = z.infer<typeof RatingDistributionSchema>;

/** Over every approved review of the place, not just the page shown. `average` has one decimal, 0 when count is 0. */
export const RatingSummarySchema = z.object({
  average: z.number(),
  count: z.number().int(),
  distribution: RatingDistributionSchema,
});
export type RatingSummary = z.infer<typeof RatingSummarySchema>;

/** Reviews are short; a page of 20 fills a place page without a second request. */
export const REVIEW_PAGE_SIZE = 20;

export const ReviewPageQuerySchema = PageQuerySchema.extend({
  limit: PageQuerySchema.shape.limit.unwrap().default(REVIEW_PAGE_SIZE),
});
export type ReviewPageQuery = z.infer<typeof ReviewPageQuerySchema>;

/** spec §7 GET /city/review/?cityId= (the trailing slash is optional), plus page and limit. */
export const CityReviewsQuerySchema = ReviewPageQuerySchema.extend({
  cityId: IdInputSchema,
});
export type CityReviewsQuery = z.infer<typeof CityReviewsQuerySchema>;

/**
 * GET /city/review/?cityId=, GET /location/{id}/reviews, GET /zone/{id}/reviews: approved reviews of that
 * place only (subject city, location or zone), newest first.
 */
export const ReviewListResponseSchema = z.object({
  success: z.literal(true),
  reviews: z.array(ReviewSchema),
  summary: RatingSummarySchema,
  pagination: PaginationSchema,
});
export type ReviewListResponse = z.infer<typeof ReviewListResponseSchema>;
