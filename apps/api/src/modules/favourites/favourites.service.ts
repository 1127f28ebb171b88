import {
  FAVOURITE_ADDED_MESSAGE,
  FAVOURITE_REMOVED_MESSAGE,
  type Favourite,
  type FavouriteAction,
  type FavouriteUserType,
} from '@nivaas/contracts/favourite.schema';
import type { Principal } from '@nivaas/contracts/auth.schema';
import type { Project } from '@nivaas/contracts/project.schema';
import { DomainError } from '../../lib/domain-error';
import type { ProjectsService } from '../projects/projects.service';
import type { FavouriteOwner, FavouritesRepository } from './favourites.repository';

/** Far above any real wishlist; keeps one account from growing a list whose every read loads thousands of projects. */
export const MAX_FAVOURITES = 500;

/** The signed-in caller as the favourites rules see it (the auth plugin's principal, narrowed to who may hold favourites). */
export type FavouriteCaller = FavouriteOwner;

/** Users and brokers hold favourites; the routes' guard lets only those two through, and this narrows the type to match. */
function callerOf(principal: Principal): FavouriteCaller {
  if (principal.kind === 'provider') throw new DomainError('FORBIDDEN', 'Your account cannot do this');
  return { kind: principal.kind, id: principal.id };
}

/**
 * spec §6 'the kind is sent with favourite calls': when the client names a kind it must be the token's own, so a
 * user cannot read or write a broker's list by saying `userType=broker` (403 naming userType).
 */
function assertOwnKind(caller: FavouriteCaller, userType: FavouriteUserType | undefined): void {
  if (userType !== undefined && userType !== caller.kind) {
    throw new DomainError('FORBIDDEN', `You are signed in as a ${caller.kind}, not a ${userType}`, { field: 'userType' });
  }
}

/**
 * The legacy calls name the owner by id (`userId` or `brokerId`); it must be the caller's own account, of the
 * caller's own kind (403 naming the field otherwise).
 */
function assertOwnAccount(caller: FavouriteCaller, claimed: { kind: FavouriteUserType; id: number }, field: string): void {
  if (claimed.kind !== caller.kind || claimed.id !== caller.id) {
    throw new DomainError('FORBIDDEN', 'You can only read and change your own saved properties', { field });
  }
}

export interface ToggleOutcome {
  message: string;
  favourite: Favourite;
}

/**
 * The caller's own favourites. Every call takes the token's principal: the owner is always the caller, and ids or
 * kinds the client names must be the caller's own (403 naming the field otherwise).
 */
export function createFavouritesService(repository: FavouritesRepository, catalogue: Pick<ProjectsService, 'publicByIds'>) {
  /** Every project id the caller holds, newest first, including ones no longer public (so they can be removed). */
  const ids = (caller: FavouriteCaller): Promise<number[]> => repository.listIds(caller);

  /** The caller's favourites as public project records, newest first; hidden or withdrawn projects are left out. */
  const data = async (caller: FavouriteCaller): Promise<Project[]> => catalogue.publicByIds(await repository.listIds(caller));

  /**
   * spec §4 favourite toggle, idempotent both ways. Only a project a visitor can see may be added (a hidden or
   * unknown one is 404 naming projectId, the same answer for both); any held favourite may be removed.
   */
  async function toggle(caller: FavouriteCaller, action: FavouriteAction, projectId: number): Promise<ToggleOutcome> {
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
  }

  return {
    /** GET /favourites/user: ids (the default) or public project records; `userType`, when sent, must be the caller's kind. */
    async list(principal: Principal, { userType, mode }: { userType?: FavouriteUserType | undefined; mode?: 'ids' | 'data' | undefined }) {
      const caller = callerOf(principal);
      assertOwnKind(caller, userType);
      return mode === 'data' ? { mode: 'data' as const, favourites: await data(caller) } : { mode: 'ids' as const, favourites: await ids(caller) };
    },

    /** POST /favourites/user: add or remove one; `userType`, when sent, must be the caller's kind. */
    toggle(principal: Principal, { userType, action, projectId }: { userType?: FavouriteUserType | undefined; action: FavouriteAction; projectId: number }): Promise<ToggleOutcome> {
      const caller = callerOf(principal);
      assertOwnKind(caller, userType);
      return toggle(caller, action, projectId);
    },

    /** Legacy save/remove: `userId` or `brokerId`, when sent, must be the caller's own account. */
    saveLegacy(
      principal: Principal,
      { userId, brokerId, propertyId, action }: { userId?: number | undefined; brokerId?: number | undefined; propertyId: number; action: FavouriteAction },
    ): Promise<ToggleOutcome> {
      const caller = callerOf(principal);
      if (userId !== undefined) assertOwnAccount(caller, { kind: 'user', id: userId }, 'userId');
      if (brokerId !== undefined) assertOwnAccount(caller, { kind: 'broker', id: brokerId }, 'brokerId');
      return toggle(caller, action, propertyId);
    },

    /** Legacy read of a broker's own saved properties: `brokerId` must be the caller. */
    brokerSavedData(principal: Principal, brokerId: number): Promise<Project[]> {
      const caller = callerOf(principal);
      assertOwnAccount(caller, { kind: 'broker', id: brokerId }, 'brokerId');
      return data(caller);
    },
  };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
