import type { Pagination } from '@nivaas/contracts/common.schema';
import type { LocationDetail, LocationListQuery, LocationSummary, ZoneDetail } from '@nivaas/contracts/place.schema';
import { DomainError } from '../../lib/domain-error';
import { offsetOf, paginationOf } from '../../lib/page-window';
import type { ReviewsService } from '../reviews/reviews.service';
import { toLocationDetail, toLocationSummary, toZoneDetail } from './places.mapper';
import type { PlacesRepository } from './places.repository';

export function createPlacesService(repository: PlacesRepository, reviews: ReviewsService) {
  return {
    async listLocations(query: LocationListQuery): Promise<{ locations: LocationSummary[]; pagination: Pagination }> {
      const filter = { cityId: query.cityId, zoneId: query.zoneId };
      const [rows, total] = await Promise.all([
        repository.listLocations(filter, offsetOf(query), query.limit),
        repository.countLocations(filter),
      ]);
      return { locations: rows.map(toLocationSummary), pagination: paginationOf(query, rows.length, total) };
    },

    /** Ids and names of a city's first `limit` localities (the list's order) that hold a visible project or listing. */
    async localitiesWithItems(cityId: number, limit: number): Promise<{ id: number; name: string }[]> {
      const rows = await repository.listLocations({ cityId, zoneId: undefined }, 0, limit);
      return rows.filter((row) => row.projectCount + row.listingCount > 0).map(({ id, name }) => ({ id, name }));
    },

    async getLocation(id: number): Promise<LocationDetail> {
      const [row, [stats], rating] = await Promise.all([
        repository.findLocation(id),
        repository.itemStats([id]),
        reviews.summaryOf('location', id),
      ]);
      if (!row) throw DomainError.notFound('Location', id);
      return toLocationDetail(row, stats, rating);
    },

    async getZone(id: number): Promise<ZoneDetail> {
      const [row, locations, rating] = await Promise.all([
        repository.findZone(id),
        repository.locationsOfZone(id),
        reviews.summaryOf('zone', id),
      ]);
      if (!row) throw DomainError.notFound('Zone', id);
      const stats = await repository.itemStats(locations.map((location) => location.id));
      return toZoneDetail(row, locations, stats, rating);
    },
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;
