import { listingPath } from '@nivaas/contracts/project-path';
import type { Project } from '@nivaas/contracts/project.schema';
import {
  MAX_SAVED_SEARCHES,
  type SavedSearch,
  type SavedSearchCreate,
  type SavedSearchFilters,
  SavedSearchFiltersSchema,
} from '@nivaas/contracts/saved-search.schema';
import type { PageQuery, Pagination } from '@nivaas/contracts/common.schema';
import type { Notification } from '@nivaas/contracts/notification.schema';
import type { FastifyBaseLogger } from 'fastify';
import { DomainError } from '../../lib/domain-error';
import { offsetOf, paginationOf } from '../../lib/page-window';
import type { ProjectsService } from '../projects/projects.service';
import type { CandidateRow, SavedSearchesRepository, SavedSearchRow } from './saved-searches.repository';

/** One message to a person, as the message sender (modules/auth) delivers it: kept in the outbox, e-mailed or texted. */
export interface SavedSearchMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  purpose: 'saved-search';
}

export interface SavedSearchMessenger {
  send(message: SavedSearchMessage): Promise<void>;
}

export interface SavedSearchesServiceOptions {
  /** The site's address for the link in a notice (config.publicOrigin, else the local server's). */
  origin: string;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export interface NotifyOutcome {
  /** People told about the listing by this call (one message each, whatever the number of their searches it matched). */
  notified: number;
}

function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return { id: row.id, name: row.name, filters: row.filters as SavedSearchFilters, createdAt: row.createdAt.toISOString() };
}

/** E-mail when the owner has one (a link reads better there), else a text to their phone; null when neither. */
function recipientOf(candidate: CandidateRow): Pick<SavedSearchMessage, 'channel' | 'recipient'> | null {
  if (candidate.userEmail) return { channel: 'email', recipient: candidate.userEmail };
  if (candidate.userPhone) return { channel: 'sms', recipient: candidate.userPhone };
  return null;
}

function noticeFor(project: Project, searches: CandidateRow[], origin: string, owner: CandidateRow): Omit<SavedSearchMessage, 'channel' | 'recipient'> {
  const names = searches.map((search) => `"${search.name}"`).join(', ');
  const place = [project.location.name, project.city.name].join(', ');
  const link = new URL(listingPath(project), origin).toString();
  return {
    purpose: 'saved-search',
    subject: `New on Nivaas: ${project.name} matches your saved search`,
    body: [
      `Hello ${owner.userName?.trim() || 'there'},`,
      '',
      `${project.name} in ${place} has just been listed and matches your saved search ${names}.`,
      '',
      `See it here: ${link}`,
      '',
      'You are getting this because you saved a search on Nivaas. Delete the search to stop these messages.',
    ].join('\n'),
  };
}

export function createSavedSearchesService(
  repository: SavedSearchesRepository,
  catalogue: Pick<ProjectsService, 'publicByIds' | 'isInResults'>,
  messenger: SavedSearchMessenger,
  { origin, log }: SavedSearchesServiceOptions,
) {
  return {
    /**
     * GET /notifications (issue 17): the notices this user was sent, newest first. A listing still on the site links
     * to its page; one taken off since keeps its name but no link.
     */
    async notices(userId: number, { page, limit }: PageQuery): Promise<{ notifications: Notification[]; pagination: Pagination }> {
      const { rows, total } = await repository.notices(userId, offsetOf({ page, limit }), limit);
      const live = new Map((await catalogue.publicByIds(rows.map((row) => row.projectId))).map((project) => [project.id, project]));
      return {
        notifications: rows.map((row) => {
          const project = live.get(row.projectId);
          return {
            id: row.id,
            kind: 'saved-search-match' as const,
            sentAt: row.sentAt.toISOString(),
            listing: {
              id: row.projectId,
              name: project?.name ?? row.projectName,
              place: project ? [project.location.name, project.city.name].join(', ') : null,
              path: project ? listingPath(project) : null,
            },
            savedSearches: row.searches,
          };
        }),
        pagination: paginationOf({ page, limit }, rows.length, total),
      };
    },

    async list(userId: number): Promise<SavedSearch[]> {
      return (await repository.list(userId)).map(toSavedSearch);
    },

    /** Keeps a search under its name; the 21st is a 409 (at most MAX_SAVED_SEARCHES per user). */
    async create(userId: number, { name, filters }: SavedSearchCreate): Promise<SavedSearch> {
      const row = await repository.create(userId, name, filters, MAX_SAVED_SEARCHES);
      if (!row) throw new DomainError('CONFLICT', `You can keep up to ${MAX_SAVED_SEARCHES} saved searches; delete one to save another`, { field: 'name' });
      return toSavedSearch(row);
    },

    /** Someone else's search is a 404, exactly like one that does not exist, so ids cannot be probed. */
    async remove(userId: number, id: number): Promise<void> {
      if (!(await repository.deleteOwned(userId, id))) throw DomainError.notFound('Saved search', id);
    },

    /**
     * Tells the owners of saved searches matching a listing that it is now on the site. Call it when a listing
     * becomes public (approved and active): the provider's approval, or an owner switching an approved listing
     * live (issue 5's moderation and the display toggle). Safe to call again, from several places and processes
     * at once: each owner hears about each listing at most once (saved_search_notifications' unique pair, claimed
     * before sending). A listing that is not public, or matches nothing, sends nothing.
     *
     * A search matches when the listing would appear on its results page (GET /project with its filters, read the
     * same way). One message per owner, naming every search of theirs it matched. If a message cannot be sent the
     * claim is released and the error thrown, so a later call can try again.
     */
    async notifySavedSearchMatches(projectId: number): Promise<NotifyOutcome> {
      const [project] = await catalogue.publicByIds([projectId]);
      if (!project) return { notified: 0 };
      const candidates = await repository.candidatesFor({
        projectId,
        locationId: project.location.id,
        type: project.type,
        transactionTag: project.transactionTag,
        ownerId: project.ownerId,
        brokerId: project.brokerId,
      });
      const matchedByOwner = new Map<number, CandidateRow[]>();
      for (const candidate of candidates) {
        const filters = SavedSearchFiltersSchema.safeParse(candidate.filters);
        if (!filters.success) {
          // Written by an older client or by hand: skipped rather than guessed at.
          log?.warn({ savedSearchId: candidate.id }, 'saved search has unreadable filters; skipped');
          continue;
        }
        if (!(await catalogue.isInResults(projectId, filters.data))) continue;
        matchedByOwner.set(candidate.userId, [...(matchedByOwner.get(candidate.userId) ?? []), candidate]);
      }

      let notified = 0;
      for (const [userId, matched] of matchedByOwner) {
        const owner = matched[0];
        const recipient = owner && recipientOf(owner);
        if (!owner || !recipient) continue;
        const claimed = await repository.claim(userId, projectId, matched.map((search) => search.id));
        if (claimed.length === 0) continue;
        try {
          await messenger.send({ ...recipient, ...noticeFor(project, matched.filter((search) => claimed.includes(search.id)), origin, owner) });
        } catch (error) {
          await repository.release(projectId, claimed);
          throw error;
        }
        notified += 1;
      }
      return { notified };
    },
  };
}

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
