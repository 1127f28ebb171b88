import type { SearchResponse } from '@nivaas/contracts/search.schema';
import { api } from '../../lib/api/api-slice';
import { lazyContract } from '../../lib/api/lazy-contract';

/**
 * spec §7 GET /project/search?query=: suggestions (projects, builders, locations) and the matching
 * properties. Shared because the navbar (app layout) and the home hero (home feature) both search.
 */
const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchCatalogue: build.query<SearchResponse, string>({
      query: (query) => ({ url: '/project/search', params: { query } }),
      responseSchema: lazyContract(async () => (await import('@nivaas/contracts/search.schema')).SearchResponseSchema),
      // A typeahead asks many one-off questions: keep answers a short while for backspacing, no longer.
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useSearchCatalogueQuery, useLazySearchCatalogueQuery } = searchApi;
