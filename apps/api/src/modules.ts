import path from 'node:path';
import type { Database } from '@nivaas/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { createSessionRevocations } from './lib/auth/session-revocations';
import { accessTokenKey } from './lib/auth/tokens';
import { createCatalogueChanges } from './lib/catalogue-changes';
import { recordAudit } from './lib/audit-trail';
import { createMediaStore } from './lib/media/create-media-store';
import type { MediaStore } from './lib/media/media-store';
import { createAnalyticsRepository } from './modules/analytics/analytics.repository';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { createAccountsRepository } from './modules/auth/accounts.repository';
import { createAuthService } from './modules/auth/auth.service';
import { createContactPasscodes } from './modules/auth/contact-passcodes';
import { createDevOutboxRepository } from './modules/auth/dev-outbox.repository';
import { createDevOutboxService } from './modules/auth/dev-outbox.service';
import { createOtpRepository } from './modules/auth/otp.repository';
import { createOtpService } from './modules/auth/otp.service';
import { decoyPasswordHash, derivePasscodeKey } from './modules/auth/secrets';
import { createBackgroundDeliveries, deliveriesSettled } from './modules/auth/senders/background-delivery';
import { createMessageSender } from './modules/auth/senders/create-message-sender';
import { createSessionsRepository } from './modules/auth/sessions.repository';
import { createSessionsService } from './modules/auth/sessions.service';
import { createBannersRepository } from './modules/banners/banners.repository';
import { createBannersService } from './modules/banners/banners.service';
import { createBlogsRepository } from './modules/blogs/blogs.repository';
import { createBlogsService } from './modules/blogs/blogs.service';
import { createBrokersRepository } from './modules/brokers/brokers.repository';
import { createBrokerStandingRepository } from './modules/brokers/broker-standing.repository';
import { createBrokerStandingService } from './modules/brokers/broker-standing.service';
import { createBrokersService } from './modules/brokers/brokers.service';
import { createBuildersAdminRepository } from './modules/builders/builders.admin.repository';
import { createBuildersAdminService } from './modules/builders/builders.admin.service';
import { createBuildersRepository } from './modules/builders/builders.repository';
import { createBuildersService } from './modules/builders/builders.service';
import { createCitiesRepository } from './modules/cities/cities.repository';
import { createCitiesService } from './modules/cities/cities.service';
import { createConstructionRepository } from './modules/construction/construction.repository';
import { createConstructionService } from './modules/construction/construction.service';
import { createFaqsRepository } from './modules/faqs/faqs.repository';
import { createFaqsService } from './modules/faqs/faqs.service';
import { createFavouritesRepository } from './modules/favourites/favourites.repository';
import { createFavouritesService } from './modules/favourites/favourites.service';
import { createHealthService } from './modules/health/health.service';
import { createLeadsRepository } from './modules/leads/leads.repository';
import { createLeadsService } from './modules/leads/leads.service';
import { createOwnerLeadsRepository } from './modules/leads/owner-leads.repository';
import { createOwnerLeadsService } from './modules/leads/owner-leads.service';
import { createListingsRepository } from './modules/listings/listings.repository';
import { createListingsService } from './modules/listings/listings.service';
import { sweepOrphanPhotos } from './modules/listings/photo-sweep';
import { createRecordImagesService } from './modules/listings/record-images.service';
import { createProjectsAdminRepository } from './modules/listings/projects.admin.repository';
import { createProjectsAdminService } from './modules/listings/projects.admin.service';
import { createModerationRepository } from './modules/moderation/moderation.repository';
import { createModerationService } from './modules/moderation/moderation.service';
import { createPlacesAdminRepository } from './modules/places/places.admin.repository';
import { createPlacesAdminService } from './modules/places/places.admin.service';
import { createPlacesRepository } from './modules/places/places.repository';
import { createPlacesService } from './modules/places/places.service';
import { createSitemapRepository } from './modules/pages/sitemap.repository';
import { createPagesService } from './modules/pages/pages.service';
import { createProjectsRepository } from './modules/projects/projects.repository';
import { createProjectsService } from './modules/projects/projects.service';
import { createRatingsRepository } from './modules/reviews/ratings.repository';
import { createRatingsService } from './modules/reviews/ratings.service';
import { createProjectImportRepository } from './modules/listings/projects.import.repository';
import { createProjectImportService } from './modules/listings/projects.import.service';
import { createReviewModerationRepository } from './modules/reviews/review-moderation.repository';
import { createReviewModerationService } from './modules/reviews/review-moderation.service';
import { createReviewsRepository } from './modules/reviews/reviews.repository';
import { createReviewsService } from './modules/reviews/reviews.service';
import { noticeOrigin } from './modules/saved-searches/saved-searches.notifier';
import { createSavedSearchesRepository } from './modules/saved-searches/saved-searches.repository';
import { createSavedSearchesService } from './modules/saved-searches/saved-searches.service';
import { createSearchService } from './modules/search/search.service';
import { createTrackingRepository } from './modules/tracking/tracking.repository';
import { behindRequests } from './modules/tracking/background-gate';
import { createEventJournal } from './modules/tracking/tracking-journal';
import { createTrackingRollupsRepository } from './modules/tracking/tracking-rollups.repository';
import { createTrackingRollupsService, EMBEDDED_FOLD_PACING, EMBEDDED_WINDOWS_PACING } from './modules/tracking/tracking-rollups.service';
import { createTrackingService } from './modules/tracking/tracking.service';
import { loadIpCityTable } from './modules/tracking/visitor-facts';
import { createUserStandingRepository } from './modules/users/user-standing.repository';
import { createUserStandingService } from './modules/users/user-standing.service';
import { createUsersRepository } from './modules/users/users.repository';
import { createUsersService } from './modules/users/users.service';

export interface ModulesDeps {
  config: Config;
  /** Opened and closed by the caller: the modules only borrow it. */
  database: Database;
  /** The app's clock (token expiry, passcode expiry, moderation times); tests pass one they can move. */
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Tests may pass their own store; the configured one otherwise. */
  mediaStore?: MediaStore;
  /**
   * Answer search and the results page from the in-process catalogue index (decisions 031, 038). Tests on PostgreSQL
   * turn it off: there a write's change notice arrives a moment after its commit, which a test reading its own write
   * at once would race (the index's comparison tests cover it on both databases).
   */
  catalogueIndex?: boolean;
}

/**
 * The composition root: every repository and service of the API, each built once, so each kind of data has one
 * cache (the projects service's counts and names are shared by the catalogue routes, favourites, builders, search,
 * saved-search notices and the chat). What it returns is each module's service, its only public face: the route
 * plugins, the chat gateway and the background work receive these, never the database handle.
 *
 * Services keep the defaults they had when each route plugin built its own (leads, brokers and projects read the
 * real time; sign-in, sessions, listings and moderation the app's clock), so wiring them here changes no behaviour.
 */
export function createModules({ config, database, clock, log, mediaStore = createMediaStore(config), catalogueIndex = true }: ModulesDeps) {
  const { db } = database;

  // Identity -------------------------------------------------------------------------------------------------------
  const key = accessTokenKey(config);
  const sessionsRepository = createSessionsRepository(db);
  const revocations = createSessionRevocations({ repository: sessionsRepository, clock, redisUrl: config.redisUrl, log });
  const sender = createMessageSender(config, db, { log });
  const deliveries = createBackgroundDeliveries(sender, { db, log });
  const otp = createOtpService({ repository: createOtpRepository(db), passcodeKey: derivePasscodeKey(key), clock, sendsPerIpPerHour: config.otpSendsPerIpPerHour });
  const sessions = createSessionsService({ repository: sessionsRepository, revocations, clock });
  const auth = createAuthService({
    accounts: createAccountsRepository(db),
    otp,
    sessions,
    deliveries,
    key,
    clock,
  });
  // Made now rather than on the first unknown e-mail, whose login would otherwise take two hashes' time.
  decoyPasswordHash().catch((error: unknown) => log.error({ err: error }, 'could not prepare the decoy password hash'));
  const users = createUsersService({ repository: createUsersRepository(db), contactPasscodes: createContactPasscodes({ otp, deliveries }) });
  // Issue 14: the provider blocks a user (their sign-ins end at once).
  const userStanding = createUserStandingService({ repository: createUserStandingRepository(db, recordAudit), endSessions: (principal) => sessions.endAll(principal), clock });
  const devOutbox = createDevOutboxService(createDevOutboxRepository(db), () => deliveriesSettled(db));

  // The public catalogue ---------------------------------------------------------------------------------------------
  const projects = createProjectsService(createProjectsRepository(db), { catalogueIndex });
  const reviews = createReviewsService(createReviewsRepository(db));
  const places = createPlacesService(createPlacesRepository(db), reviews);
  const cities = createCitiesService(createCitiesRepository(db));
  const builders = createBuildersService(createBuildersRepository(db), projects);
  const search = createSearchService(projects);
  const brokers = createBrokersService(createBrokersRepository(db));
  // Issue 14: the provider's hold on brokers (their listings leave the site while suspended; they are told by e-mail).
  const brokerStanding = createBrokerStandingService({ repository: createBrokerStandingRepository(db, recordAudit), dispatch: (message) => deliveries.dispatch(message), clock });
  // Issue 14: the provider's queue of place reviews (a new rating waits there as pending).
  const reviewModeration = createReviewModerationService({ repository: createReviewModerationRepository(db, recordAudit), clock });
  const catalogueChanges = createCatalogueChanges(database);
  // Issue 14: the one picture of a banner, blog, contractor or construction project, through the same photo pipeline.
  // Blogs and FAQs are built here, before the return, because issue 15's pages read them for the head too.
  const recordImages = createRecordImagesService({ mediaStore, log });
  const blogs = createBlogsService(createBlogsRepository(db), { clock, images: recordImages });
  const faqs = createFaqsService(createFaqsRepository(db), { clock });

  // Visitors' and users' own records -------------------------------------------------------------------------------
  const leads = createLeadsService(createLeadsRepository(db));
  const favourites = createFavouritesService(createFavouritesRepository(db), projects);
  const ratings = createRatingsService(createRatingsRepository(db));
  const savedSearches = createSavedSearchesService(createSavedSearchesRepository(db), projects, sender, { origin: noticeOrigin(config), log });

  // The listing lifecycle: upload, moderation, owners' leads. "A listing went live" (said after its change has
  // committed) is an event: each subscriber hears it, and the services that raise it know none of them.
  const listingWentLive: ((projectId: number) => Promise<unknown>)[] = [
    // Saved-search alerts: each owner of a matching search is told once per listing.
    (projectId) => savedSearches.notifySavedSearchMatches(projectId),
  ];
  const notifyLive = (projectId: number) => Promise.all(listingWentLive.map((subscriber) => subscriber(projectId)));
  // Moderation owns the approval state machine and the audit trail: the owner's changes write their audit rows through
  // its writer, inside the listings' own transactions; it reads the review queue through the listings service.
  const moderationRepository = createModerationRepository(db);
  const listingsRepository = createListingsRepository(db, moderationRepository.recordAudit);
  const listings = createListingsService({ repository: listingsRepository, mediaStore, notifyLive, clock, log });
  const moderation = createModerationService({ repository: moderationRepository, listings, notifyLive, clock, log });
  const ownerLeads = createOwnerLeadsService(createOwnerLeadsRepository(db), listings.ownerOf);

  // Visit and event tracking (issue 12): the address -> city table is a local file, read once here.
  const trackingRepository = createTrackingRepository(db);
  const tracking = createTrackingService({
    repository: trackingRepository,
    ipCities: loadIpCityTable(config.trackingIpCityTable),
    clock,
    // Decision 034: on the embedded database (in a data folder) a batch is acknowledged once on disk beside it, so
    // an ingest call never waits behind the one connection's folds and reads.
    journal:
      database.kind === 'pglite' && database.dataDir !== undefined
        ? createEventJournal({ dir: path.join(config.dataDir, 'tracking-journal'), repository: behindRequests(trackingRepository, database.whenIdle), log })
        : undefined,
  });
  // The daily rollups the analytics read, and the retention of raw events: a background job server.ts starts.
  const trackingRollups = createTrackingRollupsService({
    // Its folds and deletions are background work: on PGlite each waits for the requests in flight to be answered.
    repository: behindRequests(createTrackingRollupsRepository(db), database.whenIdle),
    clock,
    retentionDays: config.trackingRetentionDays,
    log,
    // PGlite serves one query at a time: short, measured transactions there, so ingest and reads never wait long.
    pacing: database.kind === 'pglite' ? { fold: EMBEDDED_FOLD_PACING, windows: EMBEDDED_WINDOWS_PACING } : undefined,
  });

  // Insights (issue 13): the provider's analytics and brokers' own figures, read from the rollups and records.
  const analytics = createAnalyticsService({ repository: createAnalyticsRepository(db), clock, ownerOf: listings.ownerOf });

  // Issue 14: the provider's builder projects; the bulk import (projectImport) creates through the same service.
  const projectsAdmin = createProjectsAdminService({ repository: createProjectsAdminRepository(db), mediaStore, clock, log });

  return {
    /** The access-token key and the set of ended sign-ins, for the auth plugin. */
    key,
    revocations,
    health: createHealthService(database),
    auth,
    users,
    userStanding,
    devOutbox,
    projects,
    reviews,
    places,
    cities,
    builders,
    search,
    brokers,
    brokerStanding,
    reviewModeration,
    // Issue 14: the bulk import creates each project through the projects' own create, all in one transaction.
    projectImport: createProjectImportService({ repository: createProjectImportRepository(db), transaction: (work) => projectsAdmin.transaction(work) }),
    banners: createBannersService(createBannersRepository(db), { clock, images: recordImages }),
    blogs,
    faqs,
    construction: createConstructionService(createConstructionRepository(db), { clock, images: recordImages }),
    catalogueChanges,
    // Issue 15: the status and head of the web app's pages, robots.txt and the sitemap, read through the services.
    pages: createPagesService({
      projects,
      builders,
      places,
      cities,
      brokers,
      blogs,
      faqs,
      sitemap: createSitemapRepository(db),
      origin: noticeOrigin(config),
    }),
    leads,
    favourites,
    ratings,
    savedSearches,
    listings,
    moderation,
    ownerLeads,
    tracking,
    trackingRollups,
    analytics,
    // The back office's catalogue writes (issue 14): each commits with its audit row; the catalogue tables' notices
    // empty the public cache (migration 0004), so a visitor sees the change at once.
    buildersAdmin: createBuildersAdminService({ repository: createBuildersAdminRepository(db), clock }),
    projectsAdmin,
    placesAdmin: createPlacesAdminService({ repository: createPlacesAdminRepository(db), images: recordImages, clock }),
    /** Start-up housekeeping: photo files no row refers to, and moves a crash interrupted (listings/photo-sweep.ts). */
    sweepOrphanPhotos: (options: { olderThanMs: number }) => sweepOrphanPhotos({ repository: listingsRepository, mediaStore, log, ...options }),
    /** Resolves when every message handed to the senders so far has left (the app's close waits for it). */
    settled: () => deliveries.settled(),
  };
}

export type Modules = ReturnType<typeof createModules>;
