import type { Builder, BuilderDetail, BuilderListQuery } from '@nivaas/contracts/builder.schema';
import type { Pagination } from '@nivaas/contracts/common.schema';
import { DomainError } from '../../lib/domain-error';
import { groupBy } from '../../lib/group-by';
import { offsetOf, paginationOf } from '../../lib/page-window';
import type { ProjectsService } from '../projects/projects.service';
import { createTtlCache, LABEL_TTL_MS } from '../projects/ttl-cache';
import { toBuilder } from './builders.mapper';
import type { BuilderCityCount, BuilderPlace, BuildersRepository } from './builders.repository';

/** spec §9: a builder's page lists its projects 30 at a time; the details call carries the first page. */
export const BUILDER_DETAIL_PROJECTS = 30;

export interface BuildersServiceOptions {
  /** How long the per-builder project counts may be reused (see ttl-cache.ts). */
  countTtlMs?: number;
}

function placeOf(query: BuilderListQuery): BuilderPlace | undefined {
  if (query.type !== undefined && query.id !== undefined) return { key: query.type, id: query.id };
  if (query.cityId !== undefined) return { key: 'cityId', id: query.cityId };
  if (query.zoneId !== undefined) return { key: 'zoneId', id: query.zoneId };
  if (query.locationId !== undefined) return { key: 'locationId', id: query.locationId };
  return undefined;
}

export function createBuildersService(repository: BuildersRepository, projects: ProjectsService, { countTtlMs = LABEL_TTL_MS }: BuildersServiceOptions = {}) {
  // One entry: the counts of every builder, from one grouped scan of the catalogue.
  const countsCache = createTtlCache<Map<number, BuilderCityCount[]>>({ ttlMs: countTtlMs, maxEntries: 1 });
  const countsByBuilder = () => countsCache.get('all', async () => groupBy(await repository.cityCounts(), (entry) => entry.builderId));

  return {
    /**
     * spec §7 GET /builder: public builders, most live projects first (name, then id, break ties) or
     * by name; optionally those with a live project in a city, zone or locality.
     */
    async list(query: BuilderListQuery): Promise<{ builders: Builder[]; pagination: Pagination }> {
      const place = placeOf(query);
      // A city is answered from the per-city counts every builder's card needs anyway (one grouped
      // scan, kept briefly), rather than by asking each builder about thousands of a city's rows.
      const byCity = place?.key === 'cityId' ? place.id : undefined;
      const [rows, counts] = await Promise.all([
        repository.listPublic({ search: query.search, place: byCity === undefined ? place : undefined }),
        countsByBuilder(),
      ]);
      const all = rows
        .filter((row) => byCity === undefined || (counts.get(row.id) ?? []).some((entry) => entry.cityId === byCity))
        .map((row) => toBuilder(row, counts.get(row.id) ?? []));
      if (query.sort === 'projects_desc') all.sort((a, b) => b.projectCount - a.projectCount || a.name.localeCompare(b.name) || a.id - b.id);
      const offset = offsetOf(query);
      const builders = all.slice(offset, offset + query.limit);
      return { builders, pagination: paginationOf(query, builders.length, all.length) };
    },

    /** spec §7 GET /builder/{builderId}: a public builder with its first live projects, cheapest first. */
    async get(id: number): Promise<BuilderDetail> {
      const row = await repository.findPublicById(id);
      if (!row) throw DomainError.notFound('Builder', id);
      const [counts, page] = await Promise.all([
        countsByBuilder(),
        projects.list({ builderId: id, item: 'project', page: 1, limit: BUILDER_DETAIL_PROJECTS, sort: 'price_asc' }),
      ]);
      return { ...toBuilder(row, counts.get(id) ?? []), projects: page.projects };
    },
  };
}

export type BuildersService = ReturnType<typeof createBuildersService>;
