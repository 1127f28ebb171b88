import type { Database } from '@nivaas/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { createMediaStore } from '../../lib/media/create-media-store';
import type { MediaStore } from '../../lib/media/media-store';
import { createOwnerLeadsRepository } from '../leads/owner-leads.repository';
import { createOwnerLeadsService } from '../leads/owner-leads.service';
import { createModerationService } from '../moderation/moderation.service';
import { createSavedSearchNotifier, type SavedSearchNotifierConfig } from '../saved-searches/saved-searches.notifier';
import { createListingsService } from './listings.service';

export interface LifecycleDeps {
  config: Pick<Config, 'mediaDir' | 'mediaStore'> & SavedSearchNotifierConfig;
  database: Database;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Tests may pass their own store; the configured one otherwise. */
  mediaStore?: MediaStore;
}

/**
 * Issue 5's services, wired once: listings (upload, photos, owner views, publish), the provider's moderation and the
 * owners' leads. A listing going live tells matching saved searches (issue 4), after the change has committed.
 */
export function createLifecycle({ config, database, clock, log, mediaStore = createMediaStore(config) }: LifecycleDeps) {
  const notifyLive = createSavedSearchNotifier(config, database.db, log);
  const listings = createListingsService({ db: database.db, mediaStore, notifyLive, clock, log });
  const moderation = createModerationService({ db: database.db, notifyLive, clock, log });
  const ownerLeads = createOwnerLeadsService(createOwnerLeadsRepository(database.db), listings.ownerOf);
  return { listings, moderation, ownerLeads };
}
