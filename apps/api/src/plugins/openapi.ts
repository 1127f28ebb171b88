import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

export interface OpenApiOptions {
  /**
   * Serve Swagger UI and the JSON document at /api/docs (config.apiDocs: off in production unless API_DOCS=true,
   * issue 10). The document is built either way: `app.swagger()` answers it in process (the fuzzer reads it).
   */
  ui: boolean;
}

/**
 * The OpenAPI document is generated from the same zod schemas that validate requests, so it cannot
 * drift from the code. Must be registered before the modules: @fastify/swagger collects routes as
 * they are added. Swagger UI's assets ship inside @fastify/swagger-ui and are served from here, so
 * the docs work offline and under our CSP (no CDN).
 */
const openApiPlugin: FastifyPluginAsync<OpenApiOptions> = async (app, { ui }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Nivaas API',
        description: 'Property marketplace for India. Prices are integer rupees.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  if (ui) await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
};

export default fp(openApiPlugin, { name: 'openapi' });
