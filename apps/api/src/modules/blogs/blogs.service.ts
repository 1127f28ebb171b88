import type { Blog, BlogListQuery, BlogSummary } from '@nivaas/contracts/blog.schema';
import type { Pagination } from '@nivaas/contracts/common.schema';
import type { BlogCreate, BlogPatch } from '@nivaas/contracts/content-admin.schema';
import { recordWrites, slugOnCreate } from '../../lib/back-office';
import { DomainError } from '../../lib/domain-error';
import { offsetOf, paginationOf } from '../../lib/page-window';
import { isPublic } from '../../lib/publication';
import type { IncomingPhoto } from '../listings/listings.service';
import type { RecordImagesService } from '../listings/record-images.service';
import { toBlog, toBlogSummary } from './blogs.mapper';
import type { BlogsRepository } from './blogs.repository';

export interface BlogsServiceDeps {
  clock?: () => Date;
  /** The photo pipeline, for the cover (issue 14). */
  images?: RecordImagesService;
}

export function createBlogsService(repository: BlogsRepository, { clock = () => new Date(), images }: BlogsServiceDeps = {}) {
  const records = recordWrites({
    store: repository.records,
    entityKind: 'blog',
    label: 'Blog',
    clock,
    unique: { blogs_slug_uq: { field: 'slug', message: 'Another blog already has this slug: choose another' } },
    rules(next, fields, before) {
      // Blogs are listed newest first by publication: stamped the first time one is public, kept after.
      const publishedAt = isPublic(next) && !before?.publishedAt ? clock() : undefined;
      return { ...slugOnCreate(before, fields.slug, fields.title, 'title'), ...(publishedAt ? { publishedAt } : {}) };
    },
  });

  return {
    list: records.list,
    read: records.read,
    create: (staffId: number, body: BlogCreate) => records.create(staffId, body),
    update: (staffId: number, id: number, body: BlogPatch) => records.update(staffId, id, body),
    /** The cover, through the listings' photo pipeline; an edit like any other (audited). */
    setCover(staffId: number, id: number, file: IncomingPhoto | undefined) {
      if (!images) throw new Error('blogs: no photo pipeline was given');
      return images.attach(`content/blogs/${id}`, file, (coverUrl) => records.update(staffId, id, { coverUrl }));
    },

    /** The status and approval filters in the query are fixed to the public values by its schema, so they need no handling. */
    async listPublic(query: BlogListQuery): Promise<{ blogs: BlogSummary[]; pagination: Pagination }> {
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
