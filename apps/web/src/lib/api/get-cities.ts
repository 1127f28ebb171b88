import type { City, CityListResponse } from '@nivaas/contracts/city.schema';
import type { PageQuery } from '@nivaas/contracts/common.schema';
import { api } from './api-slice';
import { lazyContract } from './lazy-contract';

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

export type CitiesArgs = Pick<PageQuery, 'page' | 'limit'> & { search?: string };

/** spec §9: the city list fetched at start, page 1, limit 10. */
export const FIRST_CITIES_PAGE: CitiesArgs = { page: 1, limit: 10 };
/** The city selector's pages (issue 17): the rest of the cities arrive ten at a time, on demand. */
export const CITY_PAGE_SIZE = 10;

export interface CityPage {
  cities: CitySummary[];
  total: number;
  hasMore: boolean;
}

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
      query: ({ page, limit, search }) => ({ url: '/city', params: search ? { page, limit, search } : { page, limit } }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/city.schema')).CityListResponseSchema),
      transformResponse: (response: CityListResponse) => response.cities.map(toCitySummary),
    }),
    /** Every city, ten at a time, optionally those whose name contains `search` (GET /city?search=). */
    getCityPages: build.infiniteQuery<CityPage, { search: string }, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _all, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
      query: ({ queryArg: { search }, pageParam }) => ({
        url: '/city',
        params: search ? { page: pageParam, limit: CITY_PAGE_SIZE, search } : { page: pageParam, limit: CITY_PAGE_SIZE },
      }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/city.schema')).CityListResponseSchema),
      transformResponse: (response: CityListResponse): CityPage => ({
        cities: response.cities.map(toCitySummary),
        total: response.pagination.total,
        hasMore: response.pagination.hasMore,
      }),
    }),
  }),
});

export const { useGetCitiesQuery, useGetCityPagesInfiniteQuery } = citiesApi;
