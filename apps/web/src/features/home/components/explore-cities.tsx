import { useEffect, useMemo, useState } from 'react';
import { FIRST_CITIES_PAGE, useGetCityPagesInfiniteQuery, type CitySummary } from '../../../lib/api/get-cities';
import { SmartImage } from '../../../components/smart-image';
import { seedSrcSet } from '../../../lib/seed-picture';
import { EmptyState, ErrorState } from '../../../components/section-states';

const countFormat = new Intl.NumberFormat('en-IN');

export function propertyCountLabel(count: number): string {
  return `${countFormat.format(count)} ${count === 1 ? 'property' : 'properties'}`;
}

interface ExploreCitiesProps {
  cities: readonly CitySummary[] | undefined;
  selectedId: number | undefined;
  isError: boolean;
  onRetry: () => void;
  onSelect: (cityName: string) => void;
}

const gridClasses = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4 lg:grid-cols-5';

/** Every city, page after page, once the visitor asks for more than the first ten (issue 17). */
function useAllCities(wanted: boolean) {
  const pages = useGetCityPagesInfiniteQuery({ search: '' }, { skip: !wanted });
  const { hasNextPage, isFetching, isError, fetchNextPage } = pages;
  useEffect(() => {
    if (wanted && hasNextPage && !isFetching && !isError) void fetchNextPage();
  }, [wanted, hasNextPage, isFetching, isError, fetchNextPage]);
  // Each city once, should one move between pages while they load.
  const all = useMemo(() => {
    const byId = new Map<number, CitySummary>();
    for (const city of (pages.data?.pages ?? []).flatMap((page) => page.cities)) if (!byId.has(city.id)) byId.set(city.id, city);
    return [...byId.values()];
  }, [pages.data]);
  return { all, done: pages.data !== undefined && !hasNextPage, loading: wanted && (isFetching || hasNextPage), isError };
}

export function ExploreCities({ cities: firstCities, selectedId, isError, onRetry, onSelect }: ExploreCitiesProps) {
  // spec §9 loads ten cities on start; the rest come when asked for, so Jaipur and Kochi can be picked here too.
  const [showAll, setShowAll] = useState(false);
  const more = useAllCities(showAll);
  const cities = showAll && more.all.length > 0 ? more.all : firstCities;
  const mayHaveMore = (firstCities?.length ?? 0) >= FIRST_CITIES_PAGE.limit && !(showAll && more.done);
  let body;
  if (isError && !cities) {
    body = <ErrorState message="We could not load the list of cities." onRetry={onRetry} />;
  } else if (!cities) {
    body = (
      <ul className={gridClasses} aria-busy="true" aria-label="Loading cities">
        {Array.from({ length: 10 }, (_, i) => (
          <li key={i} className="aspect-[4/3] animate-pulse rounded-2xl bg-slate-200" />
        ))}
      </ul>
    );
  } else if (cities.length === 0) {
    body = <EmptyState title="No cities yet" />;
  } else {
    body = (
      <ul className={gridClasses}>
        {cities.map((city) => {
          const selected = city.id === selectedId;
          return (
            <li key={city.id}>
              {/* Picking a city here switches the whole page to it, as the navbar selector does. */}
              <button
                type="button"
                aria-pressed={selected}
                onClick={() => onSelect(city.name)}
                className={`group relative block w-full overflow-hidden rounded-2xl text-left shadow-sm ring-offset-2 transition hover:shadow-lg ${selected ? 'ring-3 ring-amber-400' : ''}`}
              >
                <SmartImage
                  src={city.bannerUrl}
                  srcSet={seedSrcSet(city.bannerUrl)}
                  alt=""
                  ratio="4 / 3"
                  sizes="(min-width: 1024px) 15rem, 45vw"
                  // City banners carry the city's name on their left; the skyline on the right is the
                  // part that reads well under our own label.
                  imgClassName="object-right transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none"
                />
                <span className="absolute inset-0 bg-gradient-to-t from-slate-950/85 via-slate-950/30 to-transparent" />
                <span className="absolute inset-x-0 bottom-0 p-3 text-white">
                  <span className="block truncate text-base font-bold">{city.name}</span>
                  <span className="block truncate text-xs text-white/90">{propertyCountLabel(city.propertyCount)}</span>
                </span>
                {selected && (
                  <span className="absolute top-2 right-2 rounded-full bg-amber-300 px-2 py-0.5 text-[11px] font-bold text-amber-950">
                    Selected
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  const moreButton = mayHaveMore && !(isError && !firstCities) && (
    <div className="mt-4 flex flex-col items-center gap-2">
      <button
        type="button"
        onClick={() => setShowAll(true)}
        disabled={showAll && !more.isError}
        aria-busy={showAll && more.loading}
        className="rounded-full px-5 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-300 transition-colors hover:bg-brand-50 disabled:opacity-60"
      >
        {showAll && more.loading ? 'Loading more cities…' : 'Show more cities'}
      </button>
      {showAll && more.isError && <p className="text-sm text-rose-800">We could not load more cities. Please try again.</p>}
    </div>
  );

  return (
    <section aria-labelledby="explore-cities-heading">
      <div className="mb-4 md:mb-6">
        <h2 id="explore-cities-heading" className="text-xl font-bold tracking-tight text-slate-900 md:text-2xl">
          Explore cities
        </h2>
        <p className="mt-1 text-sm text-slate-600 md:text-base">Pick a city to see its projects.</p>
      </div>
      {body}
      {moreButton}
    </section>
  );
}
