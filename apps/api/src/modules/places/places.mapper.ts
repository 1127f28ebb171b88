import type { LocationDetail, LocationSummary, PriceRange, ZoneDetail, ZoneLocation } from '@nivaas/contracts/place.schema';
import type { RatingSummary } from '@nivaas/contracts/review.schema';
import type { LocationItemStats, LocationListRow, LocationRow, ZoneLocationRow, ZoneRow } from './places.repository';

const NO_ITEMS = { projectCount: 0, listingCount: 0, minPrice: null, maxPrice: null } as const;

type Counts = Pick<LocationItemStats, 'projectCount' | 'listingCount'>;

function placeRefs(row: Pick<LocationRow, 'cityId' | 'cityName' | 'zoneId' | 'zoneName'>) {
  return {
    city: { id: row.cityId, name: row.cityName },
    // A zone id without a name cannot happen through the join; both or neither.
    zone: row.zoneId !== null && row.zoneName !== null ? { id: row.zoneId, name: row.zoneName } : null,
  };
}

export function toLocationSummary(row: LocationListRow): LocationSummary {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    ...placeRefs(row),
    projectCount: row.projectCount,
    listingCount: row.listingCount,
  };
}

export function toLocationDetail(row: LocationRow, stats: LocationItemStats | undefined, rating: RatingSummary): LocationDetail {
  const { projectCount, listingCount, minPrice, maxPrice } = stats ?? NO_ITEMS;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    ...placeRefs(row),
    projectCount,
    listingCount,
    lat: row.lat,
    lng: row.lng,
    priceRange: { min: minPrice, max: maxPrice },
    rating,
  };
}

function toZoneLocation(row: ZoneLocationRow, stats: LocationItemStats | undefined): ZoneLocation {
  return { id: row.id, name: row.name, slug: row.slug, projectCount: stats?.projectCount ?? 0, listingCount: stats?.listingCount ?? 0 };
}

/** The zone's totals are its localities' totals, so the zone page and its locality list always agree. */
function zoneTotals(stats: readonly LocationItemStats[]): Counts & { priceRange: PriceRange } {
  const prices = (values: (number | null)[]) => values.filter((value): value is number => value !== null);
  const mins = prices(stats.map((entry) => entry.minPrice));
  const maxes = prices(stats.map((entry) => entry.maxPrice));
  return {
    projectCount: stats.reduce((sum, entry) => sum + entry.projectCount, 0),
    listingCount: stats.reduce((sum, entry) => sum + entry.listingCount, 0),
    priceRange: { min: mins.length ? Math.min(...mins) : null, max: maxes.length ? Math.max(...maxes) : null },
  };
}

export function toZoneDetail(
  row: ZoneRow,
  locations: readonly ZoneLocationRow[],
  stats: readonly LocationItemStats[],
  rating: RatingSummary,
): ZoneDetail {
  const statsByLocation = new Map(stats.map((entry) => [entry.locationId, entry]));
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    city: { id: row.cityId, name: row.cityName },
    locations: locations.map((location) => toZoneLocation(location, statsByLocation.get(location.id))),
    ...zoneTotals(stats),
    rating,
  };
}
