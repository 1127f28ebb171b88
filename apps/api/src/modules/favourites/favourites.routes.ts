import type { Principal } from '@nivaas/contracts/auth.schema';
import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import {
  FavouritesQuerySchema,
  FavouritesResponseSchema,
  FavouriteToggleResponseSchema,
  FavouriteToggleSchema,
  SavedPropertiesLegacyQuerySchema,
  SavedPropertiesLegacyResponseSchema,
  SavePropertyLegacySchema,
} from '@nivaas/contracts/favourite.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../lib/domain-error';
import { principalOf, requireAuth } from '../../plugins/auth';
import type { ModuleOptions } from '../module-options';
import { createProjectsRepository } from '../projects/projects.repository';
import { createProjectsService } from '../projects/projects.service';
import { createFavouritesRepository } from './favourites.repository';
import { assertOwnAccount, assertOwnKind, createFavouritesService, type FavouriteCaller } from './favourites.service';

const tags = ['favourites'];
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/** requireAuth('user', 'broker') has let only those two through; this narrows the type to match. */
function callerOf(principal: Principal): FavouriteCaller {
  if (principal.kind === 'provider') throw new DomainError('FORBIDDEN', 'Your account cannot do this');
  return { kind: principal.kind, id: principal.id };
}

/**
 * spec §6/§7: favourites of signed-in users and brokers (GET/POST /favourites/user) and the legacy
 * /usersrouts calls, which read and write the same rows. The owner is always the token's account.
 */
export const favouritesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { database }) => {
  const favourites = createFavouritesService(createFavouritesRepository(database.db), createProjectsService(createProjectsRepository(database.db)));
  // onRequest runs before the body is read or parsed, so a guest gets 401 whatever it sent (never 400, 413 or 415 first).
  const signedIn = requireAuth('user', 'broker');

  app.get(
    '/favourites/user',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: "The caller's favourites, newest first: project ids (mode=ids, the default) or the public project records (mode=data)",
        querystring: FavouritesQuerySchema,
        response: { 200: FavouritesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(principalOf(request));
      assertOwnKind(caller, request.query.userType);
      return request.query.mode === 'data'
        ? { success: true as const, mode: 'data' as const, favourites: await favourites.data(caller) }
        : { success: true as const, mode: 'ids' as const, favourites: await favourites.ids(caller) };
    },
  );

  app.post(
    '/favourites/user',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Add or remove a favourite (idempotent). Only a public project can be added; userType must be the caller\'s kind',
        body: FavouriteToggleSchema,
        response: { 200: FavouriteToggleResponseSchema, ...errors, 404: ErrorResponseSchema, 409: ErrorResponseSchema },
      },
    },
    async (request) => {
      const caller = callerOf(principalOf(request));
      assertOwnKind(caller, request.body.userType);
      return { success: true as const, ...(await favourites.toggle(caller, request.body.action, request.body.projectId)) };
    },
  );

  app.post(
    '/usersrouts/savingPropertiesOfUser',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Legacy: save (default) or remove (action=remove) a property for userId or brokerId, which must be the caller',
        body: SavePropertyLegacySchema,
        response: { 200: FavouriteToggleResponseSchema, ...errors, 404: ErrorResponseSchema, 409: ErrorResponseSchema },
      },
    },
    async (request) => {
      const caller = callerOf(principalOf(request));
      const { userId, brokerId, propertyId, action } = request.body;
      if (userId !== undefined) assertOwnAccount(caller, { kind: 'user', id: userId }, 'userId');
      if (brokerId !== undefined) assertOwnAccount(caller, { kind: 'broker', id: brokerId }, 'brokerId');
      return { success: true as const, ...(await favourites.toggle(caller, action, propertyId)) };
    },
  );

  app.get(
    '/usersrouts/userData',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: "Legacy: a broker's own saved properties (brokerId must be the caller), as public project records, newest first",
        querystring: SavedPropertiesLegacyQuerySchema,
        response: { 200: SavedPropertiesLegacyResponseSchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(principalOf(request));
      assertOwnAccount(caller, { kind: 'broker', id: request.query.brokerId }, 'brokerId');
      return { success: true as const, SavedProperties: { propertiesSavedByThisBroker: await favourites.data(caller) } };
    },
  );
};
