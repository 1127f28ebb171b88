import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import { SearchQuerySchema, SearchResponseSchema } from '@nivaas/contracts/search.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../module-options';
import { createProjectsRepository } from '../projects/projects.repository';
import { createProjectsService } from '../projects/projects.service';
import { createSearchService } from './search.service';

/** spec §7 GET /project/search: the navbar typeahead and the free-text results (spec §2, §5). */
export const searchRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { database }) => {
  const search = createSearchService(createProjectsService(createProjectsRepository(database.db)));

  app.get(
    '/project/search',
    {
      config: { publicCache: true },
      schema: {
        tags: ['search'],
        summary: 'Suggestions (projects, builders, localities) ranked prefix, word, then fuzzy, and the first page of matching properties',
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => search.search(request.query.query),
  );
};
