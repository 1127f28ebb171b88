import type { SavedSearchCreateInput, SavedSearchResponse } from '@nivaas/contracts/saved-search.schema';
import { api } from '../../lib/api/api-slice';
import { savedSearchesApi } from './get-saved-searches';
import { lazyContract } from '../../lib/api/lazy-contract';

/** POST /saved-searches (201): the new search goes to the front of the user's list without a refetch. */
const postSavedSearchApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveSearch: build.mutation<SavedSearchResponse, { userId: number; body: SavedSearchCreateInput }>({
      query: ({ body }) => ({ url: '/saved-searches', method: 'POST', body }),
      extraOptions: { as: 'user' },
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/saved-search.schema')).SavedSearchResponseSchema),
      async onQueryStarted({ userId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            savedSearchesApi.util.updateQueryData('getSavedSearches', userId, (list) => [
              data.savedSearch,
              ...list.filter((search) => search.id !== data.savedSearch.id),
            ]),
          );
        } catch {
          // The caller shows the failure; the list stays as it was.
        }
      },
    }),
  }),
});

export const { useSaveSearchMutation } = postSavedSearchApi;
