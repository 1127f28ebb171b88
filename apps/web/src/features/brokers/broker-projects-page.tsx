import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Breadcrumb } from '../../components/breadcrumb';
import { ErrorState } from '../../components/section-states';
import { serverMessage } from '../../lib/api/error-text';
import { flattenPages, useGetProjectPagesInfiniteQuery } from '../../lib/api/get-project-pages';
import { parseRouteId } from '../../lib/route-id';
import { useSentinel } from '../../lib/use-sentinel';
import { useGetBrokerQuery } from '../../lib/api/get-broker';
import { BrokerProjectCard, BrokerProjectCardSkeleton } from './components/broker-project-card';
import { pathCrumbs, searchProjects, SORT_OPTIONS, sortProjects, type SortOption } from './lib/broker-projects';

/** spec §2: 1 column small, 3 medium, 4 large, 5 extra large. */
const GRID = 'grid grid-cols-1 gap-4 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5';

/** spec §2 'Broker projects screen' (/broker-properties/{brokerId}). */
export function BrokerProjectsPage() {
  const { brokerId: rawId } = useParams();
  const brokerId = parseRouteId(rawId);
  const { pathname } = useLocation();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortOption>('Price L - H');
  const searchId = useId();
  const sortId = useId();

  const broker = useGetBrokerQuery(brokerId ?? skipToken);
  const pages = useGetProjectPagesInfiniteQuery(brokerId === null ? skipToken : { filter: 'brokerId', id: brokerId });
  const all = useMemo(() => flattenPages(pages.data?.pages.map((page) => page.projects)), [pages.data]);
  const shown = useMemo(() => sortProjects(searchProjects(all, query), sort), [all, query, sort]);

  const canLoadMore = pages.hasNextPage && !pages.isFetching && !pages.isError;
  const sentinel = useSentinel(() => void pages.fetchNextPage(), canLoadMore);
  const name = broker.data?.name;

  let body;
  if (brokerId === null) {
    body = <p className="py-10 text-center font-medium text-slate-700">No more properties</p>;
  } else if (pages.isError && all.length === 0) {
    body = (
      <ErrorState
        title="Failed to fetch projects"
        message={serverMessage(pages.error) ?? 'Check your connection and try again.'}
        onRetry={() => void pages.refetch()}
      />
    );
  } else if (pages.isLoading) {
    body = (
      <ul className={GRID} aria-busy="true" aria-label="Loading properties">
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i}>
            <BrokerProjectCardSkeleton />
          </li>
        ))}
      </ul>
    );
  } else if (shown.length === 0 && !pages.hasNextPage) {
    body = <p className="py-10 text-center font-medium text-slate-700">No more properties</p>;
  } else {
    body = (
      <ul className={GRID}>
        {shown.map((project) => (
          <li key={project.id}>
            <BrokerProjectCard project={project} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto max-w-[96rem] px-4 py-6 md:py-10 lg:px-8">
      <title>{name ? `Properties by ${name} | Nivaas` : 'Broker properties | Nivaas'}</title>
      <Breadcrumb items={pathCrumbs(pathname, rawId && name ? { [rawId]: name } : {})} />

      <header className="mt-4 flex flex-col gap-1">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 md:text-3xl">
          {name ? `Properties by ${name}` : 'Broker properties'}
        </h1>
        {broker.data && (
          <p className="text-sm text-slate-600">
            {[broker.data.company, broker.data.city?.name].filter(Boolean).join(' · ')}
            {' · '}
            <Link to={`/broker-info/${broker.data.id}`} className="font-medium text-brand-700 hover:underline">
              View profile
            </Link>
          </p>
        )}
      </header>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={searchId} className="sr-only">
            Search Properties
          </label>
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search Properties"
            autoComplete="off"
            className="w-full rounded-full bg-white px-5 py-2.5 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 placeholder:text-slate-500 focus:ring-2 focus:ring-brand-600 focus:outline-none"
          />
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="text-sm font-medium text-slate-700">
            Sort
          </label>
          <select
            id={sortId}
            value={sort}
            onChange={(event) => setSort(event.target.value as SortOption)}
            className="rounded-full bg-white px-4 py-2.5 text-sm font-medium text-slate-900 shadow-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-600 focus:outline-none"
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
      </div>

      <section aria-label="Properties" className="mt-6" aria-busy={pages.isFetching}>
        {body}
        {pages.isError && all.length > 0 && (
          <div className="mt-6">
            <ErrorState title="Failed to fetch projects" onRetry={() => void pages.fetchNextPage()} />
          </div>
        )}
        {pages.isFetching && <p className="py-6 text-center text-sm text-slate-600">loading...</p>}
        {/* spec §4: reaching this marker loads the next page. */}
        <div ref={sentinel} aria-hidden="true" className="h-px" />
      </section>
    </div>
  );
}
