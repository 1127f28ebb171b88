import { useEffect, useId, useState } from 'react';
import { PagedList } from '../../components/paged-list';
import { EmptyState } from '../../components/section-states';
import { flattenPages } from '../../lib/api/get-project-pages';
import { useGetBuildersInfiniteQuery } from './api/get-builders';
import { BuilderCard, BuilderCardSkeleton } from './components/builder-card';

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';
/** Wait for a pause in typing before asking the server, as the navbar search does (spec §9). */
const SEARCH_DELAY_MS = 250;

export function DevelopersPage() {
  const inputId = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const query = useGetBuildersInfiniteQuery({ search });
  const builders = flattenPages(query.data?.pages.map((page) => page.builders));
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 md:py-14 lg:px-8">
      <title>Real estate developers and builders | Nivaas</title>
      <meta name="description" content="Every developer with approved projects on Nivaas, with their projects and the cities they build in." />
      <header className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Developers</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 md:text-4xl">Builders you can trust</h1>
          <p className="mt-3 text-slate-600">
            Every developer here has RERA-registered projects checked by our team. Open one to see all their homes for sale.
          </p>
        </div>
        <div className="w-full md:w-80">
          <label htmlFor={inputId} className="block text-sm font-semibold text-slate-800">
            Find a developer
          </label>
          <input
            id={inputId}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Developer name"
            autoComplete="off"
            className="mt-1.5 w-full rounded-full bg-white px-5 py-2.5 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 placeholder:text-slate-500 focus:ring-2 focus:ring-brand-600 focus:outline-none"
          />
        </div>
      </header>
      <section aria-label="Developer list" className="mt-8">
        <PagedList
          query={query}
          items={builders}
          label="Developers"
          gridClassName={GRID}
          renderItem={(builder) => <BuilderCard builder={builder} />}
          errorTitle="Something went wrong"
          errorMessage="We could not load the developers. Check your connection and try again."
          skeleton={<BuilderCardSkeleton />}
          skeletonCount={8}
          // A new search is a new list: its skeleton, not the previous search's builders.
          replacing={query.isFetching && !query.isFetchingNextPage && query.currentData === undefined}
          empty={
            <EmptyState title={search ? `No developer matches “${search}”` : 'No developers yet'}>
              {search ? 'Check the spelling, or try part of the name.' : 'Developers appear here once their projects are approved.'}
            </EmptyState>
          }
          paging="scroll"
        />
      </section>
    </div>
  );
}
