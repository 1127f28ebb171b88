import type { City } from '@nivaas/contracts/city.schema';
import type { CityItemCounts, CityMediaRow, CityRow } from './cities.repository';

/**
 * The one place the spec's client field names are made (spec §3 City): `city_Name` from the name,
 * `city_URL` from the media titled 'banner' (else ''), `projectsCount` = projects + listings.
 * The raw fields travel alongside so newer screens need not use the legacy names.
 */
export function toCity(row: CityRow, medias: CityMediaRow[], counts: CityItemCounts | undefined): City {
  const projectCount = counts?.projectCount ?? 0;
  const listingCount = counts?.listingCount ?? 0;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    state: row.state,
    medias: medias.map(({ title, url }) => ({ title, url })),
    projectCount,
    listingCount,
    city_Name: row.name,
    city_URL: medias.find((media) => media.title === 'banner')?.url ?? '',
    projectsCount: projectCount + listingCount,
  };
}
