import type { FavouriteDataResponse, FavouriteIdsResponse, FavouriteUserType } from '@nivaas/contracts/favourite.schema';
import type { Project } from '@nivaas/contracts/project.schema';
import { api } from '../../lib/api/api-slice';
import { lazyContract } from '../../lib/api/lazy-contract';

/**
 * Whose favourites: the kind is sent with every favourite call (spec §6), and the account id keys the cache so a
 * different account never sees the previous one's hearts. The request itself carries the session token.
 */
export interface FavouritesOwner {
  userType: FavouriteUserType;
  accountId: number;
}

/** Asked for once per session: every heart on every card reads this one list (spec §3 'favourites: list of ids'). */
const ONE_SESSION = 24 * 60 * 60;

/**
 * spec §7 GET /favourites/user?mode=ids|data&userType=. mode=ids feeds the hearts; mode=data the wishlist (the
 * favourited projects as GET /project returns them, newest first).
 */
export const favouritesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFavouriteIds: build.query<number[], FavouritesOwner>({
      query: ({ userType }) => ({ url: '/favourites/user', params: { mode: 'ids', userType } }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/favourite.schema')).FavouriteIdsResponseSchema),
      transformResponse: (response: FavouriteIdsResponse) => response.favourites,
      keepUnusedDataFor: ONE_SESSION,
    }),
    getFavourites: build.query<Project[], FavouritesOwner>({
      query: ({ userType }) => ({ url: '/favourites/user', params: { mode: 'data', userType } }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/favourite.schema')).FavouriteDataResponseSchema),
      transformResponse: (response: FavouriteDataResponse) => response.favourites,
    }),
  }),
});

export const { useGetFavouriteIdsQuery, useGetFavouritesQuery } = favouritesApi;
