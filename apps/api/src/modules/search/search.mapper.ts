import type { Project } from '@nivaas/contracts/project.schema';
import type { SearchBuilder, SearchLocation, SearchProject } from '@nivaas/contracts/search.schema';
import type { WordHit } from '../projects/project-text-search';

/** A project suggestion: what the card link (spec §2) and a small preview need. */
export function toSearchProject(project: Project): SearchProject {
  const prices = project.units;
  return {
    id: project.id,
    name: project.name,
    type: project.type,
    item: project.item,
    tags: project.tags,
    city: project.city,
    zone: project.zone,
    location: project.location,
    builder: project.builder,
    photo: project.medias[0]?.url ?? null,
    minPrice: prices.length > 0 ? Math.min(...prices.map((unit) => unit.minPrice)) : null,
    maxPrice: prices.length > 0 ? Math.max(...prices.map((unit) => unit.maxPrice)) : null,
  };
}

/** A locality hit: its city is always there (the column is NOT NULL and the query joins it). */
export type LocationHit = WordHit & { kind: 'location'; cityId: number; cityName: string };

export function isLocationHit(hit: WordHit): hit is LocationHit {
  return hit.kind === 'location' && hit.cityId !== null && hit.cityName !== null;
}

export function toSearchLocation(hit: LocationHit): SearchLocation {
  return {
    id: hit.id,
    name: hit.name,
    city: { id: hit.cityId, name: hit.cityName },
    zone: hit.zoneId !== null && hit.zoneName !== null ? { id: hit.zoneId, name: hit.zoneName } : null,
  };
}

export function toSearchBuilder(hit: WordHit): SearchBuilder {
  return { id: hit.id, name: hit.name, logo: hit.logo };
}
