import { randomUUID } from 'node:crypto';
import type { Principal } from '@nivaas/contracts/auth.schema';
import type { PageQuery, Pagination, Status } from '@nivaas/contracts/common.schema';
import type { Project } from '@nivaas/contracts/project.schema';
import {
  type AcceptedPhoto,
  type ListingUpload,
  MAX_LISTING_PHOTOS,
  MAX_PHOTO_BYTES,
  type OwnerCounters,
  type OwnerListing,
  type RejectedPhoto,
} from '@nivaas/contracts/upload.schema';
import type { FastifyBaseLogger } from 'fastify';
import { DomainError } from '../../lib/domain-error';
import type { MediaStore } from '../../lib/media/media-store';
import { offsetOf } from '../../lib/page-window';
import { editMessage, type ListingState, transition } from '../moderation/approval-state';
import type { Uploader } from '../moderation/moderation.service';
import { toOwnerListings, toPhoto } from './listings.mapper';
import type { ListingFields, ListingOwner, ListingQueries, ListingsRepository, LockedListing, NewUnit, ReviewQueueFilter } from './listings.repository';
import { CARD_WIDTH, GALLERY_WIDTH, MAX_PHOTO_PIXELS, processPhoto } from './photo-processing';

export type { ListingOwner, ReviewQueueFilter } from './listings.repository';

/** spec §4 'Broker approval': any value but approved shows the pending page; the API says the same in words. */
/**
 * Issue 14: what a suspended broker is told on every refused call (uploads, edits, photos, the display toggle, leads):
 * the provider's reason and what follows. They can still sign in; their listings are off the site meanwhile.
 */
export function brokerSuspendedMessage(reason: string | null): string {
  return `Your broker account is suspended${reason ? `: ${reason}` : ''}. Your listings are hidden from the site and you cannot upload or manage properties until the Nivaas team reinstates your account.`;
}

export const BROKER_NOT_APPROVED_MESSAGE = 'Your broker profile is not approved yet. You can upload properties, see your uploads and leads once the provider approves it.';

/** `approved/active`: the audit trail's before/after for a listing. */
export function stateLabel(state: ListingState): string {
  return `${state.approval}/${state.status}`;
}

/** A file as the photo route hands it over: its name as sent and its bytes (cut short at the size limit). */
export interface IncomingPhoto {
  fileName: string;
  bytes: Buffer;
  /** True when the file was larger than MAX_PHOTO_BYTES (only the first part was read). */
  truncated: boolean;
}

export interface ListingsServiceDeps {
  repository: ListingsRepository;
  mediaStore: MediaStore;
  /** Tells saved searches about a listing that just went live; called after the change committed. */
  notifyLive?: (projectId: number) => Promise<unknown>;
  clock?: () => Date;
  log?: FastifyBaseLogger;
  maxPhotoPixels?: number;
}

/** A name fit to repeat in a message: no control characters, not endless. */
export function displayName(name: string): string {
  const clean = name.replace(/[\p{Cc}]/gu, '').trim();
  const short = clean.length > 80 ? `${clean.slice(0, 77)}...` : clean;
  return short || 'A file';
}

function fieldsOf(body: ListingUpload, zoneId: number | null): { fields: ListingFields; units: NewUnit[] } {
  const units: NewUnit[] = body.units.map((unit) => ({
    type: unit.type,
    minPrice: unit.minPrice,
    maxPrice: unit.maxPrice,
    facing: unit.facing ?? null,
    exteriorArea: unit.exteriorArea ?? null,
    floors: unit.floors ?? null,
    furnishing: unit.furnishing ?? null,
  }));
  return {
    fields: {
      name: body.name,
      type: body.type,
      transactionTag: body.transactionTag,
      description: body.description || null,
      tags: [...new Set(body.tags ?? [])],
      cityId: body.cityId,
      zoneId,
      locationId: body.locationId,
      // Kept over all units (projects.min_price/max_price are what budget filters and price sorts read).
      minPrice: Math.min(...units.map((unit) => unit.minPrice)),
      maxPrice: Math.max(...units.map((unit) => unit.maxPrice)),
    },
    units,
  };
}

/** The two stored variants of a photo (gallery, card), named after its row's storage key. */
export function photoKeys(storageKey: string): [gallery: string, card: string] {
  return [`${storageKey}-${GALLERY_WIDTH}.webp`, `${storageKey}-${CARD_WIDTH}.webp`];
}

/** The storage key a variant's key belongs to, or null for a key that is not a photo variant. */
export function storageKeyOf(key: string): string | null {
  const match = /^(listings\/\d+\/[0-9a-f-]{36})-(\d+)\.webp$/.exec(key);
  return match?.[1] && (match[2] === String(GALLERY_WIDTH) || match[2] === String(CARD_WIDTH)) ? match[1] : null;
}

/** Issue 10: an upload that keeps nothing is not a partial success (207) but a refusal, with every reason in words. */
export function everyPhotoRefused(rejected: RejectedPhoto[]): DomainError {
  const [only] = rejected;
  const message = rejected.length === 1 && only ? only.reason : `No photo was added: ${rejected.map((photo) => photo.reason).join('; ')}`;
  return new DomainError('UNPROCESSABLE', message, { field: 'photos' });
}

/** A photo of an upload that passed the pipeline, staged under its two keys until its row commits. */
export interface StagedPhoto {
  fileName: string;
  url: string;
  cardUrl: string;
  storageKey: string;
  keys: [gallery: string, card: string];
}

export interface StagePhotosOptions {
  projectId: number;
  mediaStore: MediaStore;
  maxPhotoPixels: number;
  /** Photos the record holds already: files beyond MAX_LISTING_PHOTOS are refused before any work. Unknown: not checked here. */
  held?: number;
  /** 'listing' or 'project', in the refusal of a photo beyond the limit. */
  noun: string;
  /** Every staged key is pushed here as soon as it exists, so a caller failing midway can settle them. */
  staged: string[];
}

/**
 * One upload request's files through the owners' photo pipeline (issue 10), for owners' listings and the provider's
 * projects (issue 14) alike: size and room checked, format read from the bytes and re-encoded by processPhoto, the two
 * WebP variants staged (not stored: nothing serves them until the row has committed) under listings/{id}/, where the
 * start-up sweep judges them. Throws 400 when no file came and 422 when every file was refused.
 */
export async function stageUploadPhotos(files: AsyncIterable<IncomingPhoto>, { projectId, mediaStore, maxPhotoPixels, held, noun, staged }: StagePhotosOptions): Promise<{ accepted: StagedPhoto[]; rejected: RejectedPhoto[] }> {
  const accepted: StagedPhoto[] = [];
  const rejected: RejectedPhoto[] = [];
  for await (const file of files) {
    const fileName = displayName(file.fileName);
    const refuse = (reason: string) => rejected.push({ fileName, reason: `${fileName} ${reason}` });
    if (file.truncated || file.bytes.length > MAX_PHOTO_BYTES) {
      refuse(`is larger than ${MAX_PHOTO_BYTES / (1024 * 1024)} MB`);
      continue;
    }
    if (held !== undefined && held + accepted.length >= MAX_LISTING_PHOTOS) {
      refuse(`was not added: a ${noun} can have at most ${MAX_LISTING_PHOTOS} photos`);
      continue;
    }
    const outcome = await processPhoto(file.bytes, { maxPixels: maxPhotoPixels });
    if (!outcome.ok) {
      refuse(outcome.reason);
      continue;
    }
    const storageKey = `listings/${projectId}/${randomUUID()}`;
    const keys = photoKeys(storageKey);
    await mediaStore.stage(keys[0], outcome.photo.gallery, 'image/webp');
    staged.push(keys[0]);
    await mediaStore.stage(keys[1], outcome.photo.card, 'image/webp');
    staged.push(keys[1]);
    accepted.push({ fileName, url: mediaStore.urlFor(keys[0]), cardUrl: mediaStore.urlFor(keys[1]), storageKey, keys });
  }
  if (accepted.length === 0 && rejected.length === 0) throw new DomainError('VALIDATION', 'Choose at least one photo to upload', { field: 'photos' });
  if (accepted.length === 0) throw everyPhotoRefused(rejected);
  return { accepted, rejected };
}

function isOwner(listing: Pick<LockedListing, 'ownerId' | 'brokerId'>, owner: ListingOwner): boolean {
  return owner.kind === 'user' ? listing.ownerId === owner.id : listing.brokerId === owner.id;
}

export function createListingsService({ repository, mediaStore, notifyLive, clock = () => new Date(), log, maxPhotoPixels = MAX_PHOTO_PIXELS }: ListingsServiceDeps) {
  /** The caller as an owner of listings: a user, or a broker whose profile is approved (spec §4, §6). */
  async function ownerOf(principal: Principal): Promise<ListingOwner> {
    if (principal.kind === 'user') return { kind: 'user', id: principal.id };
    if (principal.kind === 'broker') {
      const standing = await repository.brokerStanding(principal.id);
      if (standing?.suspended) throw new DomainError('FORBIDDEN', brokerSuspendedMessage(standing.suspensionReason));
      if (standing?.approval !== 'approved') throw new DomainError('FORBIDDEN', BROKER_NOT_APPROVED_MESSAGE);
      return { kind: 'broker', id: principal.id };
    }
    throw new DomainError('FORBIDDEN', 'Only users and brokers have listings of their own');
  }

  /** The listing (locked when `tx` is a transaction), refused unless it is the owner's. */
  async function ownedListing(tx: ListingQueries, owner: ListingOwner, id: number, lock: boolean): Promise<LockedListing> {
    const listing = lock ? await tx.lock(id) : await tx.find(id);
    if (!listing) throw new DomainError('NOT_FOUND', `Listing ${id} not found`, { field: 'id' });
    if (!isOwner(listing, owner)) throw new DomainError('FORBIDDEN', 'This listing belongs to another account');
    return listing;
  }

  /** The catalogue's place: the locality exists and lies in the city, and in the zone when one is named. */
  async function resolvePlace(body: ListingUpload): Promise<number | null> {
    const zoneId = body.zoneId ?? null;
    const { location, zone } = await repository.place(body.locationId, zoneId);
    if (!location) throw new DomainError('VALIDATION', `Locality ${body.locationId} does not exist`, { field: 'locationId' });
    if (location.cityId !== body.cityId) throw new DomainError('VALIDATION', `Locality ${body.locationId} is not in city ${body.cityId}`, { field: 'locationId' });
    if (zoneId === null) return location.zoneId;
    if (!zone) throw new DomainError('VALIDATION', `Zone ${zoneId} does not exist`, { field: 'zoneId' });
    if (zone.cityId !== body.cityId) throw new DomainError('VALIDATION', `Zone ${zoneId} is not in city ${body.cityId}`, { field: 'zoneId' });
    if (location.zoneId !== null && location.zoneId !== zoneId) throw new DomainError('VALIDATION', `Locality ${body.locationId} is not in zone ${zoneId}`, { field: 'zoneId' });
    return zoneId;
  }

  async function loadOne(id: number): Promise<OwnerListing> {
    const [listing] = toOwnerListings(await repository.one(id));
    if (!listing) throw new DomainError('NOT_FOUND', `Listing ${id} not found`, { field: 'id' });
    return listing;
  }

  /**
   * An owner's change to a listing's content (fields or photos) inside `tx`: the edit transition (back to pending
   * and off the site) and, when the state moved, its audit row.
   */
  async function applyEdit(tx: ListingQueries, owner: ListingOwner, listing: LockedListing, at: Date): Promise<ListingState> {
    const result = transition(listing, { kind: 'edit' });
    if (!result.ok) throw new DomainError('CONFLICT', result.message);
    await tx.setState(listing.id, result.next, at);
    if (result.changed) {
      await tx.audit({ actorKind: owner.kind, actorId: owner.id, action: 'resubmit', entityKind: 'project', entityId: listing.id, fromState: stateLabel(listing), toState: stateLabel(result.next), at });
    }
    return result.next;
  }

  async function notify(projectId: number): Promise<void> {
    if (!notifyLive) return;
    try {
      await notifyLive(projectId);
    } catch (error) {
      // The listing is live whatever happens to the notices; they are retried by the next change.
      log?.error({ err: error, projectId }, 'saved-search notices failed');
    }
  }

  /** Runs a store operation on each key, logging (not throwing) the ones that fail: the rows have been decided. */
  async function forEachKey(keys: string[], operation: (key: string) => Promise<void>, failure: string): Promise<void> {
    for (const key of keys) {
      try {
        await operation(key);
      } catch (error) {
        log?.error({ err: error, key }, failure);
      }
    }
  }

  /** Moves committed photos' staged files to their keys. */
  const promoteStaged = (keys: string[]) => forEachKey(keys, (key) => mediaStore.promote(key), 'could not promote a staged photo; the sweep at the next start will');

  /** Removes stored (and staged) files. */
  const removeStored = (keys: string[]) => forEachKey(keys, (key) => mediaStore.delete(key), 'could not remove a stored photo');

  /**
   * The staged files of a request that failed before it knew its rows committed. Usually they did not (a rule said
   * no), and the files go, so no file outlives its row. But a connection lost at COMMIT may have committed them: the
   * rows decide. If even that cannot be asked, the files stay staged for the sweep at the next start.
   */
  async function settleStaged(keys: string[]): Promise<void> {
    let committed: Set<string>;
    try {
      committed = await repository.referencedStorageKeys([...new Set(keys.map((key) => storageKeyOf(key)).filter((key) => key !== null))]);
    } catch (error) {
      log?.error({ err: error }, 'could not tell whether staged photos committed; the sweep at the next start will');
      return;
    }
    const isCommitted = (key: string) => committed.has(storageKeyOf(key) ?? '');
    await promoteStaged(keys.filter(isCommitted));
    await removeStored(keys.filter((key) => !isCommitted(key)));
  }


  /** The owner's listings in every state, newest change first, with the five counters (spec §2, §4). */
  async function ownerPage(owner: ListingOwner, { page, limit }: PageQuery): Promise<{ projects: Project[]; pagination: Pagination; counters: OwnerCounters }> {
    const [loaded, counters] = await Promise.all([repository.ownerPage(owner, offsetOf({ page, limit }), limit + 1), repository.counters(owner)]);
    const listings = toOwnerListings(loaded);
    const projects = listings.slice(0, limit).map(({ createdAt: _createdAt, photos: _photos, ...project }) => project);
    return { projects, pagination: { page, limit, total: counters.total, hasMore: listings.length > limit }, counters };
  }

  return {
    ownerOf,

    /**
     * The provider's review queue (moderation asks): listings pending review, oldest change first, with who uploaded
     * each and how many wait in all.
     */
    async pendingForReview(offset: number, limit: number, filter: ReviewQueueFilter): Promise<{ listings: OwnerListing[]; uploaders: Uploader[]; total: number }> {
      const [loaded, total] = await Promise.all([repository.pendingPage(offset, limit, filter), repository.countPending(filter)]);
      const uploaders = loaded.rows.map(({ id, ownerId, brokerId, builderId }) => ({ id, ownerId, brokerId, builderId }));
      return { listings: toOwnerListings(loaded), uploaders, total };
    },

    /** POST /api/project/upload: a new listing owned by the caller, pending review and hidden. */
    async create(principal: Principal, body: ListingUpload): Promise<{ message: string; project: OwnerListing }> {
      const owner = await ownerOf(principal);
      const zoneId = await resolvePlace(body);
      const { fields, units } = fieldsOf(body, zoneId);
      const at = clock();
      const id = await repository.transaction(async (tx) => {
        const created = await tx.insertListing(owner, fields, units, at);
        await tx.audit({ actorKind: owner.kind, actorId: owner.id, action: 'submit', entityKind: 'project', entityId: created, fromState: null, toState: 'pending/inactive', at });
        return created;
      });
      return { message: 'Listing submitted for review. Add photos now; it goes live once the provider approves it and you switch it on.', project: await loadOne(id) };
    },

    /** PUT /api/project/upload/{id}: the whole listing again; any edit sends it back to pending review, hidden. */
    async update(principal: Principal, id: number, body: ListingUpload): Promise<{ message: string; project: OwnerListing }> {
      const owner = await ownerOf(principal);
      const zoneId = await resolvePlace(body);
      const { fields, units } = fieldsOf(body, zoneId);
      const at = clock();
      const before = await repository.transaction(async (tx) => {
        const listing = await ownedListing(tx, owner, id, true);
        const state = { approval: listing.approval, status: listing.status };
        const next = await applyEdit(tx, owner, listing, at);
        await tx.updateListing(id, fields, units, next, at);
        return state;
      });
      return { message: editMessage(before), project: await loadOne(id) };
    },

    /** GET /api/project/upload/{id}: one listing in any state, for its owner's edit form (or the provider). */
    async get(principal: Principal, id: number): Promise<OwnerListing> {
      if (principal.kind !== 'provider') await ownedListing(repository, await ownerOf(principal), id, false);
      return loadOne(id);
    },

    page: ownerPage,

    /**
     * spec §7 GET /project?brokerId=: with that broker's own token (and no status/approval filter, which the public
     * broker pages send) the answer is the broker's own view in every state; otherwise null, and the caller answers
     * with the public list. An unapproved broker gets the public view (spec §6: view-all-uploads needs approval).
     */
    async brokerOwnView(
      principal: Principal | null,
      query: { brokerId?: number | undefined; type?: string | undefined; id?: number | undefined; status?: string | undefined; approval?: string | undefined; page: number; limit: number },
    ): Promise<{ projects: Project[]; pagination: Pagination; counters: OwnerCounters } | null> {
      if (principal?.kind !== 'broker' || query.status !== undefined || query.approval !== undefined) return null;
      const brokerId = query.brokerId ?? (query.type === 'brokerId' ? query.id : undefined);
      if (brokerId !== principal.id) return null;
      const standing = await repository.brokerStanding(principal.id);
      if (standing?.approval !== 'approved' || standing.suspended) return null;
      return ownerPage({ kind: 'broker', id: principal.id }, query);
    },

    /** spec §7 PATCH /project/publish/{id}: the display toggle, approved listings only (409 otherwise). */
    async publish(principal: Principal, id: number, status: Status): Promise<{ message: string; project: { id: number; status: Status; approval: 'approved'; updatedAt: string } }> {
      const owner = await ownerOf(principal);
      const at = clock();
      const outcome = await repository.transaction(async (tx) => {
        const listing = await ownedListing(tx, owner, id, true);
        const result = transition(listing, { kind: 'publish', status });
        if (!result.ok) throw new DomainError('CONFLICT', result.message);
        if (!result.changed) return { changed: false, updatedAt: null as Date | null };
        const { updatedAt } = await tx.setState(id, result.next, at);
        await tx.audit({ actorKind: owner.kind, actorId: owner.id, action: status === 'active' ? 'publish' : 'unpublish', entityKind: 'project', entityId: id, fromState: stateLabel(listing), toState: stateLabel(result.next), at });
        return { changed: true, updatedAt };
      });
      if (outcome.changed && status === 'active') await notify(id);
      const updatedAt = outcome.updatedAt ?? (await repository.updatedAt(id));
      const project = { id, status, approval: 'approved' as const, updatedAt: new Date(updatedAt).toISOString() };
      const message = !outcome.changed
        ? status === 'active'
          ? 'This listing is already live.'
          : 'This listing is already hidden.'
        : status === 'active'
          ? 'Listing is live: visitors can see it now.'
          : 'Listing hidden from the site.';
      return { message, project };
    },

    /**
     * POST /api/project/upload/{id}/photos: each file is checked and re-encoded on its own; a refused one is named with
     * the reason and stores nothing, the others are kept. At most MAX_LISTING_PHOTOS per listing.
     */
    async addPhotos(principal: Principal, id: number, files: AsyncIterable<IncomingPhoto>) {
      const owner = await ownerOf(principal);
      const listing = await ownedListing(repository, owner, id, false);
      const staged: string[] = [];
      try {
        const { accepted, rejected } = await stageUploadPhotos(files, { projectId: id, mediaStore, maxPhotoPixels, held: (await repository.photoStats(id)).count, noun: 'listing', staged });
        const at = clock();
        const saved = await repository.transaction(async (tx) => {
          const locked = await ownedListing(tx, owner, id, true);
          const stats = await tx.photoStats(id);
          // Another upload may have landed meanwhile: what no longer fits is refused like any extra photo.
          const room = Math.max(0, MAX_LISTING_PHOTOS - stats.count);
          const fitting = accepted.slice(0, room);
          const rows = await tx.insertPhotos(fitting.map((photo, i) => ({ projectId: id, url: photo.url, cardUrl: photo.cardUrl, storageKey: photo.storageKey, position: stats.maxPosition + 1 + i })));
          const state = rows.length > 0 ? await applyEdit(tx, owner, locked, at) : { approval: locked.approval, status: locked.status };
          return { rows, state, overflow: accepted.slice(room) };
        });
        // Committed: from here on the rows are the truth. Their files move to their keys; a move that fails now is
        // finished by the sweep at the next start, which is why it is logged rather than answered as a failure.
        staged.length = 0;
        for (const photo of accepted.slice(0, saved.rows.length)) await promoteStaged(photo.keys);
        for (const photo of saved.overflow) {
          rejected.push({ fileName: photo.fileName, reason: `${photo.fileName} was not added: a listing can have at most ${MAX_LISTING_PHOTOS} photos` });
          await removeStored(photo.keys);
        }
        if (saved.rows.length === 0) throw everyPhotoRefused(rejected);
        const kept: AcceptedPhoto[] = saved.rows.map((row, i) => {
          const photo = accepted[i];
          if (!photo) throw new Error('addPhotos: a saved row without its photo');
          return { ...toPhoto({ id: row.id, url: photo.url, cardUrl: photo.cardUrl, position: row.position }), fileName: photo.fileName };
        });
        const photos = (await repository.photos(id)).map(toPhoto);
        const editNote = kept.length > 0 && listing.approval !== 'pending' ? ' The listing is pending review again.' : '';
        const message =
          rejected.length === 0
            ? `${kept.length} photo${kept.length === 1 ? '' : 's'} added.${editNote}`
            : `${kept.length} photo${kept.length === 1 ? '' : 's'} added, ${rejected.length} not added.${editNote}`;
        return { message, accepted: kept, rejected, photos, approval: saved.state.approval, status: saved.state.status };
      } finally {
        if (staged.length > 0) await settleStaged(staged);
      }
    },

    /** DELETE /api/project/upload/{id}/photos/{mediaId}: the owner removes a photo (an edit: back to pending review). */
    async deletePhoto(principal: Principal, id: number, mediaId: number) {
      const owner = await ownerOf(principal);
      const at = clock();
      const { removed, state, before } = await repository.transaction(async (tx) => {
        const listing = await ownedListing(tx, owner, id, true);
        const row = await tx.deletePhoto(id, mediaId);
        if (!row) throw new DomainError('NOT_FOUND', `Photo ${mediaId} not found on listing ${id}`, { field: 'mediaId' });
        return { removed: row, state: await applyEdit(tx, owner, listing, at), before: listing.approval };
      });
      if (removed.storageKey) await removeStored(photoKeys(removed.storageKey));
      const photos = (await repository.photos(id)).map(toPhoto);
      return { message: `Photo removed.${before !== 'pending' ? ' The listing is pending review again.' : ''}`, photos, approval: state.approval, status: state.status };
    },
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
