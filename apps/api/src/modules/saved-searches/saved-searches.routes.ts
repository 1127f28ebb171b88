import { ErrorResponseSchema, IdParamSchema } from '@nivaas/contracts/common.schema';
import {
  SAVED_SEARCH_DELETED_MESSAGE,
  SAVED_SEARCH_SAVED_MESSAGE,
  SavedSearchCreateSchema,
  SavedSearchDeletedResponseSchema,
  SavedSearchListResponseSchema,
  SavedSearchResponseSchema,
} from '@nivaas/contracts/saved-search.schema';
import { NotificationsQuerySchema, NotificationsResponseSchema } from '@nivaas/contracts/notification.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireAuth } from '../../plugins/auth';
import type { SavedSearchesService } from './saved-searches.service';

const tags = ['saved searches'];
const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };

export interface SavedSearchesRoutesOptions {
  savedSearches: SavedSearchesService;
}

/** Issue 4: a signed-in user keeps up to 20 named searches (the results page's filters) and is told of new matches. */
export const savedSearchesRoutes: FastifyPluginAsyncZod<SavedSearchesRoutesOptions> = async (app, { savedSearches }) => {
  // onRequest runs before the body is read or parsed, so a guest gets 401 whatever it sent (never 400, 413 or 415 first).
  const userOnly = requireAuth('user');

  app.get(
    '/saved-searches',
    {
      onRequest: userOnly,
      schema: { tags, summary: "The signed-in user's saved searches, newest first", response: { 200: SavedSearchListResponseSchema, ...errors } },
    },
    async (request) => ({ success: true as const, savedSearches: await savedSearches.list(principalOf(request).id) }),
  );

  app.get(
    '/notifications',
    {
      onRequest: userOnly,
      schema: {
        tags: ['notifications'],
        summary: "The signed-in user's notices (saved-search matches), newest first, one per listing; only their own",
        querystring: NotificationsQuerySchema,
        response: { 200: NotificationsResponseSchema, 400: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => ({ success: true as const, ...(await savedSearches.notices(principalOf(request).id, request.query)) }),
  );

  app.post(
    '/saved-searches',
    {
      onRequest: userOnly,
      config: { limits: 'saved-search' },
      schema: {
        tags,
        summary: 'Save the results page\'s filters under a name (at most 20 per user)',
        body: SavedSearchCreateSchema,
        response: { 201: SavedSearchResponseSchema, 400: ErrorResponseSchema, 409: ErrorResponseSchema, 429: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const savedSearch = await savedSearches.create(principalOf(request).id, request.body);
      return reply.code(201).send({ success: true as const, message: SAVED_SEARCH_SAVED_MESSAGE, savedSearch });
    },
  );

  app.delete(
    '/saved-searches/:id',
    {
      onRequest: userOnly,
      config: { limits: 'saved-search' },
      schema: {
        tags,
        summary: "Delete one of the caller's saved searches (someone else's is a 404)",
        params: IdParamSchema,
        response: { 200: SavedSearchDeletedResponseSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema, 429: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      await savedSearches.remove(principalOf(request).id, request.params.id);
      return { success: true as const, message: SAVED_SEARCH_DELETED_MESSAGE };
    },
  );
};
