import multipart from '@fastify/multipart';
import { AdminIdParamSchema, AdminListQuerySchema } from '@nivaas/contracts/admin.schema';
import {
  AdminPhotoParamsSchema,
  AdminProjectPageSchema,
  AdminProjectResponseSchema,
  PROJECT_PHOTO_ROLES,
  ProjectCreateSchema,
  ProjectPatchSchema,
  ProjectPhotoRoleSchema,
  type ProjectPhotoRole,
} from '@nivaas/contracts/catalogue-admin.schema';
import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import { MAX_LISTING_PHOTOS, MAX_PHOTO_BYTES, PhotoDeleteResponseSchema, PhotoUploadResponseSchema } from '@nivaas/contracts/upload.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../lib/domain-error';
import { principalOf, requireAuth } from '../../plugins/auth';
import type { IncomingPhoto } from './listings.service';
import type { ProjectsAdminService } from './projects.admin.service';

const tags = ['back office'];
const denied = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const written = { 400: ErrorResponseSchema, ...denied, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const MAX_FILES_PER_REQUEST = MAX_LISTING_PHOTOS + 10;

/** Issue 14: the provider's builder projects (with units and photos), under /api/admin. Provider staff only. */
export const projectsAdminRoutes: FastifyPluginAsyncZod<{ projectsAdmin: ProjectsAdminService }> = async (app, { projectsAdmin }) => {
  // Encapsulated here, as in the listings' routes: only the photo route takes multipart bodies.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_PHOTO_BYTES, files: MAX_FILES_PER_REQUEST, fields: 10, parts: MAX_FILES_PER_REQUEST + 10, fieldSize: 1024 },
  });
  app.addHook('onRequest', requireAuth('provider'));

  app.get(
    '/projects',
    { schema: { tags, summary: 'Builder projects in every state, newest change first, narrowed by q (name or id), status and approval', querystring: AdminListQuerySchema, response: { 200: AdminProjectPageSchema, 400: ErrorResponseSchema, ...denied } } },
    async (request) => ({ success: true as const, ...(await projectsAdmin.list(request.query)) }),
  );

  app.get(
    '/projects/:id',
    { schema: { tags, summary: 'One builder project in any state, with units and photo ids', params: AdminIdParamSchema, response: { 200: AdminProjectResponseSchema, 400: ErrorResponseSchema, ...denied, 404: ErrorResponseSchema } } },
    async (request) => ({ success: true as const, message: 'Project loaded.', item: await projectsAdmin.get(request.params.id) }),
  );

  app.post(
    '/projects',
    { schema: { tags, summary: 'Create a builder project with its units (a draft, inactive and pending, unless status/approval are given)', body: ProjectCreateSchema, response: { 201: AdminProjectResponseSchema, ...written } } },
    async (request, reply) => reply.code(201).send({ success: true as const, ...(await projectsAdmin.create(principalOf(request).id, request.body)) }),
  );

  app.patch(
    '/projects/:id',
    { schema: { tags, summary: 'Edit a builder project (units, when sent, replace all), publish it or reject it with a remark', params: AdminIdParamSchema, body: ProjectPatchSchema, response: { 200: AdminProjectResponseSchema, ...written } } },
    async (request) => ({ success: true as const, ...(await projectsAdmin.update(principalOf(request).id, request.params.id, request.body)) }),
  );

  app.post(
    '/projects/:id/photos',
    {
      config: { limits: 'photo-upload' },
      schema: {
        tags,
        summary: `Add photos to a project (multipart: an optional 'role' field first, ${PROJECT_PHOTO_ROLES.join(' | ')}, default gallery; then the files). The owners' pipeline: JPEG, PNG, WebP, HEIC or AVIF, 10 MB each, at most ${MAX_LISTING_PHOTOS}. 200 all kept, 207 some refused, 422 none kept`,
        params: AdminIdParamSchema,
        response: { 200: PhotoUploadResponseSchema, 207: PhotoUploadResponseSchema, ...written, 413: ErrorResponseSchema, 422: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new DomainError('VALIDATION', 'Send the photos as multipart/form-data', { field: 'photos' });
      let role: ProjectPhotoRole = 'gallery';
      const files: IncomingPhoto[] = [];
      // The role must come before the files (the console sends it first); read all parts, then process.
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname !== 'role') throw new DomainError('VALIDATION', `'${part.fieldname}' is not a field this upload accepts`, { field: part.fieldname });
          const parsed = ProjectPhotoRoleSchema.safeParse(part.value);
          if (!parsed.success) throw new DomainError('VALIDATION', `Role must be one of ${PROJECT_PHOTO_ROLES.join(', ')}`, { field: 'role' });
          role = parsed.data;
          continue;
        }
        files.push({ fileName: part.filename || 'A file', bytes: await part.toBuffer(), truncated: part.file.truncated });
      }
      async function* incoming(): AsyncGenerator<IncomingPhoto> {
        yield* files;
      }
      const outcome = await projectsAdmin.addPhotos(principalOf(request).id, request.params.id, role, incoming());
      return reply.code(outcome.rejected.length > 0 ? 207 : 200).send({ success: true as const, ...outcome });
    },
  );

  app.delete(
    '/projects/:id/photos/:mediaId',
    { schema: { tags, summary: 'Remove a photo from a project (its audit row keeps which)', params: AdminPhotoParamsSchema, response: { 200: PhotoDeleteResponseSchema, ...written } } },
    async (request) => {
      const { removed: _removed, ...outcome } = await projectsAdmin.deletePhoto(principalOf(request).id, request.params.id, request.params.mediaId);
      return { success: true as const, ...outcome };
    },
  );
};
