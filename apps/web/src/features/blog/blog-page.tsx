import { PagedList } from '../../components/paged-list';
import { EmptyState } from '../../components/section-states';
import { flattenPages } from '../../lib/api/get-project-pages';
import { useGetBlogsInfiniteQuery } from './api/get-blogs';
import { BlogCard, BlogCardSkeleton } from './components/blog-card';

const GRID = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3';

export function BlogPage() {
  const query = useGetBlogsInfiniteQuery();
  const blogs = flattenPages(query.data?.pages.map((page) => page.blogs));

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 md:py-14 lg:px-8">
      <title>Home buying guides and market news | Nivaas blog</title>
      <meta name="description" content="Guides to buying a home in India: loans, stamp duty, RERA, localities and market news." />
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Nivaas blog</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 md:text-4xl">Guides for home buyers</h1>
        <p className="mt-3 text-slate-600">
          Plain-language guides on loans, paperwork, localities and prices, written for people buying their first or
          next home in India.
        </p>
      </header>
      <section aria-label="Articles" className="mt-8">
        <PagedList
          query={query}
          items={blogs}
          label="Articles"
          gridClassName={GRID}
          renderItem={(blog) => <BlogCard blog={blog} />}
          errorTitle="Error fetching blog data"
          skeleton={<BlogCardSkeleton />}
          empty={<EmptyState title="No articles yet">New guides are published every week. Please check back soon.</EmptyState>}
          paging="button"
        />
      </section>
    </div>
  );
}
