import { ErrorResponseSchema, IdParamSchema } from '@nivaas/contracts/common.schema';
import { LocationListQuerySchema, LocationListResponseSchema, LocationResponseSchema, ZoneResponseSchema } from '@nivaas/contracts/place.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PlacesService } from './places.service';

export interface PlacesRoutesOptions {
  places: PlacesService;
}

/** spec §7: GET /location (page, limit), GET /location/{id}, GET /zone/{id}. Their reviews: the reviews module. */
export const placesRoutes: FastifyPluginAsyncZod<PlacesRoutesOptions> = async (app, { places }) => {
  app.get(
    '/location',
    {
      config: { publicCache: true },
      schema: {
        tags: ['places'],
        summary: 'Locations (localities) with public project and listing counts, busiest first; optionally of one city or zone',
        querystring: LocationListQuerySchema,
        response: { 200: LocationListResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await places.listLocations(request.query)) }),
  );

  app.get(
    '/location/:id',
    {
      config: { publicCache: true },
      schema: {
        tags: ['places'],
        summary: 'One location with its city and zone, public counts, price range and rating summary',
        params: IdParamSchema,
        response: { 200: LocationResponseSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, location: await places.getLocation(request.params.id) }),
  );

  app.get(
    '/zone/:id',
    {
      config: { publicCache: true },
      schema: {
        tags: ['places'],
        summary: 'One zone with its city, localities, public counts, price range and rating summary',
        params: IdParamSchema,
        response: { 200: ZoneResponseSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, zone: await places.getZone(request.params.id) }),
  );
};
