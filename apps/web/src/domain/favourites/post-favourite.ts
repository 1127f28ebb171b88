import type { FavouriteToggle, FavouriteToggleResponse } from '@nivaas/contracts/favourite.schema';
import type { Project } from '@nivaas/contracts/project.schema';
import { api } from '../../lib/api/api-slice';
import { favouritesApi, type FavouritesOwner } from './get-favourites';
import { lazyContract } from '../../lib/api/lazy-contract';

export interface ToggleFavouriteArgs {
  owner: FavouritesOwner;
  action: FavouriteToggle['action'];
  /** The whole record: an add puts it at the front of the wishlist's records without a refetch. */
  project: Project;
}

/**
 * spec §7 POST /favourites/user {userType, action, projectId}. spec §4: an add puts the project at the front of
 * both the id list and the records list; a remove takes it out of both. The lists change once the server has
 * agreed, so a failed call leaves every heart as it was.
 */
const postFavouriteApi = api.injectEndpoints({
  endpoints: (build) => ({
    toggleFavourite: build.mutation<FavouriteToggleResponse, ToggleFavouriteArgs>({
      query: ({ owner, action, project }) => ({
        url: '/favourites/user',
        method: 'POST',
        body: { userType: owner.userType, action, projectId: project.id, item: project.item } satisfies FavouriteToggle,
      }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/favourite.schema')).FavouriteToggleResponseSchema),
      async onQueryStarted({ owner, project }, { dispatch, queryFulfilled }) {
        let favourited: boolean;
        try {
          favourited = (await queryFulfilled).data.favourite.favourited;
        } catch {
          return;
        }
        dispatch(
          favouritesApi.util.updateQueryData('getFavouriteIds', owner, (ids) => {
            const rest = ids.filter((id) => id !== project.id);
            return favourited ? [project.id, ...rest] : rest;
          }),
        );
        dispatch(
          favouritesApi.util.updateQueryData('getFavourites', owner, (records) => {
            const rest = records.filter((record) => record.id !== project.id);
            return favourited ? [project, ...rest] : rest;
          }),
        );
      },
    }),
  }),
});

export const { useToggleFavouriteMutation } = postFavouriteApi;
