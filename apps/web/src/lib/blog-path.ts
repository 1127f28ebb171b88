import type { BlogSummary } from '@nivaas/contracts/blog.schema';
import { pathSegment } from '@nivaas/contracts/project-path';

/** spec §2 /blog/{title}/{id}: the blog pages and the home page's latest posts link the same way. */
export function blogPath(blog: Pick<BlogSummary, 'id' | 'slug' | 'title'>): string {
  return `/blog/${pathSegment(blog.slug || blog.title)}/${blog.id}`;
}
