import { Link } from 'react-router';
import { CardRail, CardRailSkeleton } from '../../../domain/catalogue/card-rail';
import { EmptyState, ErrorState } from '../../../components/section-states';
import { SmartImage } from '../../../components/smart-image';
import { blogPath } from '../../../lib/blog-path';
import { useGetLatestBlogsQuery } from '../api/get-latest-blogs';
import { HomeSection } from './home-section';

export const LATEST_BLOGS = 4;
const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

function published(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

function BlogTileSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200" aria-hidden="true">
      <div className="aspect-[16/9] animate-pulse bg-slate-200" />
      <div className="space-y-2 p-4">
        <div className="h-4 w-5/6 animate-pulse rounded bg-slate-200" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-slate-200" />
      </div>
    </div>
  );
}

/** GET /blog (active, approved, page 1 of 10): the newest few, linking to /blog/{title}/{id}. */
export function LatestBlogs() {
  const query = useGetLatestBlogsQuery();

  let body;
  if (query.isError) {
    body = <ErrorState message="We could not load the blog." onRetry={() => void query.refetch()} />;
  } else if (!query.data) {
    body = <CardRailSkeleton label="Loading blog posts" card={<BlogTileSkeleton />} />;
  } else if (query.data.length === 0) {
    body = <EmptyState title="No blog posts yet" />;
  } else {
    body = (
      <CardRail
        items={query.data.slice(0, LATEST_BLOGS)}
        itemKey={(blog) => blog.id}
        renderItem={(blog) => {
          const date = published(blog.publishedAt);
          return (
            <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md focus-within:ring-2 focus-within:ring-brand-600">
              <SmartImage src={blog.coverUrl ?? ''} alt="" ratio="16 / 9" sizes="(min-width: 1024px) 18rem, 80vw" />
              <div className="flex flex-1 flex-col p-4">
                <h3 className="line-clamp-2 font-bold text-slate-900">
                  <Link
                    to={blogPath(blog)}
                    className="after:absolute after:inset-0 focus:outline-none group-hover:text-brand-800"
                  >
                    {blog.title}
                  </Link>
                </h3>
                {blog.excerpt && <p className="mt-1.5 line-clamp-2 text-sm text-slate-600">{blog.excerpt}</p>}
                <p className="mt-auto pt-3 text-xs text-slate-500">
                  {[date, `${blog.readingMinutes} min read`].filter(Boolean).join(' · ')}
                </p>
              </div>
            </article>
          );
        }}
      />
    );
  }

  return (
    <HomeSection
      id="latest-blogs"
      title="Latest from the blog"
      subtitle="Buying guides, market notes and the paperwork explained."
      more={{ to: '/blog', label: 'All posts' }}
    >
      {body}
    </HomeSection>
  );
}
