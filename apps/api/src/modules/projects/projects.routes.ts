import type { Principal } from '@nivaas/contracts/auth.schema';
import { ErrorResponseSchema, IdParamSchema, type Pagination } from '@nivaas/contracts/common.schema';
import { z } from 'zod';
import {
  ListingsQuerySchema,
  type Project,
  type ProjectListQuery,
  ProjectListQuerySchema,
  ProjectListResponseSchema,
  ProjectPageResponseSchema,
  ProjectResponseSchema,
  RandomProjectsQuerySchema,
  SimilarProjectsQuerySchema,
} from '@nivaas/contracts/project.schema';
import { type OwnerCounters, OwnerListingsResponseSchema } from '@nivaas/contracts/upload.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DYNAMIC_JSON_COMPRESSION } from '../../plugins/compression';
import { catalogueSerializer } from './catalogue-serializer';
import type { ProjectsService } from './projects.service';

const tags = ['projects'];
const errors = { 400: ErrorResponseSchema };
const errorsOrNotFound = { 400: ErrorResponseSchema, 404: ErrorResponseSchema };

/**
 * spec §7 public project calls. Every one shows only live, approved projects (spec §9); a hidden one
 * is answered exactly like one that does not exist.
 */
export interface ProjectsRoutesOptions {
  projects: ProjectsService;
  /**
   * A broker's own view of GET /project?brokerId= (every state, with counters), or null when the caller is not that
   * broker; the listings service answers it (the composition root passes it in). Absent, the route is public only.
   */
  ownView?: (
    principal: Principal | null,
    query: ProjectListQuery,
  ) => Promise<{ projects: Project[]; pagination: Pagination; counters: OwnerCounters } | null>;
  /**
   * Whether the results page's and a project's 200 answers are checked against their schemas (catalogue-serializer.ts):
   * on by default; the composition root turns it off in production.
   */
  checkResponses?: boolean;
}

export const projectsRoutes: FastifyPluginAsyncZod<ProjectsRoutesOptions> = async (app, { projects, ownView, checkResponses = true }) => {
  // The owner's view carries counters; it stays on zod's serializer whatever the mode.
  const listSerializer = catalogueSerializer({ check: checkResponses, alwaysZod: (data) => typeof data === 'object' && data !== null && 'counters' in data });
  const detailSerializer = catalogueSerializer({ check: checkResponses });
  app.get(
    '/project',
    {
      config: { publicCache: true, compress: DYNAMIC_JSON_COMPRESSION },
      serializerCompiler: listSerializer,
      schema: {
        tags,
        summary:
          "Public projects and listings by place or owner, with budget, BHK, type, transaction and possession filters, sorted by price. With a broker's own token, brokerId=<self> and no status/approval filter: that broker's listings in every state, newest change first, with the dashboard counters",
        querystring: ProjectListQuerySchema,
        // The owner's shape first: a public page has no counters, so it is serialised by the second.
        response: { 200: z.union([OwnerListingsResponseSchema, ProjectPageResponseSchema]), ...errors },
      },
    },
    async (request) => {
      // The public cache never answers a request with a bearer token, so the owner's view is never kept or replayed.
      const own = ownView ? await ownView(request.principal, request.query) : null;
      if (own) return { success: true as const, ...own };
      return { success: true as const, ...(await projects.list(request.query)) };
    },
  );

  app.get(
    '/project/random',
    {
      config: { publicCache: true },
      schema: {
        tags,
        summary: 'Live, approved projects in a shuffled order that is stable across pages (reshuffled daily)',
        querystring: RandomProjectsQuerySchema,
        response: { 200: ProjectListResponseSchema, ...errors },
      },
    },
    async (request) => ({ success: true as const, projects: await projects.random(request.query) }),
  );

  app.get(
    '/project/listings',
    {
      config: { publicCache: true },
      schema: {
        tags,
        summary: 'Public listings uploaded by brokers (default) or by users, newest first',
        querystring: ListingsQuerySchema,
        response: { 200: ProjectPageResponseSchema, ...errors },
      },
    },
    async (request) => ({ success: true as const, ...(await projects.listings(request.query)) }),
  );

  app.get(
    '/project/:id',
    {
      config: { publicCache: true, compress: DYNAMIC_JSON_COMPRESSION },
      serializerCompiler: detailSerializer,
      schema: {
        tags,
        summary: 'One public project with its builder, places, units, media, amenities and RERA number',
        params: IdParamSchema,
        response: { 200: ProjectResponseSchema, ...errorsOrNotFound },
      },
    },
    async (request) => ({ success: true as const, project: await projects.get(request.params.id) }),
  );

  app.get(
    '/project/:id/similar',
    {
      config: { publicCache: true },
      schema: {
        tags,
        summary: 'Public projects in the same city and of the same type, priced nearest to this one (8 at most)',
        params: IdParamSchema,
        querystring: SimilarProjectsQuerySchema,
        response: { 200: ProjectListResponseSchema, ...errorsOrNotFound },
      },
    },
    async (request) => ({ success: true as const, projects: await projects.similar(request.params.id, request.query.limit) }),
  );
};
