import type { Blog, BlogSummary } from '@nivaas/contracts/blog.schema';
import type { BlogRow, BlogSummaryRow } from './blogs.repository';

/** A common adult reading pace for web articles. */
const WORDS_PER_MINUTE = 200;

export function readingMinutes(wordCount: number): number {
  return Math.max(1, Math.round(wordCount / WORDS_PER_MINUTE));
}

export function toBlogSummary({ wordCount, publishedAt, ...row }: BlogSummaryRow): BlogSummary {
  return { ...row, publishedAt: publishedAt?.toISOString() ?? null, readingMinutes: readingMinutes(wordCount) };
}

export function toBlog({ body, updatedAt, ...row }: BlogRow): Blog {
  return { ...toBlogSummary(row), body, updatedAt: updatedAt.toISOString() };
}
