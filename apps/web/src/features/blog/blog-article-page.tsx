import type { Blog } from '@nivaas/contracts/blog.schema';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useParams } from 'react-router';
import { Breadcrumb } from '../../components/breadcrumb';
import { SectionBoundary } from '../../components/section-boundary';
import { PageError, PageNotFound } from '../../components/page-states';
import { SmartImage } from '../../components/smart-image';
import { seedSrcSet } from '../../lib/seed-picture';
import { isNotFound } from '../../lib/api/error-text';
import { parseRouteId } from '../../lib/route-id';
import { useGetBlogQuery } from './api/get-blog';
import { useGetBlogsInfiniteQuery } from './api/get-blogs';
import { BlogCard } from './components/blog-card';
import { articleBlocks, blogDate } from './lib/blog-rules';
import { useTrackView } from '../../lib/tracking/use-track-view';

export function BlogArticlePage() {
  const { id: rawId } = useParams();
  const id = parseRouteId(rawId);
  const blog = useGetBlogQuery(id ?? skipToken);
  useTrackView('BLOG_VIEW', blog.data ? { blogId: blog.data.id } : null);

  if (id === null || (blog.isError && isNotFound(blog.error))) {
    return (
      <PageNotFound title="We couldn’t find that article" documentTitle="Article not found" back={{ to: '/blog', label: 'See all articles' }}>
        It may have been taken down.
      </PageNotFound>
    );
  }
  if (blog.isError) {
    return <PageError title="Error fetching blog data" error={blog.error} onRetry={blog.refetch} />;
  }
  if (!blog.data) return <ArticleSkeleton />;
  return <Article blog={blog.data} />;
}

function Article({ blog }: { blog: Blog }) {
  const date = blogDate(blog.publishedAt);
  return (
    <div className="px-4 py-8 md:py-12 lg:px-8">
      <title>{`${blog.title} | Nivaas blog`}</title>
      {blog.excerpt && <meta name="description" content={blog.excerpt} />}
      <article className="mx-auto max-w-3xl">
        <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: 'Blog', to: '/blog' }, { label: blog.title }]} />
        <header className="mt-6">
          <h1 className="text-3xl leading-tight font-extrabold tracking-tight text-slate-900 md:text-[2.6rem]">{blog.title}</h1>
          {blog.excerpt && <p className="mt-4 text-lg leading-8 text-slate-600">{blog.excerpt}</p>}
          <p className="mt-5 flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
            {blog.authorName && <span className="font-semibold text-slate-900">{blog.authorName}</span>}
            {blog.authorName && date && <span aria-hidden="true">·</span>}
            {date && <time dateTime={blog.publishedAt ?? undefined}>{date}</time>}
            <span aria-hidden="true">·</span>
            <span>{blog.readingMinutes} min read</span>
          </p>
        </header>
        {blog.coverUrl && (
          <SmartImage src={blog.coverUrl} srcSet={seedSrcSet(blog.coverUrl)} alt="" ratio="16 / 9" priority className="mt-8 rounded-2xl" sizes="(min-width: 768px) 48rem, 100vw" />
        )}
        <div className="mt-8 text-[17px] leading-8 text-slate-800">
          {articleBlocks(blog.body).map((block, index) => {
            if (block.kind === 'heading') {
              return (
                <h2 key={index} className="mt-10 mb-3 text-2xl font-bold tracking-tight text-slate-900">
                  {block.text}
                </h2>
              );
            }
            if (block.kind === 'list') {
              return (
                <ul key={index} className="my-5 list-disc space-y-2 pl-6 marker:text-brand-600">
                  {block.items.map((item, i) => (
                    <li key={i}>{item}</li>
                  ))}
                </ul>
              );
            }
            return (
              <p key={index} className="my-5">
                {block.text}
              </p>
            );
          })}
        </div>
        <footer className="mt-10 rounded-2xl bg-brand-50 p-5 text-sm text-brand-900 ring-1 ring-brand-100">
          Thinking of buying? Work out your monthly instalment with the{' '}
          <Link to="/mortage-calculator" className="font-semibold underline">
            EMI calculator
          </Link>
          , or <Link to="/contact-us" className="font-semibold underline">ask our team</Link> a question.
        </footer>
      </article>
      <SectionBoundary name="Related articles">
        <RelatedPosts currentId={blog.id} />
      </SectionBoundary>
    </div>
  );
}

function RelatedPosts({ currentId }: { currentId: number }) {
  const list = useGetBlogsInfiniteQuery();
  const related = (list.data?.pages[0]?.blogs ?? []).filter((blog) => blog.id !== currentId).slice(0, 3);
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mx-auto mt-14 max-w-7xl border-t border-slate-200 pt-10">
      <h2 id="related-heading" className="text-xl font-bold tracking-tight text-slate-900 md:text-2xl">
        More from the blog
      </h2>
      <ul className="mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {related.map((blog) => (
          <li key={blog.id}>
            <BlogCard blog={blog} headingLevel="h3" />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ArticleSkeleton() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12" aria-busy="true" aria-label="Loading article">
      <div className="h-4 w-40 animate-pulse rounded bg-slate-200" />
      <div className="mt-6 h-10 w-5/6 animate-pulse rounded bg-slate-200" />
      <div className="mt-4 h-5 w-2/3 animate-pulse rounded bg-slate-200" />
      <div className="mt-8 aspect-video animate-pulse rounded-2xl bg-slate-200" />
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="mt-4 h-4 w-full animate-pulse rounded bg-slate-200" />
      ))}
    </div>
  );
}
