import { AdminIdParamSchema } from '@nivaas/contracts/admin.schema';
import {
  AdminCityPageSchema,
  AdminCityResponseSchema,
  AdminLocationPageSchema,
  AdminLocationResponseSchema,
  AdminZonePageSchema,
  AdminZoneResponseSchema,
  CityCreateSchema,
  CityPatchSchema,
  LocationCreateSchema,
  LocationPatchSchema,
  PlaceListQuerySchema,
  ZoneCreateSchema,
  ZonePatchSchema,
} from '@nivaas/contracts/catalogue-admin.schema';
import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backOfficePlugin, uploadedImage } from '../../lib/back-office-routes';
import { principalOf } from '../../plugins/auth';
import type { PlacesAdminService } from './places.admin.service';

const tags = ['back office'];
const denied = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const listed = { 400: ErrorResponseSchema, ...denied };
const written = { 400: ErrorResponseSchema, ...denied, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

/** Issue 14: the provider's cities, zones and localities, under /api/admin. Provider staff only. */
export const placesAdminRoutes: FastifyPluginAsyncZod<{ placesAdmin: PlacesAdminService }> = async (app, { placesAdmin }) => {
  // The provider-only gate and the one-photo multipart parser the banner uploads need.
  await backOfficePlugin(app);
  const staff = (request: Parameters<typeof principalOf>[0]) => principalOf(request).id;
  const banner = <R extends typeof AdminCityResponseSchema | typeof AdminZoneResponseSchema | typeof AdminLocationResponseSchema>(noun: string, response: R) => ({
    config: { limits: 'photo-upload' as const },
    schema: {
      tags,
      summary: `The ${noun}'s banner (multipart/form-data, one file, 10 MB; JPEG, PNG, WebP, HEIC or AVIF), re-encoded as the listings' photos are; 422 with the reason when refused`,
      params: AdminIdParamSchema,
      response: { 200: response, ...written, 413: ErrorResponseSchema, 422: ErrorResponseSchema },
    },
  });
  app.post('/cities/:id/banner', banner('city', AdminCityResponseSchema), async (request) => ({ success: true as const, ...(await placesAdmin.setBanner('city', staff(request), request.params.id, await uploadedImage(request))) }));
  app.post('/zones/:id/banner', banner('zone', AdminZoneResponseSchema), async (request) => ({ success: true as const, ...(await placesAdmin.setBanner('zone', staff(request), request.params.id, await uploadedImage(request))) }));
  app.post('/locations/:id/banner', banner('locality', AdminLocationResponseSchema), async (request) => ({ success: true as const, ...(await placesAdmin.setBanner('location', staff(request), request.params.id, await uploadedImage(request))) }));

  app.get('/cities', { schema: { tags, summary: 'Cities in display order, narrowed by q', querystring: PlaceListQuerySchema, response: { 200: AdminCityPageSchema, ...listed } } }, async (request) => ({ success: true as const, ...(await placesAdmin.cities(request.query)) }));
  app.post('/cities', { schema: { tags, summary: 'Create a city; 409 for a slug in use', body: CityCreateSchema, response: { 201: AdminCityResponseSchema, ...written } } }, async (request, reply) =>
    reply.code(201).send({ success: true as const, ...(await placesAdmin.createCity(staff(request), request.body)) }),
  );
  app.patch('/cities/:id', { schema: { tags, summary: 'Edit a city', params: AdminIdParamSchema, body: CityPatchSchema, response: { 200: AdminCityResponseSchema, ...written } } }, async (request) => ({
    success: true as const,
    ...(await placesAdmin.updateCity(staff(request), request.params.id, request.body)),
  }));

  app.get('/zones', { schema: { tags, summary: 'Zones, narrowed by city and q', querystring: PlaceListQuerySchema, response: { 200: AdminZonePageSchema, ...listed } } }, async (request) => ({ success: true as const, ...(await placesAdmin.zones(request.query)) }));
  app.post('/zones', { schema: { tags, summary: 'Create a zone in a city; 409 for a slug the city already has', body: ZoneCreateSchema, response: { 201: AdminZoneResponseSchema, ...written } } }, async (request, reply) =>
    reply.code(201).send({ success: true as const, ...(await placesAdmin.createZone(staff(request), request.body)) }),
  );
  app.patch('/zones/:id', { schema: { tags, summary: 'Edit a zone', params: AdminIdParamSchema, body: ZonePatchSchema, response: { 200: AdminZoneResponseSchema, ...written } } }, async (request) => ({
    success: true as const,
    ...(await placesAdmin.updateZone(staff(request), request.params.id, request.body)),
  }));

  app.get('/locations', { schema: { tags, summary: 'Localities, narrowed by city, zone and q', querystring: PlaceListQuerySchema, response: { 200: AdminLocationPageSchema, ...listed } } }, async (request) => ({
    success: true as const,
    ...(await placesAdmin.locations(request.query)),
  }));
  app.post('/locations', { schema: { tags, summary: 'Create a locality in a city (and zone); 409 for a slug the city already has', body: LocationCreateSchema, response: { 201: AdminLocationResponseSchema, ...written } } }, async (request, reply) =>
    reply.code(201).send({ success: true as const, ...(await placesAdmin.createLocation(staff(request), request.body)) }),
  );
  app.patch('/locations/:id', { schema: { tags, summary: 'Edit a locality', params: AdminIdParamSchema, body: LocationPatchSchema, response: { 200: AdminLocationResponseSchema, ...written } } }, async (request) => ({
    success: true as const,
    ...(await placesAdmin.updateLocation(staff(request), request.params.id, request.body)),
  }));
};
