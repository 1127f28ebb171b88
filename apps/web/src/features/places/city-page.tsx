import { skipToken } from '@reduxjs/toolkit/query';
import { useParams } from 'react-router';
import { PageError } from '../../components/page-states';
import { SectionBoundary } from '../../components/section-boundary';
import { EmptyState, ErrorState } from '../../components/section-states';
import type { CitySummary } from '../../lib/api/get-cities';
import { isNotFound, serverMessage } from '../../lib/api/error-text';
import { locationPath, zonePath } from '../../lib/place-paths';
import { parseRouteId } from '../../lib/route-id';
import { useGetCityLocationsQuery } from '../../lib/api/get-city-locations';
import { useGetCityQuery } from './api/get-city';
import { useGetPlaceReviewsQuery } from './api/get-place-reviews';
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
import { zonesOf } from './lib/zones-of';
import { useTrackView } from '../../lib/tracking/use-track-view';

/** How many localities the city page lists before the visitor picks a zone. */
const POPULAR_LOCALITIES = 8;

export function CityPage() {
  const { id: rawId } = useParams();
  const id = parseRouteId(rawId);
  const city = useGetCityQuery(id ?? skipToken);
  useTrackView('PLACE_VIEW', city.data ? { place: 'city', placeId: city.data.id, city: city.data.name } : null);

  if (id === null || (city.isError && isNotFound(city.error))) {
    return <PlaceNotFound what="city" />;
  }
  if (city.isError) {
    return <PageError title="Failed to fetch city" error={city.error} onRetry={city.refetch} />;
  }
  if (!city.data) return <PlaceSkeleton label="Loading city" />;
  return <City city={city.data} />;
}

function City({ city }: { city: CitySummary }) {
  const reviews = useGetPlaceReviewsQuery({ subject: 'city', id: city.id });
  const rating = reviews.data?.summary;
  return (
    <>
      <title>{`Property in ${city.name}: flats, villas and plots for sale | Nivaas`}</title>
      <PlaceHero
        imageUrl={city.bannerUrl}
        eyebrow={city.state}
        title={`Property in ${city.name}`}
        crumbs={[{ label: 'Home', to: '/' }, { label: city.name }]}
      >
        <p>
          {propertiesLabel(city.propertyCount)} from builders, brokers and owners, with what residents say about living here.
        </p>
      </PlaceHero>
      <div className="mx-auto max-w-7xl space-y-12 px-4 py-8 md:py-10 lg:px-8">
        <StatGrid
          stats={[
            { label: 'Properties', value: countFormat.format(city.propertyCount) },
            { label: 'State', value: city.state },
            { label: 'Resident rating', value: rating && rating.count > 0 ? `${rating.average.toFixed(1)} / 5` : '–' },
            { label: 'Reviews', value: rating ? countFormat.format(rating.count) : '–' },
          ]}
        />
        <SectionBoundary name="Zones and localities">
          <CityAreas city={city} />
        </SectionBoundary>
        <PlaceReviewsAndProjects subject="city" filter="cityId" id={city.id} name={city.name} />
      </div>
    </>
  );
}

function CityAreas({ city }: { city: CitySummary }) {
  const locations = useGetCityLocationsQuery(city.id);
  if (locations.isError) {
    return (
      <ErrorState
        title="Failed to featch loaction"
        message={serverMessage(locations.error) ?? 'We could not load the localities of this city.'}
        onRetry={() => void locations.refetch()}
      />
    );
  }
  if (!locations.data) {
    return (
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true" aria-label="Loading localities">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="h-16 animate-pulse rounded-2xl bg-slate-200" />
        ))}
      </div>
    );
  }
  const zones = zonesOf(locations.data);
  const popular = locations.data.slice(0, POPULAR_LOCALITIES);
  return (
    <div className="space-y-12">
      {zones.length > 0 && (
        <PlaceSection id="city-zones-heading" title={`Zones of ${city.name}`}>
          <PlaceLinks
            links={zones.map((zone) => ({
              id: zone.id,
              to: zonePath(city, zone),
              name: zone.name,
              detail: `${zone.localityCount} ${zone.localityCount === 1 ? 'locality' : 'localities'} · ${propertiesLabel(zone.projectCount)}`,
            }))}
          />
        </PlaceSection>
      )}
      <PlaceSection id="city-localities-heading" title={`Popular localities in ${city.name}`}>
        {popular.length === 0 ? (
          <EmptyState title="No localities listed yet" />
        ) : (
          <PlaceLinks
            links={popular.map((location) => ({
              id: location.id,
              to: locationPath(city, location.zone, location),
              name: location.name,
              detail: propertiesLabel(location.projectCount + location.listingCount),
            }))}
          />
        )}
      </PlaceSection>
    </div>
  );
}
