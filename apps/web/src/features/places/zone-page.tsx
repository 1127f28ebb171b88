import type { ZoneDetail } from '@nivaas/contracts/place.schema';
import { skipToken } from '@reduxjs/toolkit/query';
import { useParams } from 'react-router';
import { PageError } from '../../components/page-states';
import { EmptyState } from '../../components/section-states';
import { isNotFound } from '../../lib/api/error-text';
import { formatPriceRange } from '../../lib/format-price';
import { cityPath, locationPath } from '../../lib/place-paths';
import { parseRouteId } from '../../lib/route-id';
import { useGetCityQuery } from './api/get-city';
import { useGetZoneQuery } from './api/get-zone';
import { PlaceHero } from './components/place-hero';
import {
  countFormat,
  PlaceLinks,
  PlaceNotFound,
  PlaceReviewsAndProjects,
  PlaceSection,
  PlaceSkeleton,
  propertiesLabel,
  StatGrid,
} from './components/place-parts';
import { useTrackView } from '../../lib/tracking/use-track-view';

export function ZonePage() {
  const { id: rawId } = useParams();
  const id = parseRouteId(rawId);
  const zone = useGetZoneQuery(id ?? skipToken);
  useTrackView('PLACE_VIEW', zone.data ? { place: 'zone', placeId: zone.data.id, zone: zone.data.name, city: zone.data.city.name } : null);

  if (id === null || (zone.isError && isNotFound(zone.error))) return <PlaceNotFound what="zone" />;
  if (zone.isError) {
    return <PageError title="Failed to fetch Zone" error={zone.error} onRetry={zone.refetch} />;
  }
  if (!zone.data) return <PlaceSkeleton label="Loading zone" />;
  return <Zone zone={zone.data} />;
}

function priceText(range: { min: number | null; max: number | null }): string {
  return range.min === null && range.max === null ? '–' : formatPriceRange(range.min ?? 0, range.max ?? 0);
}

function Zone({ zone }: { zone: ZoneDetail }) {
  // The city's banner dresses the zone's header; the page works without it.
  const city = useGetCityQuery(zone.city.id);
  const total = zone.projectCount + zone.listingCount;
  return (
    <>
      <title>{`Property in ${zone.name}, ${zone.city.name} | Nivaas`}</title>
      <PlaceHero
        imageUrl={city.data?.bannerUrl}
        eyebrow={`Zone of ${zone.city.name}`}
        title={zone.name}
        crumbs={[{ label: 'Home', to: '/' }, { label: zone.city.name, to: cityPath(zone.city) }, { label: zone.name }]}
      >
        <p>
          {propertiesLabel(total)} across {zone.locations.length} {zone.locations.length === 1 ? 'locality' : 'localities'}.
        </p>
      </PlaceHero>
      <div className="mx-auto max-w-7xl space-y-12 px-4 py-8 md:py-10 lg:px-8">
        <StatGrid
          stats={[
            { label: 'Projects', value: countFormat.format(zone.projectCount) },
            { label: 'Resale listings', value: countFormat.format(zone.listingCount) },
            { label: 'Price range', value: priceText(zone.priceRange) },
            { label: 'Resident rating', value: zone.rating.count > 0 ? `${zone.rating.average.toFixed(1)} / 5` : '–' },
          ]}
        />
        <PlaceSection id="zone-localities-heading" title={`Localities in ${zone.name}`}>
          {zone.locations.length === 0 ? (
            <EmptyState title="No localities listed yet" />
          ) : (
            <PlaceLinks
              links={zone.locations.map((location) => ({
                id: location.id,
                to: locationPath(zone.city, zone, location),
                name: location.name,
                detail: propertiesLabel(location.projectCount + location.listingCount),
              }))}
            />
          )}
        </PlaceSection>
        <PlaceReviewsAndProjects subject="zone" filter="zoneId" id={zone.id} name={zone.name} />
      </div>
    </>
  );
}
