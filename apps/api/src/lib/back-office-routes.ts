import multipart from '@fastify/multipart';
import { AdminIdParamSchema, AdminListQuerySchema } from '@nivaas/contracts/admin.schema';
import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import { MAX_PHOTO_BYTES } from '@nivaas/contracts/upload.schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { principalOf, requireAuth } from '../plugins/auth';
import type { AdminListQuery } from '@nivaas/contracts/admin.schema';
import type { Pagination } from '@nivaas/contracts/common.schema';
import { DomainError } from './domain-error';

/** A photo as a back-office service takes it (the listings' IncomingPhoto shape). */
export interface UploadedImage {
  fileName: string;
  bytes: Buffer;
  truncated: boolean;
}

export interface RecordRoutesOptions<Create extends z.ZodType, Patch extends z.ZodType, Item extends z.ZodType, List extends z.ZodType> {
  /** Under the plugin's prefix (/api/admin): '/banners'. */
  path: string;
  tag: string;
  /** 'banner', 'blog': the summaries' words. */
  noun: string;
  create: Create;
  patch: Patch;
  item: Item;
  list: List;
  service: {
    list(query: AdminListQuery): Promise<{ items: unknown[]; pagination: Pagination }>;
    read(id: number): Promise<{ item: unknown; message: string }>;
    create(staffId: number, body: z.infer<Create>): Promise<{ item: unknown; message: string }>;
    update(staffId: number, id: number, body: z.infer<Patch>): Promise<{ item: unknown; message: string }>;
  };
  /** The record's one picture: `POST <path>/{id}/<segment>` (multipart, one file). */
  image?: { segment: string; set(staffId: number, id: number, file: UploadedImage | undefined): Promise<{ item: unknown; message: string }> };
}

const denied = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const refused = { 400: ErrorResponseSchema, ...denied, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

/**
 * Issue 14 (part 2): the provider's list, get one, create, edit (and picture) routes of one record kind, the same for every
 * kind. Register inside a plugin whose prefix is /api/admin and whose every route is provider-only (the caller adds
 * requireAuth('provider') as onRequest, so a guest gets 401 before any body is read).
 */
export async function registerRecordRoutes<Create extends z.ZodType, Patch extends z.ZodType, Item extends z.ZodType, List extends z.ZodType>(
  app: FastifyInstance,
  options: RecordRoutesOptions<Create, Patch, Item, List>,
): Promise<void> {
  // The schemas below validate and serialise at run time (the app's zod compilers) whatever the instance's type
  // provider; over generic schemas the provider's inference gives up, so the parsed values are typed here by hand.
  const typed = app;
  const { path, tag, noun, service } = options;
  const tags = [tag];
  const idOf = (request: FastifyRequest) => (request.params as z.infer<typeof AdminIdParamSchema>).id;

  typed.get(
    path,
    {
      schema: {
        tags,
        summary: `Every ${noun} in any state (inactive, pending and rejected too), newest change first; q searches, status and approval filter`,
        querystring: AdminListQuerySchema,
        response: { 200: options.list, 400: ErrorResponseSchema, ...denied },
      },
    },
    async (request) => ({ success: true as const, ...(await service.list(request.query as AdminListQuery)) }),
  );

  typed.get(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary: `One ${noun} in any state, for the provider's editor; 404 for an unknown id`,
        params: AdminIdParamSchema,
        response: { 200: options.item, 400: ErrorResponseSchema, ...denied, 404: ErrorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await service.read(idOf(request))) }),
  );

  typed.post(
    path,
    {
      schema: {
        tags,
        summary: `Create a ${noun}: a draft (inactive, pending) unless status and approval say otherwise; audited`,
        body: options.create,
        response: { 201: options.item, ...refused },
      },
    },
    async (request, reply) => reply.code(201).send({ success: true as const, ...(await service.create(principalOf(request).id, request.body as z.infer<Create>)) }),
  );

  typed.patch(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary: `Edit a ${noun}: any of its fields, status, approval (rejecting needs a remark); audited, on the site at once`,
        params: AdminIdParamSchema,
        body: options.patch,
        response: { 200: options.item, ...refused },
      },
    },
    async (request) => ({ success: true as const, ...(await service.update(principalOf(request).id, idOf(request), request.body as z.infer<Patch>)) }),
  );

  const { image } = options;
  if (image) {
    typed.post(
      `${path}/:id/${image.segment}`,
      {
        config: { limits: 'photo-upload' },
        schema: {
          tags,
          summary: `The ${noun}'s ${image.segment} (multipart/form-data, one file, 10 MB; JPEG, PNG, WebP, HEIC or AVIF), re-encoded as the listings' photos are; 422 with the reason when refused`,
          params: AdminIdParamSchema,
          response: { 200: options.item, ...refused, 413: ErrorResponseSchema, 422: ErrorResponseSchema },
        },
      },
      async (request) => ({ success: true as const, ...(await image.set(principalOf(request).id, idOf(request), await uploadedImage(request))) }),
    );
  }
}

/** The one photo of a multipart request (undefined when it holds none), as the back-office services take it. */
export async function uploadedImage(request: FastifyRequest): Promise<UploadedImage | undefined> {
  if (!request.isMultipart()) throw new DomainError('VALIDATION', 'Send the photo as multipart/form-data', { field: 'image' });
  const part = await request.file();
  return part ? { fileName: part.filename || 'A file', bytes: await part.toBuffer(), truncated: part.file.truncated } : undefined;
}

/** The provider-only gate and the multipart parser (one photo a request) of a back-office plugin. */
export async function backOfficePlugin(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 } });
  app.addHook('onRequest', requireAuth('provider'));
}
