import type { CitySummary } from '../../../lib/api/get-cities';
import { SmartImage } from '../../../components/smart-image';
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

export function ExploreCities({ cities, selectedId, isError, onRetry, onSelect }: ExploreCitiesProps) {
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

  return (
    <section aria-labelledby="explore-cities-heading">
      <div className="mb-4 md:mb-6">
        <h2 id="explore-cities-heading" className="text-xl font-bold tracking-tight text-slate-900 md:text-2xl">
          Explore cities
        </h2>
        <p className="mt-1 text-sm text-slate-600 md:text-base">Pick a city to see its projects.</p>
      </div>
      {body}
    </section>
  );
}
