import type { LocationDetail } from '@nivaas/contracts/place.schema';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useParams } from 'react-router';
import { ArrowRightIcon } from '../../components/icons';
import { PageError } from '../../components/page-states';
import { isNotFound } from '../../lib/api/error-text';
import { useGetLocationQuery } from '../../lib/api/get-location';
import { formatPriceRange } from '../../lib/format-price';
import { cityPath, zonePath } from '../../lib/place-paths';
import { parseRouteId } from '../../lib/route-id';
import { useGetCityQuery } from './api/get-city';
import { PlaceHero } from './components/place-hero';
import {
  countFormat,
  PlaceNotFound,
  PlaceReviewsAndProjects,
  PlaceSkeleton,
  propertiesLabel,
  StatGrid,
} from './components/place-parts';
import { useTrackView } from '../../lib/tracking/use-track-view';

export function LocationPage() {
  const { id: rawId } = useParams();
  const id = parseRouteId(rawId);
  const location = useGetLocationQuery(id ?? skipToken);
  useTrackView('PLACE_VIEW', location.data ? { place: 'locality', placeId: location.data.id, locality: location.data.name, city: location.data.city.name } : null);

  if (id === null || (location.isError && isNotFound(location.error))) return <PlaceNotFound what="locality" />;
  if (location.isError) {
    return <PageError title="Failed to featch loaction" error={location.error} onRetry={location.refetch} />;
  }
  if (!location.data) return <PlaceSkeleton label="Loading locality" />;
  return <Location location={location.data} />;
}

function Location({ location }: { location: LocationDetail }) {
  const city = useGetCityQuery(location.city.id);
  const total = location.projectCount + location.listingCount;
  const { min, max } = location.priceRange;
  const crumbs = [
    { label: 'Home', to: '/' },
    { label: location.city.name, to: cityPath(location.city) },
    ...(location.zone ? [{ label: location.zone.name, to: zonePath(location.city, location.zone) }] : []),
    { label: location.name },
  ];
  return (
    <>
      <title>{`Property in ${location.name}, ${location.city.name} | Nivaas`}</title>
      <PlaceHero
        imageUrl={city.data?.bannerUrl}
        eyebrow={[location.zone?.name, location.city.name].filter(Boolean).join(', ')}
        title={location.name}
        crumbs={crumbs}
      >
        <p>{propertiesLabel(total)} for sale in {location.name}.</p>
        <Link
          to={`/property-detail-page?locationId=${location.id}`}
          className="mt-5 inline-flex items-center gap-2 rounded-full bg-amber-300 px-5 py-2.5 text-sm font-bold text-amber-950 shadow-sm hover:bg-amber-200"
        >
          See all properties in {location.name}
          <ArrowRightIcon width={16} height={16} />
        </Link>
      </PlaceHero>
      <div className="mx-auto max-w-7xl space-y-12 px-4 py-8 md:py-10 lg:px-8">
        <StatGrid
          stats={[
            { label: 'Price range', value: min === null && max === null ? '–' : formatPriceRange(min ?? 0, max ?? 0) },
            { label: 'Projects', value: countFormat.format(location.projectCount) },
            { label: 'Resale listings', value: countFormat.format(location.listingCount) },
            { label: 'Resident rating', value: location.rating.count > 0 ? `${location.rating.average.toFixed(1)} / 5` : '–' },
          ]}
        />
        <PlaceReviewsAndProjects subject="location" filter="locationId" id={location.id} name={location.name} />
      </div>
    </>
  );
}
