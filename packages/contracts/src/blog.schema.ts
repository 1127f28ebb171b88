import { z } from 'zod';
import { ApprovalSchema, MAX_PAGE_SIZE, PageQuerySchema, PaginationSchema, StatusSchema } from './common.schema';
import { BLOG_PAGE_SIZE } from './values';

// Decision 032: defined without zod for the web app's first screen; exported here as before.
export { BLOG_PAGE_SIZE };

/**
 * spec §7 GET /blog?status=active&approval=approved&page&limit. The client sends the two filters, but they are
 * not a choice: a visitor only ever reads active, approved blogs, so any other value is a 400, not a way in.
 */
export const BlogListQuerySchema = PageQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(BLOG_PAGE_SIZE),
  status: z.enum(['active']).optional(),
  approval: z.enum(['approved']).optional(),
});
export type BlogListQuery = z.infer<typeof BlogListQuerySchema>;

export const BlogSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().nullable(),
  coverUrl: z.string().nullable(),
  authorName: z.string().nullable(),
  /** ISO timestamp; public blogs are ordered by it, newest first. */
  publishedAt: z.string().nullable(),
  /** At about 200 words a minute, at least 1. */
  readingMinutes: z.number().int(),
  /** Always 'active' and 'approved' here; kept because the spec's client filters on them (spec §5). */
  status: StatusSchema,
  approval: ApprovalSchema,
});
export type BlogSummary = z.infer<typeof BlogSummarySchema>;

export const BlogSchema = BlogSummarySchema.extend({
  /** Plain text, paragraphs separated by a blank line. */
  body: z.string(),
  updatedAt: z.string(),
});
export type Blog = z.infer<typeof BlogSchema>;

export const BlogListResponseSchema = z.object({
  success: z.literal(true),
  blogs: z.array(BlogSummarySchema),
  pagination: PaginationSchema,
});
export type BlogListResponse = z.infer<typeof BlogListResponseSchema>;

/**
 * spec §7 GET /blog/{id}?internal=true. `internal` is accepted because the client sends it; it unlocks nothing:
 * a blog that is not active and approved is a 404 for everyone on this path.
 */
export const BlogDetailQuerySchema = z.object({
  internal: z.enum(['true', 'false']).optional(),
});
export type BlogDetailQuery = z.infer<typeof BlogDetailQuerySchema>;

export const BlogResponseSchema = z.object({
  success: z.literal(true),
  blog: BlogSchema,
});
export type BlogResponse = z.infer<typeof BlogResponseSchema>;
