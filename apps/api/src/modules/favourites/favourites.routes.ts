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
import { principalOf, requireAuth } from '../../plugins/auth';
import type { FavouritesService } from './favourites.service';

const tags = ['favourites'];
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

export interface FavouritesRoutesOptions {
  favourites: FavouritesService;
}

/**
 * spec §6/§7: favourites of signed-in users and brokers (GET/POST /favourites/user) and the legacy
 * /usersrouts calls, which read and write the same rows. The owner is always the token's account.
 */
export const favouritesRoutes: FastifyPluginAsyncZod<FavouritesRoutesOptions> = async (app, { favourites }) => {
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
    async (request) => ({ success: true as const, ...(await favourites.list(principalOf(request), request.query)) }),
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
    async (request) => ({ success: true as const, ...(await favourites.toggle(principalOf(request), request.body)) }),
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
    async (request) => ({ success: true as const, ...(await favourites.saveLegacy(principalOf(request), request.body)) }),
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
    async (request) => ({
      success: true as const,
      SavedProperties: { propertiesSavedByThisBroker: await favourites.brokerSavedData(principalOf(request), request.query.brokerId) },
    }),
  );
};
