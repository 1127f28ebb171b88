import type { City, CityListQuery } from '@nivaas/contracts/city.schema';
import type { Pagination } from '@nivaas/contracts/common.schema';
import { DomainError } from '../../lib/domain-error';
import { groupBy } from '../../lib/group-by';
import { toCity } from './cities.mapper';
import type { CitiesRepository, CityRow } from './cities.repository';

export function createCitiesService(repository: CitiesRepository) {
  /** Media and counts for a whole page in two queries, whatever its size. */
  async function shape(rows: CityRow[]): Promise<City[]> {
    const ids = rows.map((row) => row.id);
    const [medias, counts] = await Promise.all([repository.mediaFor(ids), repository.publicItemCounts(ids)]);
    const mediaByCity = groupBy(medias, (media) => media.cityId);
    const countsByCity = new Map(counts.map((entry) => [entry.cityId, entry]));
    return rows.map((row) => toCity(row, mediaByCity.get(row.id) ?? [], countsByCity.get(row.id)));
  }

  return {
    async list({ page, limit, search }: CityListQuery): Promise<{ cities: City[]; pagination: Pagination }> {
      const offset = (page - 1) * limit;
      const [rows, total] = await Promise.all([repository.listPage(offset, limit, search), repository.countAll(search)]);
      return { cities: await shape(rows), pagination: { page, limit, total, hasMore: offset + rows.length < total } };
    },

    /**
     * Ids and names of every city a visitor can find something in, in the list's order: the chat offers each of
     * them (issue 17: a fixed first eight left Jaipur and Kochi, with live listings, out).
     */
    async namesWithListings(): Promise<{ id: number; name: string }[]> {
      return (await repository.withPublicItems()).map(({ id, name }) => ({ id, name }));
    },

    async get(id: number): Promise<City> {
      const row = await repository.findById(id);
      if (!row) throw DomainError.notFound('City', id);
      const [city] = await shape([row]);
      if (!city) throw new Error(`shape() lost city ${id}`);
      return city;
    },
  };
}

export type CitiesService = ReturnType<typeof createCitiesService>;
