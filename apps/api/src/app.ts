import type { Database } from '@nivaas/db';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Config, configWarnings } from './config';
import { trustFunction } from './lib/client-address';
import { REQUEST_ID_HEADER, requestIdFor } from './lib/request-id';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { devOutboxRoutes } from './modules/auth/dev-outbox.routes';
import { createLogger } from './logger';
import { createModules, type Modules } from './modules';
import { bannersAdminRoutes } from './modules/banners/banners.admin.routes';
import { bannersRoutes } from './modules/banners/banners.routes';
import { citiesRoutes } from './modules/cities/cities.routes';
import { healthRoutes } from './modules/health/health.routes';
import { projectsRoutes } from './modules/projects/projects.routes';
import { buildersAdminRoutes } from './modules/builders/builders.admin.routes';
import { buildersRoutes } from './modules/builders/builders.routes';
import { searchRoutes } from './modules/search/search.routes';
import { blogsAdminRoutes } from './modules/blogs/blogs.admin.routes';
import { blogsRoutes } from './modules/blogs/blogs.routes';
import { brokersAdminRoutes } from './modules/brokers/brokers.admin.routes';
import { brokersRoutes } from './modules/brokers/brokers.routes';
import { constructionAdminRoutes } from './modules/construction/construction.admin.routes';
import { constructionRoutes } from './modules/construction/construction.routes';
import { faqsAdminRoutes } from './modules/faqs/faqs.admin.routes';
import { faqsRoutes } from './modules/faqs/faqs.routes';
import { leadsRoutes } from './modules/leads/leads.routes';
import { ownerLeadsRoutes } from './modules/leads/owner-leads.routes';
import { listingsRoutes } from './modules/listings/listings.routes';
import { projectImportRoutes } from './modules/listings/projects.import.routes';
import { projectsAdminRoutes } from './modules/listings/projects.admin.routes';
import { moderationRoutes } from './modules/moderation/moderation.routes';
import { placesAdminRoutes } from './modules/places/places.admin.routes';
import { placesRoutes } from './modules/places/places.routes';
import { reviewsAdminRoutes } from './modules/reviews/reviews.admin.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { favouritesRoutes } from './modules/favourites/favourites.routes';
import { ratingsRoutes } from './modules/reviews/ratings.routes';
import { savedSearchesRoutes } from './modules/saved-searches/saved-searches.routes';
import { trackingRoutes } from './modules/tracking/tracking.routes';
import { usersAdminRoutes } from './modules/users/users.admin.routes';
import { usersRoutes } from './modules/users/users.routes';
import auth from './plugins/auth';
import compression from './plugins/compression';
import errors from './plugins/errors';
import media from './plugins/media';
import metricsPlugin, { createMetrics, isScrape, type Metrics } from './plugins/metrics';
import openApi from './plugins/openapi';
import publicCache from './plugins/public-cache';
import rateLimit from './plugins/rate-limit';
import remotes from './plugins/remotes';
import securityHeaders from './plugins/security-headers';
import web from './plugins/web';
import { pagesRoutes } from './modules/pages/pages.routes';

export interface AppDeps {
  config: Config;
  /** Opened and closed by the caller (server.ts or a test): the app only borrows it. */
  database: Database;
  /** Defaults to a pino logger built from `config`. */
  logger?: FastifyBaseLogger;
  /** The app's clock (token expiry, passcode expiry, rate windows); tests pass one they can move. */
  clock?: () => Date;
  /**
   * The services (modules.ts); built here from the other deps when absent. The app closes what it is given: the
   * revocation set with the auth plugin, the senders' queue with its own close.
   */
  modules?: Modules;
  /** The app's metrics registry (plugins/metrics.ts); a fresh one when absent, so apps never share counters. */
  metrics?: Metrics;
}

const API_PREFIX = '/api';

/**
 * Builds the whole application and never listens, so tests drive it with `app.inject()`.
 * Plugins first (errors and headers must see every route), then the API modules, then the web app,
 * whose catch-all route is the fallback for everything else.
 */
export async function buildApp({ config, database, logger, clock = () => new Date(), modules: given, metrics = createMetrics() }: AppDeps) {
  const app = Fastify({
    loggerInstance: logger ?? createLogger(config),
    genReqId: requestIdFor,
    logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: isScrape }),
    // request.ip is the client behind TRUST_PROXY's proxies, for the rate limits and the passcode limits alike.
    trustProxy: trustFunction(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  for (const warning of configWarnings(config)) app.log.warn(warning);
  const modules = given ?? createModules({ config, database, clock, log: app.log });
  // A message dispatched just before shutdown is still handed over.
  app.addHook('onClose', () => modules.settled());
  // The tracking rollup job (started by server.ts) finishes its batch before the caller closes the database.
  app.addHook('onClose', () => modules.trackingRollups.stop());
  // Acknowledged events still in the embedded database's journal are written to it while it is open (decision 034).
  app.addHook('onClose', () => modules.tracking.close());

  await app.register(errors);
  // Before auth, rate limits and the public cache: a scrape is answered ahead of all of them (decision 027).
  await app.register(metricsPlugin, { metrics, access: config.metrics, trustProxy: config.trustProxy });
  const stopDatabaseMetrics = metrics.observeDatabase(database);
  app.addHook('onClose', async () => stopDatabaseMetrics());
  // Uploaded photos in a bucket are served from its public address, which the CSP must allow.
  await app.register(securityHeaders, {
    imageOrigins: config.mediaStore.kind === 's3' ? [new URL(config.mediaStore.publicUrl).origin] : [],
    hsts: config.nodeEnv === 'production',
  });
  // Before the modules (and the public cache), so every route sees `request.principal`.
  await app.register(auth, { key: modules.key, clock, revocations: modules.revocations });
  // After auth (per-account limits read the principal), before the modules whose routes declare `config.limits`.
  await app.register(rateLimit, { limits: config.rateLimits, redisUrl: config.redisUrl, metrics });
  // Before compression, so it keeps (and replays) the plain JSON and compression still applies per client.
  await app.register(publicCache, { database, maxBytes: config.publicCacheBytes });
  // Issue 14: the names of places and what search words name, which the projects service keeps, are forgotten on the
  // same notices, so a locality the provider adds or renames reaches search at once.
  const stopProjectNotices = await modules.catalogueChanges.subscribe(modules.projects.catalogueNotices);
  app.addHook('onClose', async () => {
    // The caller may close the database first (it owns it); a closed database has no listener left to stop.
    await stopProjectNotices().catch(() => undefined);
  });
  await app.register(compression);
  await app.register(openApi, { ui: config.apiDocs });
  await app.register(media, { mediaDir: config.mediaDir });

  const prefix = API_PREFIX;
  await app.register(healthRoutes, { prefix, health: modules.health });
  await app.register(authRoutes, { prefix, auth: modules.auth, config });
  // Development and tests only: passcodes and reset links in clear text must never be served in production.
  if (config.nodeEnv !== 'production') await app.register(devOutboxRoutes, { prefix, devOutbox: modules.devOutbox });
  await app.register(citiesRoutes, { prefix, cities: modules.cities });
  await app.register(bannersRoutes, { prefix, banners: modules.banners });
  // Decision 040: the hot catalogue answers are checked against their schemas in tests and development, not in production.
  const checkResponses = config.nodeEnv !== 'production';
  await app.register(projectsRoutes, { prefix, projects: modules.projects, ownView: modules.listings.brokerOwnView, checkResponses });
  await app.register(listingsRoutes, { prefix, listings: modules.listings });
  await app.register(moderationRoutes, { prefix: `${API_PREFIX}/admin`, moderation: modules.moderation });
  await app.register(bannersAdminRoutes, { prefix: `${API_PREFIX}/admin`, banners: modules.banners });
  await app.register(blogsAdminRoutes, { prefix: `${API_PREFIX}/admin`, blogs: modules.blogs });
  await app.register(faqsAdminRoutes, { prefix: `${API_PREFIX}/admin`, faqs: modules.faqs });
  await app.register(constructionAdminRoutes, { prefix: `${API_PREFIX}/admin`, construction: modules.construction });
  await app.register(buildersAdminRoutes, { prefix: `${API_PREFIX}/admin`, buildersAdmin: modules.buildersAdmin });
  await app.register(projectsAdminRoutes, { prefix: `${API_PREFIX}/admin`, projectsAdmin: modules.projectsAdmin });
  await app.register(placesAdminRoutes, { prefix: `${API_PREFIX}/admin`, placesAdmin: modules.placesAdmin });
  await app.register(reviewsAdminRoutes, { prefix: `${API_PREFIX}/admin`, reviewModeration: modules.reviewModeration });
  await app.register(brokersAdminRoutes, { prefix: `${API_PREFIX}/admin`, brokerStanding: modules.brokerStanding });
  await app.register(usersAdminRoutes, { prefix: `${API_PREFIX}/admin`, userStanding: modules.userStanding });
  await app.register(projectImportRoutes, { prefix: `${API_PREFIX}/admin`, projectImport: modules.projectImport });
  await app.register(ownerLeadsRoutes, { prefix, ownerLeads: modules.ownerLeads });
  await app.register(searchRoutes, { prefix, search: modules.search, checkResponses });
  await app.register(buildersRoutes, { prefix, builders: modules.builders });
  await app.register(reviewsRoutes, { prefix, reviews: modules.reviews });
  await app.register(placesRoutes, { prefix, places: modules.places });
  await app.register(blogsRoutes, { prefix, blogs: modules.blogs });
  await app.register(faqsRoutes, { prefix, faqs: modules.faqs });
  await app.register(brokersRoutes, { prefix, brokers: modules.brokers });
  await app.register(constructionRoutes, { prefix, construction: modules.construction });
  await app.register(leadsRoutes, { prefix, leads: modules.leads });
  await app.register(favouritesRoutes, { prefix, favourites: modules.favourites });
  await app.register(savedSearchesRoutes, { prefix, savedSearches: modules.savedSearches });
  await app.register(ratingsRoutes, { prefix, ratings: modules.ratings });
  await app.register(usersRoutes, { prefix, users: modules.users });
  await app.register(trackingRoutes, { prefix, tracking: modules.tracking, metrics });
  await app.register(analyticsRoutes, { prefix, analytics: modules.analytics });

  await app.register(remotes, { remotes: { dashboard: config.dashboardDistDir, insights: config.insightsDistDir } });
  await app.register(pagesRoutes, { pages: modules.pages });
  await app.register(web, { distDir: config.webDistDir, resolvePage: (pathname, search) => modules.pages.resolve(pathname, search) });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
