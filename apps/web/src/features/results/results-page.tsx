import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Breadcrumb } from '../../components/breadcrumb';
import { CompareButton } from '../../domain/compare/compare-button';
import { SlidersIcon } from '../../components/icons';
import { ProjectCard, ProjectCardSkeleton } from '../../domain/catalogue/project-card';
import { LaterHydration } from '../../components/later-hydration';
import { SectionBoundary } from '../../components/section-boundary';
import { PagedList } from '../../components/paged-list';
import { EmptyState } from '../../components/section-states';
import { useGetLocationQuery } from '../../lib/api/get-location';
import { flattenPages } from '../../lib/api/get-project-pages';
import { useSelectedCity } from '../../domain/city/use-selected-city';
import { track } from '../../lib/tracking/track';
import { useTrackView } from '../../lib/tracking/use-track-view';
import { useGetResultsInfiniteQuery } from './api/get-results';
import { FilterPanel } from './components/filter-panel';
import { FilterSheet } from './components/filter-sheet';
import { SaveSearchButton } from './components/save-search-button';
import {
  clearRefinements,
  countRefinements,
  filtersFromParams,
  filtersToParams,
  SORT_OPTIONS,
  toApiQuery,
  type ResultsFilters,
} from './lib/results-filters';
import { toSavedFilters } from './lib/saved-filters';

const countFormat = new Intl.NumberFormat('en-IN');

// Issue 15: a page of results is 30 cards, most below the first screen; `content-visibility: auto` on each lets the
// browser skip their style, layout, paint and pictures until they come near (the clip margin keeps the hover lift and
// shadow, which the containment would otherwise cut at the card's edge).
const GRID =
  'grid grid-cols-1 gap-4 sm:grid-cols-2 md:gap-5 xl:grid-cols-3 [&>li]:[contain-intrinsic-size:auto_24rem] [&>li]:[content-visibility:auto] [&>li]:[overflow-clip-margin:1rem]';

function propertiesText(count: number): string {
  return `${countFormat.format(count)} ${count === 1 ? 'property' : 'properties'}`;
}

/** /property-detail-page?locationId= or ?search= (spec §2): the results of a search, with filters. */
export function ResultsPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const [sheetOpen, setSheetOpen] = useState(false);
  const sortId = useId();

  const location = useGetLocationQuery(filters.locationId ?? skipToken);
  const results = useGetResultsInfiniteQuery(toApiQuery(filters));
  // currentData, not data: after a filter change the old results must not sit under the new filters.
  const current = results.currentData;
  const projects = useMemo(() => flattenPages(current?.pages.map((page) => page.projects)), [current]);
  const total = current?.pages[0]?.total;

  // Every change is a new history entry, so Back undoes it; the address is the whole search.
  const apply = (next: ResultsFilters) => {
    track('FILTER_APPLIED', {
      refinements: countRefinements(next),
      bhk: next.bhk.join(',') || undefined,
      budgetMin: next.minPrice ?? undefined,
      budgetMax: next.maxPrice ?? undefined,
      propertyType: next.propertyTypes.join(',') || undefined,
      transaction: next.transaction ?? undefined,
      possession: next.possession ?? undefined,
      sort: next.sort,
    });
    setParams(filtersToParams(next));
  };
  const refinements = countRefinements(filters);
  // What 'Save this search' keeps: nothing to save for the unfiltered list.
  const savedFilters = useMemo(() => toSavedFilters(filters), [filters]);

  const placeName = location.data ? `${location.data.name}, ${location.data.city.name}` : null;
  let heading: string;
  if (filters.locationId !== null) heading = placeName ? `Properties in ${placeName}` : 'Properties in this locality';
  else if (filters.search) heading = `Results for “${filters.search}”`;
  else heading = 'All properties';

  const loadingFirstPage = !current && !results.isError;
  const selectedCity = useSelectedCity().name;
  // Issue 12: one SEARCH per search the visitor sees answered (a new filter set is a new search), once the locality's
  // name is known; metadata keys are the ones the rollups read.
  useTrackView(
    'SEARCH',
    total !== undefined && !loadingFirstPage && (filters.locationId === null || location.data || location.isError)
      ? {
          query: filters.search || undefined,
          resultCount: total,
          city: location.data?.city.name ?? selectedCity,
          locality: location.data?.name,
          bhk: filters.bhk.join(',') || undefined,
          budgetMin: filters.minPrice ?? undefined,
          budgetMax: filters.maxPrice ?? undefined,
          propertyType: filters.propertyTypes.join(',') || undefined,
        }
      : null,
  );

  const body = (
    <>
      {/* spec §4 'Paging': the next page when the sentinel shows, more remain and nothing is loading. */}
      <PagedList
        query={results}
        items={projects}
        label="Properties"
        gridClassName={GRID}
        renderItem={(project, index) => (
          // Decision 045: a page of cards from the server hydrates card by card, each in a task of its own.
          <LaterHydration className="contents">
            <ProjectCard project={project} priority={index === 0} action={<CompareButton project={project} variant="card" />} />
          </LaterHydration>
        )}
        errorTitle="Failed to fetch projects"
        skeleton={<ProjectCardSkeleton />}
        paging="scroll"
        replacing={loadingFirstPage}
        empty={
          <EmptyState title="No properties match this search">
            <p>
              {refinements > 0
                ? 'Try a wider budget or fewer filters.'
                : 'Try another locality, project or builder name in the search box.'}
            </p>
            {refinements > 0 && (
              <button type="button" onClick={() => apply(clearRefinements(filters))} className="btn-primary mt-4">
                Clear filters
              </button>
            )}
          </EmptyState>
        }
      />
      {!loadingFirstPage && projects.length > 0 && !results.hasNextPage && !results.isError && (
        <p className="mt-8 text-center text-sm text-slate-600">{`That's all ${propertiesText(projects.length)}.`}</p>
      )}
    </>
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:py-8 lg:px-8">
      <title>{`${heading} | Nivaas`}</title>
      <meta
        name="description"
        content={`${heading}: new and resale homes with prices in rupees, BHK, possession and builder details.`}
      />
      <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: heading }]} />

      <header className="mt-3 mb-5 flex flex-col gap-3 md:mb-6 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0">
          {/* A locality's name arrives after the page: two lines are kept for it on a phone so the list does not jump. */}
          <h1
            className={`text-2xl font-extrabold tracking-tight text-balance text-slate-900 md:text-3xl ${filters.locationId !== null ? 'min-h-[4rem] md:min-h-0' : ''}`}
          >
            {heading}
          </h1>
          <p className="mt-1 h-6 text-slate-600" aria-live="polite">
            {total !== undefined && !loadingFirstPage ? `${propertiesText(total)} found` : ''}
          </p>
        </div>
        {savedFilters && (
          <div className="shrink-0">
            <SaveSearchButton filters={savedFilters} suggestedName={heading} />
          </div>
        )}
      </header>

      <div className="lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-8">
        <aside aria-label="Filters" className="hidden lg:block">
          <div className="sticky top-20 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <div className="mb-4 flex items-center justify-between">
              <h2 className="text-base font-bold text-slate-900">Filters</h2>
              {refinements > 0 && (
                <button
                  type="button"
                  onClick={() => apply(clearRefinements(filters))}
                  className="text-sm font-semibold text-brand-700 hover:underline"
                >
                  Clear all
                </button>
              )}
            </div>
            <SectionBoundary name="Filters" hydrateLater>
              <FilterPanel filters={filters} onChange={apply} />
            </SectionBoundary>
          </div>
        </aside>

        <section aria-label="Results" className="min-w-0">
          <div className="mb-4 flex items-center justify-between gap-3">
            <button
              type="button"
              onClick={() => setSheetOpen(true)}
              aria-haspopup="dialog"
              className="btn-secondary lg:hidden"
            >
              <SlidersIcon width={18} height={18} />
              Filters
              {refinements > 0 && (
                <span className="grid size-5 place-items-center rounded-full bg-brand-700 text-xs text-white">
                  {refinements}
                </span>
              )}
            </button>
            <span className="hidden lg:block" />
            <div className="flex items-center gap-2">
              <label htmlFor={sortId} className="text-sm font-medium text-slate-600">
                Sort
              </label>
              <select
                id={sortId}
                value={filters.sort}
                onChange={(event) => apply({ ...filters, sort: event.target.value === 'price_desc' ? 'price_desc' : 'price_asc' })}
                className="h-10 cursor-pointer rounded-full border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:border-brand-400"
              >
                {SORT_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {body}
        </section>
      </div>

      {sheetOpen && (
        <FilterSheet
          onClose={() => setSheetOpen(false)}
          onClear={() => apply(clearRefinements(filters))}
          doneLabel={total !== undefined && !results.isFetching ? `Show ${propertiesText(total)}` : 'Show results'}
        >
          <FilterPanel filters={filters} onChange={apply} />
        </FilterSheet>
      )}
    </div>
  );
}
