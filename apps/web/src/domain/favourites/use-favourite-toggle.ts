import { FAVOURITE_ADDED_MESSAGE, FAVOURITE_REMOVED_MESSAGE } from '@nivaas/contracts/values';
import type { Project } from '@nivaas/contracts/project.schema';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { serverMessage } from '../../lib/api/error-text';
import { loginFor, selectSignInModalOpen, signInModalOpened, type AuthState } from '../auth/auth-slice';
import { showError, showSuccess, showWarning } from '../../lib/toast';
import { track } from '../../lib/tracking/track';
import { useGetFavouriteIdsQuery, type FavouritesOwner } from './get-favourites';
import { useToggleFavouriteMutation } from './post-favourite';

/** Every heart shares one mutation state, so 'in flight' means anywhere on the page (spec §4). */
const TOGGLE_KEY = 'favourite-toggle';
/** The shared isLoading arrives with the next render; two clicks inside one frame are stopped by this. */
let starting = false;
/**
 * The project a visitor tried to favourite before signing in. Once the sign-in modal succeeds, the favourite is
 * added, so the visitor does not have to find the heart again; closing the modal without signing in drops it.
 */
let pendingFavourite: number | null = null;

/**
 * The signed-in account whose favourites the hearts show: spec §6, user over broker for the account kind, which
 * is also whose token the request carries. Null for a visitor.
 */
export function useFavouritesOwner(): FavouritesOwner | null {
  const login = useSelector((state: { auth: AuthState }) => loginFor(state));
  return login ? { userType: login.role, accountId: login.id } : null;
}

/** spec §4 'Favourite toggle' for one project. */
export function useFavouriteToggle(project: Project) {
  const dispatch = useDispatch();
  const owner = useFavouritesOwner();
  const ids = useGetFavouriteIdsQuery(owner ?? skipToken);
  const [toggleFavourite, { isLoading }] = useToggleFavouriteMutation({ fixedCacheKey: TOGGLE_KEY });
  const favourited = owner !== null && (ids.data?.includes(project.id) ?? false);

  const run = async (action: 'add' | 'remove', as: FavouritesOwner) => {
    if (isLoading || starting) return;
    starting = true;
    try {
      const result = await toggleFavourite({ owner: as, action, project });
      if (result.error) {
        showError(serverMessage(result.error) ?? 'Something went wrong!');
        return;
      }
      // spec §3: PROPERTY_ADDED_IN_WISHLIST carries the property's name and id ('name' is a personal key, so propertyName).
      const added = result.data.favourite.favourited;
      track(added ? 'PROPERTY_ADDED_IN_WISHLIST' : 'PROPERTY_REMOVED_FROM_WISHLIST', { projectId: project.id, propertyName: project.name });
      // spec §4: 'Added to favorites' is a success toast, 'Removed from favorites' a warning.
      if (result.data.favourite.favourited) showSuccess(FAVOURITE_ADDED_MESSAGE);
      else showWarning(FAVOURITE_REMOVED_MESSAGE);
    } finally {
      starting = false;
    }
  };

  const toggle = () => {
    // spec §6: anonymous visitors browse, but favouriting opens the sign-in modal.
    if (!owner) {
      pendingFavourite = project.id;
      dispatch(signInModalOpened());
      return;
    }
    void run(favourited ? 'remove' : 'add', owner);
  };

  const modalOpen = useSelector(selectSignInModalOpen);
  const heldIds = ids.data;
  useEffect(() => {
    if (pendingFavourite !== project.id) return;
    if (!owner) {
      if (!modalOpen) pendingFavourite = null;
      return;
    }
    // Signed in: add it once the account's own list shows whether it is there already.
    if (!heldIds) return;
    pendingFavourite = null;
    if (!heldIds.includes(project.id)) void run('add', owner);
    // `run` is a fresh closure each render; the effect acts on the sign-in, not on it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [owner, modalOpen, heldIds, project.id]);

  return { favourited, busy: isLoading, toggle };
}
