import { CityListQuerySchema, CityListResponseSchema, CityResponseSchema } from '@nivaas/contracts/city.schema';
import { ErrorResponseSchema, IdParamSchema } from '@nivaas/contracts/common.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CitiesService } from './cities.service';

export interface CitiesRoutesOptions {
  cities: CitiesService;
}

/** spec §7: GET /city (page, limit; and a name search, issue 17) and GET /city/{id}. */
export const citiesRoutes: FastifyPluginAsyncZod<CitiesRoutesOptions> = async (app, { cities }) => {
  app.get(
    '/city',
    {
      config: { publicCache: true },
      schema: {
        tags: ['cities'],
        summary: 'Cities in display order (Bengaluru first), with public project and listing counts; `search` keeps those whose name contains it',
        querystring: CityListQuerySchema,
        response: { 200: CityListResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await cities.list(request.query)) }),
  );

  app.get(
    '/city/:id',
    {
      config: { publicCache: true },
      schema: {
        tags: ['cities'],
        summary: 'One city',
        params: IdParamSchema,
        response: { 200: CityResponseSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, city: await cities.get(request.params.id) }),
  );
};
