import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../../components/icons';
import { PagedList } from '../../components/paged-list';
import { EmptyState } from '../../components/section-states';
import { flattenPages } from '../../lib/api/get-project-pages';
import { useGetConstructionProjectsInfiniteQuery } from './api/get-construction-projects';
import { ConstructionProjectCard } from './components/construction-cards';

/** The tags construction projects carry; '' is every tag (spec §7 sends tag= by default). */
const TAGS = ['', 'Residential', 'Villa', 'Commercial', 'Interior', 'Renovation'] as const;
const GRID = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3';

export function ConstructionPage() {
  const [tag, setTag] = useState<string>('');
  const query = useGetConstructionProjectsInfiniteQuery({ tag });
  const projects = flattenPages(query.data?.pages.map((page) => page.projects));
  // A new tag is a new list: show its skeleton, not the previous tag's projects.
  const switching = query.isFetching && !query.isFetchingNextPage && query.currentData === undefined;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 md:py-14 lg:px-8">
      <title>Home construction and renovation projects | Nivaas</title>
      <meta name="description" content="Homes, villas, interiors and renovations built by approved contractors on Nivaas." />
      <header className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Construction services</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 md:text-4xl">Build or renovate with confidence</h1>
          <p className="mt-3 text-slate-600">Recent work by contractors we have checked: new homes, villas, interiors and renovations.</p>
        </div>
        <Link to="/contractors" className="btn-secondary self-start md:self-auto">
          Browse contractors
          <ArrowRightIcon width={16} height={16} />
        </Link>
      </header>
      <div className="mt-8 -mx-4 overflow-x-auto px-4 [scrollbar-width:none]" role="group" aria-label="Kind of work">
        <div className="flex gap-2">
          {TAGS.map((option) => (
            <button
              key={option || 'all'}
              type="button"
              aria-pressed={tag === option}
              onClick={() => setTag(option)}
              className={`shrink-0 rounded-full px-4 py-2 text-sm font-semibold ring-1 transition-colors ${tag === option ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-800 ring-slate-300 hover:bg-brand-50'}`}
            >
              {option || 'All'}
            </button>
          ))}
        </div>
      </div>
      <section aria-label="Projects" className="mt-6">
        <PagedList
          query={query}
          items={projects}
          label="Construction projects"
          gridClassName={GRID}
          renderItem={(project) => <ConstructionProjectCard project={project} />}
          errorTitle="Failed to fetch projects"
          skeleton={<div className="aspect-[4/5] animate-pulse rounded-2xl bg-slate-200" />}
          replacing={switching}
          empty={
            <EmptyState title={tag ? `No ${tag.toLowerCase()} projects yet` : 'No construction projects yet'}>
              Try another kind of work.
            </EmptyState>
          }
          paging="button"
        />
      </section>
    </div>
  );
}
