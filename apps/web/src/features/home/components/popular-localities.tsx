import { Link } from 'react-router';
import { MapPinIcon } from '../../../components/icons';
import { EmptyState, ErrorState } from '../../../components/section-states';
import { cityPath } from '../../../lib/place-paths';
import { locationResultsPath } from '../../../lib/search/search-targets';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetPopularLocationsQuery } from '../api/get-popular-locations';
import { HomeSection, TileSkeletons } from './home-section';

export const POPULAR_LOCALITIES = 8;
const GRID = 'grid grid-cols-2 gap-3 md:gap-4 lg:grid-cols-4';

interface PopularLocalitiesProps {
  cityName: string;
  cityId: number | undefined;
}

/** GET /location for the selected city, busiest first; each opens the results for that locality. */
export function PopularLocalities({ cityName, cityId }: PopularLocalitiesProps) {
  const query = useGetPopularLocationsQuery(cityId === undefined ? skipToken : { cityId, limit: POPULAR_LOCALITIES });
  // currentData: after a city change the old city's localities must not sit under the new heading.
  const locations = query.currentData;

  let body;
  if (query.isError && !query.isFetching) {
    body = <ErrorState message="We could not load the localities." onRetry={() => void query.refetch()} />;
  } else if (!locations) {
    body = <TileSkeletons count={4} className={GRID} label="Loading localities" />;
  } else if (locations.length === 0) {
    body = <EmptyState title={`No localities in ${cityName} yet`} />;
  } else {
    body = (
      <ul className={GRID}>
        {locations.map((location) => {
          const count = location.projectCount + location.listingCount;
          return (
            <li key={location.id}>
              <Link
                to={locationResultsPath(location.id)}
                className="group flex h-full items-center gap-3 rounded-2xl bg-white p-3 shadow-sm sm:p-3.5 ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-300"
              >
                <span className="hidden size-11 shrink-0 place-items-center sm:grid rounded-xl bg-brand-50 text-brand-700 group-hover:bg-brand-100">
                  <MapPinIcon width={22} height={22} />
                </span>
                <span className="min-w-0">
                  <span className="block truncate font-bold text-slate-900">{location.name}</span>
                  <span className="block truncate text-sm text-slate-600">
                    {count} {count === 1 ? 'property' : 'properties'}
                    {location.zone && <span className="hidden sm:inline"> · {location.zone.name}</span>}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <HomeSection
      id="popular-localities"
      title={`Popular localities in ${cityName}`}
      subtitle="Where buyers are looking: tap one to see its homes."
      more={cityId === undefined ? undefined : { to: cityPath({ id: cityId, name: cityName }), label: `All of ${cityName}` }}
    >
      {body}
    </HomeSection>
  );
}
