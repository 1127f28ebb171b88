import {
  FAVOURITE_ADDED_MESSAGE,
  FAVOURITE_REMOVED_MESSAGE,
  type Favourite,
  type FavouriteAction,
  type FavouriteUserType,
} from '@nivaas/contracts/favourite.schema';
import type { Project } from '@nivaas/contracts/project.schema';
import { DomainError } from '../../lib/domain-error';
import type { ProjectsService } from '../projects/projects.service';
import type { FavouriteOwner, FavouritesRepository } from './favourites.repository';

/** Far above any real wishlist; keeps one account from growing a list whose every read loads thousands of projects. */
export const MAX_FAVOURITES = 500;

/** The signed-in caller as the favourites rules see it (the auth plugin's principal, narrowed to who may hold favourites). */
export type FavouriteCaller = FavouriteOwner;

/**
 * spec §6 'the kind is sent with favourite calls': when the client names a kind it must be the token's own, so a
 * user cannot read or write a broker's list by saying `userType=broker` (403 naming userType).
 */
export function assertOwnKind(caller: FavouriteCaller, userType: FavouriteUserType | undefined): void {
  if (userType !== undefined && userType !== caller.kind) {
    throw new DomainError('FORBIDDEN', `You are signed in as a ${caller.kind}, not a ${userType}`, { field: 'userType' });
  }
}

/**
 * The legacy calls name the owner by id (`userId` or `brokerId`); it must be the caller's own account, of the
 * caller's own kind (403 naming the field otherwise).
 */
export function assertOwnAccount(caller: FavouriteCaller, claimed: { kind: FavouriteUserType; id: number }, field: string): void {
  if (claimed.kind !== caller.kind || claimed.id !== caller.id) {
    throw new DomainError('FORBIDDEN', 'You can only read and change your own saved properties', { field });
  }
}

export interface ToggleOutcome {
  message: string;
  favourite: Favourite;
}

export function createFavouritesService(repository: FavouritesRepository, catalogue: Pick<ProjectsService, 'publicByIds'>) {
  return {
    /** Every project id the caller holds, newest first, including ones no longer public (so they can be removed). */
    ids(caller: FavouriteCaller): Promise<number[]> {
      return repository.listIds(caller);
    },

    /** The caller's favourites as public project records, newest first; hidden or withdrawn projects are left out. */
    async data(caller: FavouriteCaller): Promise<Project[]> {
      return catalogue.publicByIds(await repository.listIds(caller));
    },

    /**
     * spec §4 favourite toggle, idempotent both ways. Only a project a visitor can see may be added (a hidden or
     * unknown one is 404 naming projectId, the same answer for both); any held favourite may be removed.
     */
    async toggle(caller: FavouriteCaller, action: FavouriteAction, projectId: number): Promise<ToggleOutcome> {
      if (action === 'remove') {
        await repository.remove(caller, projectId);
        return { message: FAVOURITE_REMOVED_MESSAGE, favourite: { projectId, userType: caller.kind, action, favourited: false } };
      }
      if ((await catalogue.publicByIds([projectId])).length === 0) {
        throw new DomainError('NOT_FOUND', `Project ${projectId} not found`, { field: 'projectId' });
      }
      if ((await repository.add(caller, projectId, MAX_FAVOURITES)) === 'full') {
        throw new DomainError('CONFLICT', `You can keep up to ${MAX_FAVOURITES} favourites; remove one to add another`, { field: 'projectId' });
      }
      return { message: FAVOURITE_ADDED_MESSAGE, favourite: { projectId, userType: caller.kind, action, favourited: true } };
    },
  };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
