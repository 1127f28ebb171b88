import { z } from 'zod';
import { AdminRemarkSchema, ADMIN_SEARCH_MAX, adminPageSchema } from './admin.schema';
import { ApprovalSchema, NamedRefSchema, PageQuerySchema, singleLineText } from './common.schema';

/**
 * Issue 14: the provider's queue of city, zone and location reviews (`/api/admin/reviews`, provider only). A new
 * rating waits as pending; only approved reviews are public (GET /city/review/, /zone/{id}/reviews,
 * /location/{id}/reviews). Decisions: pending -> approved | rejected; an approved review can still be rejected (taken
 * down) and a rejected one approved (the provider changed their mind). Rejecting needs a remark, kept on the
 * review's audit row. Anything else is a 409 saying why.
 */

export const REVIEW_SUBJECTS = ['city', 'zone', 'location'] as const;
export const ReviewSubjectSchema = z.enum(REVIEW_SUBJECTS);

/** `GET /api/admin/reviews`: pending first unless asked, oldest waiting first; `q` matches the comment, author or place. */
export const ReviewQueueQuerySchema = PageQuerySchema.extend({
  approval: ApprovalSchema.default('pending'),
  subject: ReviewSubjectSchema.optional(),
  q: singleLineText({ label: 'Search' }).max(ADMIN_SEARCH_MAX, `Search must be at most ${ADMIN_SEARCH_MAX} characters`).optional(),
});
export type ReviewQueueQuery = z.infer<typeof ReviewQueueQuerySchema>;
export type ReviewQueueQueryInput = z.input<typeof ReviewQueueQuerySchema>;

/** A review as the provider judges it: what it says, who wrote it, and which place it is about. */
export const AdminReviewSchema = z.object({
  id: z.number().int(),
  subject: ReviewSubjectSchema,
  /** The city, zone or locality reviewed. */
  place: NamedRefSchema,
  /** The city it lies in, when the review row names it (older zone reviews may not). */
  city: NamedRefSchema.nullable(),
  ratingValue: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  authorName: z.string().nullable(),
  approval: ApprovalSchema,
  /** ISO time it was written (or last edited by its author). */
  createdAt: z.string(),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;

export const ReviewQueueResponseSchema = adminPageSchema(AdminReviewSchema);
export type ReviewQueueResponse = z.infer<typeof ReviewQueueResponseSchema>;

/** `POST /api/admin/reviews/{id}/approve`: no body needed; an optional note goes on the audit row. */
export const ReviewApproveBodySchema = z.strictObject({ remark: AdminRemarkSchema.optional() }).nullish();
/** `POST /api/admin/reviews/{id}/reject`: the remark is required. */
export const ReviewRejectBodySchema = z.strictObject({ remark: AdminRemarkSchema });
export type ReviewRejectBody = z.infer<typeof ReviewRejectBodySchema>;

export const ReviewDecisionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  review: z.object({ id: z.number().int(), approval: ApprovalSchema }),
});
export type ReviewDecisionResponse = z.infer<typeof ReviewDecisionResponseSchema>;
