import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, count, desc, eq, sql } from '@nivaas/db/orm';
import { recordTable } from '../../lib/back-office';
import { publicBlogs } from '../../lib/public-items';

const { blogs } = schema;

type Insert = typeof blogs.$inferInsert;
/** What the provider may set on a blog (issue 14); publication goes beside it. */
export type BlogValues = Pick<Insert, 'title' | 'body'> & Partial<Pick<Insert, 'slug' | 'excerpt' | 'coverUrl' | 'authorName' | 'publishedAt'>>;

const summaryColumns = {
  id: blogs.id,
  title: blogs.title,
  slug: blogs.slug,
  excerpt: blogs.excerpt,
  coverUrl: blogs.coverUrl,
  authorName: blogs.authorName,
  publishedAt: blogs.publishedAt,
  status: blogs.status,
  approval: blogs.approval,
  // Counted in the database so a list page never carries whole bodies over the wire.
  wordCount: sql<number>`coalesce(array_length(regexp_split_to_array(btrim(${blogs.body}), '\\s+'), 1), 0)`.mapWith(Number),
};

/** SQL for blogs; no HTTP, no response shapes. */
export function createBlogsRepository(db: Db) {
  return {
    async countPublic(): Promise<number> {
      const [row] = await db.select({ total: count() }).from(blogs).where(publicBlogs());
      return row?.total ?? 0;
    },

    /** Newest first by publication (creation when never stamped), id as the tie-break. */
    listPublic(offset: number, limit: number) {
      return db
        .select(summaryColumns)
        .from(blogs)
        .where(publicBlogs())
        .orderBy(desc(sql`coalesce(${blogs.publishedAt}, ${blogs.createdAt})`), desc(blogs.id))
        .limit(limit)
        .offset(offset);
    },

    /** The back office's list and writes (every state), searched by title, author and slug. */
    records: recordTable<typeof blogs, BlogValues>(db, blogs, [blogs.title, blogs.authorName, blogs.slug]),

    async findPublic(id: number) {
      const [row] = await db
        .select({ ...summaryColumns, body: blogs.body, updatedAt: blogs.updatedAt })
        .from(blogs)
        .where(and(eq(blogs.id, id), publicBlogs()));
      return row;
    },
  };
}

export type BlogsRepository = ReturnType<typeof createBlogsRepository>;
export type BlogSummaryRow = Awaited<ReturnType<BlogsRepository['listPublic']>>[number];
export type BlogRow = NonNullable<Awaited<ReturnType<BlogsRepository['findPublic']>>>;
