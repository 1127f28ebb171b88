import { z } from 'zod';

/** spec §9: lists page from 1, 30 at a time unless a screen says otherwise. */
export const DEFAULT_PAGE_SIZE = 30;
/** Caps what one request can ask of the database, whatever the client sends. */
export const MAX_PAGE_SIZE = 100;

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export const PaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

/** Row ids are PostgreSQL `integer`s: a larger number is a bad request, not a database error. */
export const MAX_ID = 2_147_483_647;
/** An id arriving as text (path or query string). */
export const IdInputSchema = z.coerce.number().int().positive().max(MAX_ID);

export const IdParamSchema = z.object({
  id: IdInputSchema,
});

export const FieldIssueSchema = z.object({
  field: z.string(),
  message: z.string(),
});

/** Every 4xx/5xx body. 4xx name what was wrong; 5xx say only that something failed. */
export const ErrorResponseSchema = z.object({
  success: z.literal(false),
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
  issues: z.array(FieldIssueSchema).optional(),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const MediaSchema = z.object({
  title: z.string(),
  url: z.string(),
  /** An uploaded photo's card-sized variant (480 px wide, issue 5); absent for media that come in one size. */
  cardUrl: z.string().optional(),
});
export type Media = z.infer<typeof MediaSchema>;

export const NamedRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
});
export type NamedRef = z.infer<typeof NamedRefSchema>;

export const APPROVALS = ['approved', 'pending', 'rejected'] as const;
export const ApprovalSchema = z.enum(APPROVALS);
export type Approval = z.infer<typeof ApprovalSchema>;

export const STATUSES = ['active', 'inactive'] as const;
export const StatusSchema = z.enum(STATUSES);
export type Status = z.infer<typeof StatusSchema>;
