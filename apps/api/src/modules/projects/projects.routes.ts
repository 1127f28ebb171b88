import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import { ProjectListResponseSchema, RandomProjectsQuerySchema } from '@nivaas/contracts/project.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../module-options';
import { createProjectsRepository } from './projects.repository';
import { createProjectsService } from './projects.service';

export const projectsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { database }) => {
  const projects = createProjectsService(createProjectsRepository(database.db));

  app.get(
    '/project/random',
    {
      schema: {
        tags: ['projects'],
        summary: 'Live, approved projects in a shuffled order that is stable across pages (reshuffled daily)',
        querystring: RandomProjectsQuerySchema,
        response: { 200: ProjectListResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, projects: await projects.random(request.query) }),
  );
};
