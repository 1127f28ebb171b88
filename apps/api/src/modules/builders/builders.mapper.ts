import type { Builder } from '@nivaas/contracts/builder.schema';
import type { BuilderCityCount, BuilderRow } from './builders.repository';

/** A builder's own fields, as both the public read and the provider's console show them. */
export function builderFields(row: BuilderRow): Omit<Builder, 'projectCount' | 'cities'> {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    logo: row.logoUrl,
    description: row.description,
    establishedYear: row.establishedYear,
    status: row.status,
    approval: row.approval,
  };
}

/** The one place a builder row and its live-project counts become the API's Builder. */
export function toBuilder(row: BuilderRow, counts: BuilderCityCount[]): Builder {
  return {
    ...builderFields(row),
    projectCount: counts.reduce((sum, entry) => sum + entry.projectCount, 0),
    cities: counts.map((entry) => ({ id: entry.cityId, name: entry.cityName })),
  };
}
