import type { BlogSummary } from '@nivaas/contracts/blog.schema';
import { Link } from 'react-router';
import { SmartImage } from '../../../components/smart-image';
import { seedSrcSet } from '../../../lib/seed-picture';
import { blogPath } from '../../../lib/blog-path';
import { blogDate } from '../lib/blog-rules';

export function BlogCard({ blog, headingLevel = 'h2' }: { blog: BlogSummary; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  const date = blogDate(blog.publishedAt);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-lg focus-within:ring-2 focus-within:ring-brand-600 motion-reduce:transition-none motion-reduce:hover:translate-y-0">
      <SmartImage src={blog.coverUrl ?? ''} srcSet={seedSrcSet(blog.coverUrl)} alt="" ratio="16 / 9" sizes="(min-width: 1024px) 24rem, (min-width: 640px) 45vw, 92vw" />
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-medium text-slate-500">
          {date && <time dateTime={blog.publishedAt ?? undefined}>{date}</time>}
          {date && ' · '}
          {blog.readingMinutes} min read
        </p>
        <Heading className="mt-2 text-lg leading-snug font-bold text-slate-900">
          <Link to={blogPath(blog)} className="after:absolute after:inset-0 focus:outline-none">
            {blog.title}
          </Link>
        </Heading>
        {blog.excerpt && <p className="mt-2 line-clamp-3 text-sm leading-6 text-slate-600">{blog.excerpt}</p>}
        {blog.authorName && <p className="mt-auto pt-4 text-sm font-medium text-slate-700">By {blog.authorName}</p>}
      </div>
    </article>
  );
}

export function BlogCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200" aria-hidden="true">
      <div className="aspect-video animate-pulse bg-slate-200" />
      <div className="space-y-3 p-5">
        <div className="h-3 w-1/3 animate-pulse rounded bg-slate-200" />
        <div className="h-5 w-5/6 animate-pulse rounded bg-slate-200" />
        <div className="h-3 w-full animate-pulse rounded bg-slate-200" />
        <div className="h-3 w-2/3 animate-pulse rounded bg-slate-200" />
      </div>
    </div>
  );
}
