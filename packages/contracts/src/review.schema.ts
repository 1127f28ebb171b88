import { z } from 'zod';
import { IdInputSchema, MAX_ID, multiLineText, PageQuerySchema, PaginationSchema } from './common.schema';

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

// ---------------------------------------------------------------------------------------------------------------
// Ratings (spec §3 'Rating submission', §7 POST /ratingroute/rateLocation and /ratingroute/rate-zone, §5 'Rating
// is successful only when the server answers 201', §8 'Rating submitted successfully!').

/** spec §8: the client shows this (or the server's message) after a 201. */
export const RATING_SUBMITTED_MESSAGE = 'Rating submitted successfully!';
export const RATING_COMMENT_MAX = 1000;

/** 1 to 5 stars, as a number or a one-digit string (a form's radio value); never true/false or 4.5. */
export const RatingValueSchema = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, 'must be a whole number of stars from 1 to 5')], { error: 'must be a whole number of stars from 1 to 5' })
  .transform(Number)
  .pipe(z.number().int('must be a whole number of stars from 1 to 5').min(1, 'must be at least 1 star').max(5, 'must be at most 5 stars'));

/** An empty or blank comment is no comment. Shown on public pages and read by moderators: line breaks only. */
export const RatingCommentSchema = multiLineText({ label: 'Comment' })
  .max(RATING_COMMENT_MAX, `Comment must be at most ${RATING_COMMENT_MAX} characters`)
  .nullish()
  .transform((comment) => (comment ? comment : null));

/** An id in a JSON body: a number, or digits as text (what a form field holds); never true or 1.5. */
const BodyIdSchema = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, 'must be an id')], { error: 'must be an id' })
  .transform(Number)
  .pipe(z.number().int('must be an id').positive('must be an id').max(MAX_ID, 'must be an id'));
/**
 * The rater is the signed-in caller. `userId` is what the spec's client sends (its stored login id); when present
 * it must be the caller's own id, else 403, so nobody can rate in someone else's name.
 */
const RaterIdSchema = BodyIdSchema.optional();

/** POST /ratingroute/rateLocation. */
export const RateLocationRequestSchema = z.strictObject({
  ratingValue: RatingValueSchema,
  comment: RatingCommentSchema,
  locationId: BodyIdSchema,
  userId: RaterIdSchema,
});
export type RateLocationRequest = z.infer<typeof RateLocationRequestSchema>;
export type RateLocationRequestInput = z.input<typeof RateLocationRequestSchema>;

/** POST /ratingroute/rate-zone (the spec's capital Z in `ZoneId` kept: it is what the client sends). */
export const RateZoneRequestSchema = z.strictObject({
  ratingValue: RatingValueSchema,
  comment: RatingCommentSchema,
  ZoneId: BodyIdSchema,
  userId: RaterIdSchema,
});
export type RateZoneRequest = z.infer<typeof RateZoneRequestSchema>;
export type RateZoneRequestInput = z.input<typeof RateZoneRequestSchema>;

/** The caller's rating as stored. One per person per place: a second submission replaces the first. */
export const RatingSchema = z.object({
  id: z.number().int(),
  subject: z.enum(['location', 'zone']),
  placeId: z.number().int(),
  ratingValue: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  /** True when this submission replaced the caller's earlier rating of the place. */
  updated: z.boolean(),
});
export type Rating = z.infer<typeof RatingSchema>;

/** 201 for a first rating and for a replacement alike (spec §5: only 201 counts as success on the client). */
export const RatingResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  rating: RatingSchema,
});
export type RatingResponse = z.infer<typeof RatingResponseSchema>;
