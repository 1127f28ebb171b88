import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './values';

// Decision 032: defined without zod for the web app's first screen; exported here as before.
export { DEFAULT_PAGE_SIZE };

/**
 * Issue 10: one rule for the text of every request (body, query string, path). Control characters (Unicode Cc: C0,
 * DEL and C1) forge log lines and CSV exports, and PostgreSQL refuses NUL outright; a lone UTF-16 surrogate half
 * (Cs) is not text at all and would be stored as U+FFFD. Single-line text (names, search, tags, e-mail, phone) holds
 * none of them; multi-line text (a message, description, about, comment, remark) may also hold line breaks (\n and
 * \r\n) and tabs. Format characters (Cf) stay allowed: Indian scripts need the zero-width joiners.
 * Text that is read into a number or a choice (prices, areas, ids, star values, comma lists, enums) is held to
 * its own exact pattern instead, and is never stored as text. Each pattern below is one character class, so
 * checking a long string costs one linear pass.
 */
const SINGLE_LINE_TEXT = /^[^\p{Cc}\p{Cs}]*$/u;
// eslint-disable-next-line no-control-regex -- naming the control characters to refuse is this pattern's whole job
const MULTI_LINE_TEXT = /^[^\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\p{Cs}]*$/u;

export interface TextOptions {
  /** Starts the refusal message ('Name has characters that are not allowed'); without it the field name does. */
  label?: string;
  /** The message when the value is missing or not a string. */
  error?: string;
  /** Surrounding whitespace is trimmed before any check (default); passwords and tokens are taken as sent. */
  trim?: boolean;
}

function text(pattern: RegExp, { label, error, trim = true }: TextOptions): z.ZodString {
  const base = error === undefined ? z.string() : z.string({ error });
  return (trim ? base.trim() : base).regex(pattern, label ? `${label} has characters that are not allowed` : 'has characters that are not allowed');
}

/** Request text on one line; chain `.min()`, `.max()`, `.regex()` as usual. */
export function singleLineText(options: TextOptions = {}): z.ZodString {
  return text(SINGLE_LINE_TEXT, options);
}

/** Request text that may run over several lines (line breaks and tabs allowed, other control characters not). */
export function multiLineText(options: TextOptions = {}): z.ZodString {
  return text(MULTI_LINE_TEXT, options);
}

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
