import type { Database } from '@nivaas/db';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { trustFunction } from './lib/client-address';
import { REQUEST_ID_HEADER, requestIdFor } from './lib/request-id';
import { authRoutes } from './modules/auth/auth.routes';
import { devOutboxRoutes } from './modules/auth/dev-outbox.routes';
import { createSessionRevocations } from './modules/auth/session-revocations';
import { createSessionsRepository } from './modules/auth/sessions.repository';
import { accessTokenKey } from './modules/auth/tokens';
import { createLogger } from './logger';
import { bannersRoutes } from './modules/banners/banners.routes';
import { citiesRoutes } from './modules/cities/cities.routes';
import { healthRoutes } from './modules/health/health.routes';
import { projectsRoutes } from './modules/projects/projects.routes';
import { buildersRoutes } from './modules/builders/builders.routes';
import { searchRoutes } from './modules/search/search.routes';
import { blogsRoutes } from './modules/blogs/blogs.routes';
import { brokersRoutes } from './modules/brokers/brokers.routes';
import { constructionRoutes } from './modules/construction/construction.routes';
import { faqsRoutes } from './modules/faqs/faqs.routes';
import { leadsRoutes } from './modules/leads/leads.routes';
import { ownerLeadsRoutes } from './modules/leads/owner-leads.routes';
import { createLifecycle } from './modules/listings/lifecycle';
import { listingsRoutes } from './modules/listings/listings.routes';
import { moderationRoutes } from './modules/moderation/moderation.routes';
import { placesRoutes } from './modules/places/places.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { favouritesRoutes } from './modules/favourites/favourites.routes';
import { ratingsRoutes } from './modules/reviews/ratings.routes';
import { savedSearchesRoutes } from './modules/saved-searches/saved-searches.routes';
import { usersRoutes } from './modules/users/users.routes';
import auth from './plugins/auth';
import compression from './plugins/compression';
import errors from './plugins/errors';
import media from './plugins/media';
import openApi from './plugins/openapi';
import publicCache from './plugins/public-cache';
import rateLimit from './plugins/rate-limit';
import remotes from './plugins/remotes';
import securityHeaders from './plugins/security-headers';
import web from './plugins/web';

export interface AppDeps {
  config: Config;
  /** Opened and closed by the caller (server.ts or a test): the app only borrows it. */
  database: Database;
  /** Defaults to a pino logger built from `config`. */
  logger?: FastifyBaseLogger;
  /** The app's clock (token expiry, passcode expiry, rate windows); tests pass one they can move. */
  clock?: () => Date;
}

const API_PREFIX = '/api';

/**
 * Builds the whole application and never listens, so tests drive it with `app.inject()`.
 * Plugins first (errors and headers must see every route), then the API modules, then the web app,
 * whose catch-all route is the fallback for everything else.
 */
export async function buildApp({ config, database, logger, clock = () => new Date() }: AppDeps) {
  const app = Fastify({
    loggerInstance: logger ?? createLogger(config),
    genReqId: requestIdFor,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    // request.ip is the client behind TRUST_PROXY's proxies, for the rate limits and the passcode limits alike.
    trustProxy: trustFunction(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  await app.register(errors);
  // Uploaded photos in a bucket are served from its public address, which the CSP must allow.
  await app.register(securityHeaders, {
    imageOrigins: config.mediaStore.kind === 's3' ? [new URL(config.mediaStore.publicUrl).origin] : [],
    hsts: config.nodeEnv === 'production',
  });
  // Before the modules (and the public cache), so every route sees `request.principal`.
  const revocations = createSessionRevocations({ repository: createSessionsRepository(database.db), clock, redisUrl: config.redisUrl, log: app.log });
  await app.register(auth, { key: accessTokenKey(config), clock, revocations });
  // After auth (per-account limits read the principal), before the modules whose routes declare `config.limits`.
  await app.register(rateLimit, { limits: config.rateLimits, redisUrl: config.redisUrl });
  // Before compression, so it keeps (and replays) the plain JSON and compression still applies per client.
  await app.register(publicCache, { database, maxBytes: config.publicCacheBytes });
  await app.register(compression);
  await app.register(openApi, { ui: config.apiDocs });
  await app.register(media, { mediaDir: config.mediaDir });

  const modules = { prefix: API_PREFIX, database };
  await app.register(healthRoutes, modules);
  await app.register(authRoutes, { ...modules, config, clock });
  // Development and tests only: passcodes and reset links in clear text must never be served in production.
  if (config.nodeEnv !== 'production') await app.register(devOutboxRoutes, modules);
  await app.register(citiesRoutes, modules);
  await app.register(bannersRoutes, modules);
  // Issue 5: uploads, moderation and owners' leads share one set of services (listing lifecycle).
  const lifecycle = createLifecycle({ config, database, clock, log: app.log });
  await app.register(projectsRoutes, { ...modules, ownView: lifecycle.listings.brokerOwnView });
  await app.register(listingsRoutes, { prefix: API_PREFIX, listings: lifecycle.listings });
  await app.register(moderationRoutes, { prefix: `${API_PREFIX}/admin`, moderation: lifecycle.moderation });
  await app.register(ownerLeadsRoutes, { prefix: API_PREFIX, ownerLeads: lifecycle.ownerLeads });
  await app.register(searchRoutes, modules);
  await app.register(buildersRoutes, modules);
  await app.register(reviewsRoutes, modules);
  await app.register(placesRoutes, modules);
  await app.register(blogsRoutes, modules);
  await app.register(faqsRoutes, modules);
  await app.register(brokersRoutes, modules);
  await app.register(constructionRoutes, modules);
  await app.register(leadsRoutes, modules);
  await app.register(favouritesRoutes, modules);
  await app.register(savedSearchesRoutes, { ...modules, config });
  await app.register(ratingsRoutes, modules);
  await app.register(usersRoutes, { ...modules, config, clock });

  await app.register(remotes, { remotes: { dashboard: config.dashboardDistDir } });
  await app.register(web, { distDir: config.webDistDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
