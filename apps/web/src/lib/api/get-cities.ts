import { CityListResponseSchema, type City, type CityListResponse } from '@nivaas/contracts/city.schema';
import type { PageQuery } from '@nivaas/contracts/common.schema';
import { api } from './api-slice';

/** The client's view of a city; the spec's API field names stop here (CONVENTIONS). */
export interface CitySummary {
  id: number;
  name: string;
  state: string;
  slug: string;
  /** The city's banner image ('' when it has none). */
  bannerUrl: string;
  /** spec §3: project count plus listing count. */
  propertyCount: number;
}

export type CitiesArgs = Pick<PageQuery, 'page' | 'limit'>;

/** spec §9: the city list fetched at start, page 1, limit 10. */
export const FIRST_CITIES_PAGE: CitiesArgs = { page: 1, limit: 10 };

export function toCitySummary(city: City): CitySummary {
  return {
    id: city.id,
    name: city.city_Name || city.name,
    state: city.state,
    slug: city.slug,
    bannerUrl: city.city_URL,
    propertyCount: city.projectsCount,
  };
}

export const citiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCities: build.query<CitySummary[], CitiesArgs>({
      query: ({ page, limit }) => ({ url: '/city', params: { page, limit } }),
      rawResponseSchema: CityListResponseSchema,
      transformResponse: (response: CityListResponse) => response.cities.map(toCitySummary),
    }),
  }),
});

export const { useGetCitiesQuery } = citiesApi;
