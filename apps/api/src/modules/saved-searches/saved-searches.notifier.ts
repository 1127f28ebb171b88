import type { Db } from '@nivaas/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { createMessageSender } from '../auth/senders/message-sender';
import { createProjectsRepository } from '../projects/projects.repository';
import { createProjectsService } from '../projects/projects.service';
import { createSavedSearchesRepository } from './saved-searches.repository';
import { createSavedSearchesService, type NotifyOutcome, type SavedSearchesService } from './saved-searches.service';

export type SavedSearchNotifierConfig = Pick<Config, 'publicOrigin' | 'port' | 'otpSender' | 'smtpUrl' | 'mailFrom' | 'smsWebhookUrl' | 'smsWebhookToken' | 'nodeEnv'>;

/** Links in notices point at PUBLIC_ORIGIN; without it, at this server as it runs locally. */
export function noticeOrigin(config: Pick<Config, 'publicOrigin' | 'port'>): string {
  return config.publicOrigin ?? `http://localhost:${config.port}`;
}

/** The saved-searches service wired to the real catalogue and the configured message sender (outbox by default). */
export function createSavedSearchesServiceFor(config: SavedSearchNotifierConfig, db: Db, log?: FastifyBaseLogger): SavedSearchesService {
  return createSavedSearchesService(
    createSavedSearchesRepository(db),
    createProjectsService(createProjectsRepository(db)),
    createMessageSender(config, db, log ? { log } : {}),
    { origin: noticeOrigin(config), ...(log ? { log } : {}) },
  );
}

/**
 * For the code that makes a listing public (issue 5's moderation: the provider approves an active listing, or an
 * owner switches an approved one live): call the returned function with the listing's id AFTER the change has
 * committed. It tells each owner of a matching saved search once per listing, and is safe to call repeatedly
 * or in parallel. Example: `const notify = createSavedSearchNotifier(config, database.db, app.log);` at plugin
 * start, then `await notify(projectId)` after the approval's transaction.
 */
export function createSavedSearchNotifier(config: SavedSearchNotifierConfig, db: Db, log?: FastifyBaseLogger): (projectId: number) => Promise<NotifyOutcome> {
  const service = createSavedSearchesServiceFor(config, db, log);
  return (projectId) => service.notifySavedSearchMatches(projectId);
}
