import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import { SearchQuerySchema, SearchResponseSchema } from '@nivaas/contracts/search.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DYNAMIC_JSON_COMPRESSION } from '../../plugins/compression';
import { catalogueSerializer } from '../projects/catalogue-serializer';
import type { SearchService } from './search.service';

export interface SearchRoutesOptions {
  search: SearchService;
  /** Whether 200 answers are checked against their schema (projects/catalogue-serializer.ts); off in production. */
  checkResponses?: boolean;
}

/** spec §7 GET /project/search: the navbar typeahead and the free-text results (spec §2, §5). */
export const searchRoutes: FastifyPluginAsyncZod<SearchRoutesOptions> = async (app, { search, checkResponses = true }) => {
  app.get(
    '/project/search',
    {
      config: { publicCache: true, compress: DYNAMIC_JSON_COMPRESSION },
      serializerCompiler: catalogueSerializer({ check: checkResponses }),
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
