import multipart from '@fastify/multipart';
import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import {
  ListingIdParamSchema,
  ListingPhotoParamsSchema,
  ListingUploadResponseSchema,
  ListingUploadSchema,
  MAX_LISTING_PHOTOS,
  MAX_PHOTO_BYTES,
  OwnerListingResponseSchema,
  OwnerListingsQuerySchema,
  OwnerListingsResponseSchema,
  PhotoDeleteResponseSchema,
  PhotoUploadResponseSchema,
  PublishBodySchema,
  PublishResponseSchema,
} from '@nivaas/contracts/upload.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../lib/domain-error';
import { principalOf, requireAuth } from '../../plugins/auth';
import type { IncomingPhoto, ListingsService } from './listings.service';

const tags = ['listings'];
const denied = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const owned = { 400: ErrorResponseSchema, ...denied, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

/** More files than this in one request is not a photo upload: 413 for the whole request. */
const MAX_FILES_PER_REQUEST = MAX_LISTING_PHOTOS + 10;

export interface ListingsRoutesOptions {
  listings: ListingsService;
}

/**
 * Issue 5: a user's or an approved broker's own listings: upload, edit, photos, the display toggle and the owner's
 * list with the dashboard counters. `GET /api/project?brokerId=` (the spec's owner call) is answered by the projects
 * routes through ListingsService.brokerOwnView.
 */
export const listingsRoutes: FastifyPluginAsyncZod<ListingsRoutesOptions> = async (app, { listings }) => {
  // Encapsulated here: only the photo route takes multipart bodies.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_PHOTO_BYTES, files: MAX_FILES_PER_REQUEST, fields: 10, parts: MAX_FILES_PER_REQUEST + 10, fieldSize: 1024 },
  });
  // onRequest runs before the body is read or parsed, so a guest gets 401 whatever it sent (never 400, 413 or 415 first).
  const owners = requireAuth('user', 'broker');

  app.post(
    '/project/upload',
    {
      onRequest: owners,
      config: { limits: 'listing-upload' },
      schema: {
        tags,
        summary: 'Upload a listing (user, or approved broker): pending review and hidden until approved and switched live',
        body: ListingUploadSchema,
        response: { 201: ListingUploadResponseSchema, ...owned },
      },
    },
    async (request, reply) => reply.code(201).send({ success: true as const, ...(await listings.create(principalOf(request), request.body)) }),
  );

  app.put(
    '/project/upload/:id',
    {
      onRequest: owners,
      schema: {
        tags,
        summary: "Edit one's own listing (the whole listing). Any edit sends it back to pending review and off the site",
        params: ListingIdParamSchema,
        body: ListingUploadSchema,
        response: { 200: ListingUploadResponseSchema, ...owned },
      },
    },
    async (request) => ({ success: true as const, ...(await listings.update(principalOf(request), request.params.id, request.body)) }),
  );

  app.get(
    '/project/upload/:id',
    {
      onRequest: requireAuth('user', 'broker', 'provider'),
      schema: {
        tags,
        summary: 'One listing in any state with remarks and photo ids, for its owner (or the provider)',
        params: ListingIdParamSchema,
        response: { 200: OwnerListingResponseSchema, ...owned },
      },
    },
    async (request) => ({ success: true as const, project: await listings.get(principalOf(request), request.params.id) }),
  );

  app.get(
    '/project/mine',
    {
      onRequest: owners,
      schema: {
        tags,
        summary: "The caller's own listings in every state, newest change first, with the dashboard counters",
        querystring: OwnerListingsQuerySchema,
        response: { 200: OwnerListingsResponseSchema, ...owned },
      },
    },
    async (request) => {
      const owner = await listings.ownerOf(principalOf(request));
      return { success: true as const, ...(await listings.page(owner, request.query)) };
    },
  );

  app.patch(
    '/project/publish/:id',
    {
      onRequest: owners,
      schema: {
        tags,
        summary: 'spec §7: switch an approved listing live (active) or off (inactive); 409 for any other listing',
        params: ListingIdParamSchema,
        body: PublishBodySchema,
        response: { 200: PublishResponseSchema, ...owned },
      },
    },
    async (request) => ({ success: true as const, ...(await listings.publish(principalOf(request), request.params.id, request.body.status)) }),
  );

  app.post(
    '/project/upload/:id/photos',
    {
      onRequest: owners,
      config: { limits: 'photo-upload' },
      schema: {
        tags,
        summary: `Add photos (multipart/form-data, any field name; at most ${MAX_LISTING_PHOTOS} per listing, 10 MB each; JPEG, PNG, WebP, HEIC or AVIF). 200 when all were kept, 207 when some were refused, 422 (every reason in the message) when none was kept`,
        params: ListingIdParamSchema,
        response: { 200: PhotoUploadResponseSchema, 207: PhotoUploadResponseSchema, ...owned, 413: ErrorResponseSchema, 422: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new DomainError('VALIDATION', 'Send the photos as multipart/form-data', { field: 'photos' });
      async function* files(): AsyncGenerator<IncomingPhoto> {
        for await (const part of request.files()) {
          const bytes = await part.toBuffer();
          yield { fileName: part.filename || 'A file', bytes, truncated: part.file.truncated };
        }
      }
      const outcome = await listings.addPhotos(principalOf(request), request.params.id, files());
      request.log.info({ projectId: request.params.id, accepted: outcome.accepted.length, rejected: outcome.rejected.length }, 'listing photos uploaded');
      return reply.code(outcome.rejected.length > 0 ? 207 : 200).send({ success: true as const, ...outcome });
    },
  );

  app.delete(
    '/project/upload/:id/photos/:mediaId',
    {
      onRequest: owners,
      schema: {
        tags,
        summary: "Remove a photo from one's own listing (an edit: back to pending review)",
        params: ListingPhotoParamsSchema,
        response: { 200: PhotoDeleteResponseSchema, ...owned },
      },
    },
    async (request) => ({ success: true as const, ...(await listings.deletePhoto(principalOf(request), request.params.id, request.params.mediaId)) }),
  );
};
