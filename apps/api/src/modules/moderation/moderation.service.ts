import type { Approval, Pagination } from '@nivaas/contracts/common.schema';
import type { AuditEntry, AuditQuery, ModerationQueueQuery, PendingBroker, PendingListing, QueueOrder } from '@nivaas/contracts/moderation.schema';
import type { OwnerListing } from '@nivaas/contracts/upload.schema';
import type { FastifyBaseLogger } from 'fastify';
import { DomainError } from '../../lib/domain-error';
import { offsetOf, paginationOf } from '../../lib/page-window';
import { type ListingEvent, transition } from './approval-state';
import type { ModerationRepository } from './moderation.repository';

/** spec §3 remarks as a map of ISO time to message (same rule as the projects mapper: a clash gets the id). */
function remarksMap(remarks: { id: number; message: string; createdAt: string }[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const remark of remarks) {
    const at = new Date(remark.createdAt).toISOString();
    map[at in map ? `${at}#${remark.id}` : at] = remark.message;
  }
  return map;
}

/** Broker approval follows the same shape as a listing's: only a pending profile is decided. */
function brokerTransition(current: Approval, action: 'approve' | 'reject'): { ok: true; to: Approval } | { ok: false; message: string } {
  if (current === 'pending') return { ok: true, to: action === 'approve' ? 'approved' : 'rejected' };
  return { ok: false, message: `This broker is already ${current}; only a broker pending approval can be ${action === 'approve' ? 'approved' : 'rejected'}` };
}

/** Who uploaded (or built) a listing waiting for review, by its ids. */
export interface Uploader {
  id: number;
  ownerId: number | null;
  brokerId: number | null;
  builderId: number | null;
}

/** A queue narrowed by search words (each must match) and read oldest or newest first (issue 17). */
export interface QueueSearch {
  words: string[];
  order: QueueOrder;
}

/** At most this many words of a search are used: more narrow nothing a person would type, and each costs a pass. */
const MAX_SEARCH_WORDS = 5;

function searchOf({ q, order }: { q?: string | undefined; order: QueueOrder }): QueueSearch {
  return { words: (q ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS), order };
}

/** What moderation reads of the listings: the queue of those pending review (the listings service answers it). */
export interface ReviewQueue {
  pendingForReview(offset: number, limit: number, search: QueueSearch): Promise<{ listings: OwnerListing[]; uploaders: Uploader[]; total: number }>;
}

export interface ModerationServiceDeps {
  repository: ModerationRepository;
  listings: ReviewQueue;
  /** Tells saved searches about a listing that is now public (after the decision committed). */
  notifyLive?: (projectId: number) => Promise<unknown>;
  clock?: () => Date;
  log?: FastifyBaseLogger;
}

export function createModerationService({ repository, listings, notifyLive, clock = () => new Date(), log }: ModerationServiceDeps) {
  async function notify(projectIds: number[]): Promise<void> {
    if (!notifyLive) return;
    for (const projectId of projectIds) {
      try {
        await notifyLive(projectId);
      } catch (error) {
        log?.error({ err: error, projectId }, 'saved-search notices failed');
      }
    }
  }

  async function decideProject(staffId: number, id: number, action: 'approve' | 'reject', remark: string | null) {
    const event: ListingEvent = { kind: action };
    // Read, ask the state machine, then change only if nobody changed it meanwhile (the UPDATE's WHERE): of
    // parallel decisions one wins and the others are answered from the state the winner left.
    const current = await repository.projectState(id);
    if (!current) throw new DomainError('NOT_FOUND', `Listing ${id} not found`, { field: 'id' });
    const result = transition(current, event);
    if (!result.ok) throw new DomainError('CONFLICT', result.message);
    const at = clock();
    const outcome = await repository.decideProject({ id, staffId, action, from: current, to: result.next, remark, at });
    if (!outcome.changed) {
      if (!outcome.current) throw new DomainError('NOT_FOUND', `Listing ${id} not found`, { field: 'id' });
      const retried = transition(outcome.current, event);
      throw new DomainError('CONFLICT', retried.ok ? 'This listing changed while you were deciding; reload it and decide again' : retried.message);
    }
    // Approval never switches a listing live (the owner does, spec §4), so there is nothing to notify here yet.
    if (outcome.row.status === 'active') await notify([id]);
    return {
      message: action === 'approve' ? 'Listing approved. Its owner can now switch it live.' : 'Listing rejected. The owner sees your remark and can edit and resubmit.',
      project: { id, approval: outcome.row.approval, status: outcome.row.status, updatedAt: outcome.row.updatedAt.toISOString(), remarks: remarksMap(await repository.remarksOf(id)) },
    };
  }

  async function decideBroker(staffId: number, id: number, action: 'approve' | 'reject', remark: string | null) {
    const current = await repository.brokerState(id);
    if (!current) throw new DomainError('NOT_FOUND', `Broker ${id} not found`, { field: 'id' });
    const result = brokerTransition(current.approval, action);
    if (!result.ok) throw new DomainError('CONFLICT', result.message);
    const outcome = await repository.decideBroker({ id, staffId, action, from: current.approval, to: result.to, remark, at: clock() });
    if (!outcome.changed) {
      if (!outcome.current) throw new DomainError('NOT_FOUND', `Broker ${id} not found`, { field: 'id' });
      const retried = brokerTransition(outcome.current.approval, action);
      throw new DomainError('CONFLICT', retried.ok ? 'This broker changed while you were deciding; reload and decide again' : retried.message);
    }
    // An approved broker's listings that are approved and switched on become public now (spec §9 hides an
    // unapproved broker's listings), so their saved-search matches are told.
    if (result.to === 'approved') await notify(await repository.liveListingIds(id));
    return {
      message: action === 'approve' ? 'Broker approved. They can now upload properties and see their leads.' : 'Broker rejected.',
      broker: { id, approval: outcome.row.approval },
    };
  }

  return {
    /** The queue of listings waiting for a decision, with previews (photos, units, remarks so far, owner). */
    async pendingProjects({ page, limit, ...query }: ModerationQueueQuery): Promise<{ projects: PendingListing[]; pagination: Pagination }> {
      const { listings: loaded, uploaders, total } = await listings.pendingForReview(offsetOf({ page, limit }), limit + 1, searchOf(query));
      const owners = await repository.ownersOf(uploaders);
      const projects = loaded.map(({ photos: _photos, ...listing }) => ({ ...listing, owner: owners.get(listing.id) ?? null }));
      return { projects: projects.slice(0, limit), pagination: { page, limit, total, hasMore: projects.length > limit } };
    },

    async pendingBrokers({ page, limit, ...query }: ModerationQueueQuery): Promise<{ brokers: PendingBroker[]; pagination: Pagination }> {
      const { rows, total } = await repository.pendingBrokers(offsetOf({ page, limit }), limit, searchOf(query));
      return {
        brokers: rows.map(({ cityId, cityName, createdAt, ...broker }) => ({
          ...broker,
          city: cityId !== null && cityName !== null ? { id: cityId, name: cityName } : null,
          createdAt: createdAt.toISOString(),
        })),
        pagination: paginationOf({ page, limit }, rows.length, total),
      };
    },

    approveProject: (staffId: number, id: number, remark: string | null) => decideProject(staffId, id, 'approve', remark),
    rejectProject: (staffId: number, id: number, remark: string) => decideProject(staffId, id, 'reject', remark),
    approveBroker: (staffId: number, id: number, remark: string | null) => decideBroker(staffId, id, 'approve', remark),
    rejectBroker: (staffId: number, id: number, remark: string) => decideBroker(staffId, id, 'reject', remark),

    async audit({ page, limit, entityKind, entityId }: AuditQuery): Promise<{ entries: AuditEntry[]; pagination: Pagination }> {
      const { rows, total } = await repository.audit({ entityKind, entityId }, offsetOf({ page, limit }), limit);
      return {
        entries: rows.map((row) => ({
          id: row.id,
          at: row.createdAt.toISOString(),
          actor:
            row.actorKind === 'user' || row.actorKind === 'broker' || row.actorKind === 'provider'
              ? { kind: row.actorKind, id: row.actorKind === 'provider' ? (row.actorStaffId ?? row.actorId) : row.actorId, name: row.actorName }
              : null,
          action: row.action,
          entityKind: row.entityKind,
          entityId: row.entityId,
          entityName: row.entityName,
          fromState: row.fromState,
          toState: row.toState,
          remark: row.remark,
          before: row.before ?? null,
          after: row.after ?? null,
        })),
        pagination: paginationOf({ page, limit }, rows.length, total),
      };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
