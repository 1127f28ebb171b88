import type { SavedSearch, SavedSearchListResponse } from '@nivaas/contracts/saved-search.schema';
import { api } from '../../lib/api/api-slice';
import { lazyContract } from '../../lib/api/lazy-contract';

/**
 * GET /saved-searches: the signed-in user's saved searches, newest first. Keyed by the user's id so another
 * account in the same tab never sees the list. Saved searches are a user's (the passcode sign-in); the request
 * carries the user slot's token.
 */
export const savedSearchesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSavedSearches: build.query<SavedSearch[], number>({
      query: () => ({ url: '/saved-searches' }),
      extraOptions: { as: 'user' },
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/saved-search.schema')).SavedSearchListResponseSchema),
      transformResponse: (response: SavedSearchListResponse) => response.savedSearches,
    }),
  }),
});

export const { useGetSavedSearchesQuery } = savedSearchesApi;
