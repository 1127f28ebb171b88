import type { Blog, BlogListQuery, BlogSummary } from '@nivaas/contracts/blog.schema';
import type { Pagination } from '@nivaas/contracts/common.schema';
import { DomainError } from '../../lib/domain-error';
import { offsetOf, paginationOf } from '../../lib/page-window';
import { toBlog, toBlogSummary } from './blogs.mapper';
import type { BlogsRepository } from './blogs.repository';

export function createBlogsService(repository: BlogsRepository) {
  return {
    /** The status and approval filters in the query are fixed to the public values by its schema, so they need no handling. */
    async list(query: BlogListQuery): Promise<{ blogs: BlogSummary[]; pagination: Pagination }> {
      const [rows, total] = await Promise.all([repository.listPublic(offsetOf(query), query.limit), repository.countPublic()]);
      return { blogs: rows.map(toBlogSummary), pagination: paginationOf(query, rows.length, total) };
    },

    /** A blog that is not public answers exactly like one that does not exist. */
    async get(id: number): Promise<Blog> {
      const row = await repository.findPublic(id);
      if (!row) throw DomainError.notFound('Blog', id);
      return toBlog(row);
    },
  };
}

export type BlogsService = ReturnType<typeof createBlogsService>;
