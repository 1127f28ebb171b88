import type { SavedSearchDeletedResponse } from '@nivaas/contracts/saved-search.schema';
import { api } from '../../lib/api/api-slice';
import { savedSearchesApi } from './get-saved-searches';
import { lazyContract } from '../../lib/api/lazy-contract';

/** DELETE /saved-searches/{id}: the search leaves the list once the server agrees. */
const deleteSavedSearchApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteSavedSearch: build.mutation<SavedSearchDeletedResponse, { userId: number; id: number }>({
      query: ({ id }) => ({ url: `/saved-searches/${id}`, method: 'DELETE' }),
      extraOptions: { as: 'user' },
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/saved-search.schema')).SavedSearchDeletedResponseSchema),
      async onQueryStarted({ userId, id }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(savedSearchesApi.util.updateQueryData('getSavedSearches', userId, (list) => list.filter((search) => search.id !== id)));
        } catch {
          // The caller shows the failure.
        }
      },
    }),
  }),
});

export const { useDeleteSavedSearchMutation } = deleteSavedSearchApi;
