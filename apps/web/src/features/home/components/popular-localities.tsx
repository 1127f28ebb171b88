import { skipToken } from '@reduxjs/toolkit/query';
import { MapPinIcon } from '../../../components/icons';
import { cityPath } from '../../../lib/place-paths';
import { locationResultsPath } from '../../../domain/search/search-targets';
import { useGetPopularLocationsQuery } from '../api/get-popular-locations';
import { HomeSection } from './home-section';
import { TileGrid } from './tile-grid';

export const POPULAR_LOCALITIES = 8;

interface PopularLocalitiesProps {
  cityName: string;
  cityId: number | undefined;
}

/** GET /location for the selected city, busiest first; each opens the results for that locality. */
export function PopularLocalities({ cityName, cityId }: PopularLocalitiesProps) {
  const query = useGetPopularLocationsQuery(cityId === undefined ? skipToken : { cityId, limit: POPULAR_LOCALITIES });
  // currentData: after a city change the old city's localities must not sit under the new heading.
  const tiles = query.currentData?.map((location) => {
    const count = location.projectCount + location.listingCount;
    return {
      key: location.id,
      to: locationResultsPath(location.id),
      media: (
        <span className="hidden size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700 group-hover:bg-brand-100 sm:grid">
          <MapPinIcon width={22} height={22} />
        </span>
      ),
      title: location.name,
      detail: (
        <>
          {count} {count === 1 ? 'property' : 'properties'}
          {location.zone && <span className="hidden sm:inline"> · {location.zone.name}</span>}
        </>
      ),
    };
  });

  return (
    <HomeSection
      id="popular-localities"
      title={`Popular localities in ${cityName}`}
      subtitle="Where buyers are looking: tap one to see its homes."
      more={cityId === undefined ? undefined : { to: cityPath({ id: cityId, name: cityName }), label: `All of ${cityName}` }}
    >
      <TileGrid
        tiles={tiles}
        failed={query.isError && !query.isFetching}
        onRetry={() => void query.refetch()}
        errorMessage="We could not load the localities."
        emptyTitle={`No localities in ${cityName} yet`}
        loadingLabel="Loading localities"
        phoneColumns="two"
      />
    </HomeSection>
  );
}
