import type { AdminListQuery } from '@nivaas/contracts/admin.schema';
import type { AdminProject, ProjectCreate, ProjectPatch, ProjectPhotoRole } from '@nivaas/contracts/catalogue-admin.schema';
import type { Pagination } from '@nivaas/contracts/common.schema';
import { MAX_LISTING_PHOTOS, type UploadUnit } from '@nivaas/contracts/upload.schema';
import type { FastifyBaseLogger } from 'fastify';
import { auditDiff } from '../../lib/audit-trail';
import { DomainError, isDomainError } from '../../lib/domain-error';
import type { MediaStore } from '../../lib/media/media-store';
import { paginationOf } from '../../lib/page-window';
import { applyPublication, isPublic } from '../../lib/publication';
import { toOwnerListings, toPhoto } from './listings.mapper';
import type { NewUnit } from './listings.repository';
import { type IncomingPhoto, photoKeys, stageUploadPhotos } from './listings.service';
import { MAX_PHOTO_PIXELS } from './photo-processing';
import type { ProjectRowAll, ProjectValues, ProjectWrites, ProjectsAdminRepository } from './projects.admin.repository';

export interface ProjectsAdminDeps {
  repository: ProjectsAdminRepository;
  mediaStore: MediaStore;
  clock?: () => Date;
  log?: Pick<FastifyBaseLogger, 'error'>;
  maxPhotoPixels?: number;
}

function unitsOf(body: UploadUnit[]): NewUnit[] {
  return body.map((unit) => ({
    type: unit.type,
    minPrice: unit.minPrice,
    maxPrice: unit.maxPrice,
    facing: unit.facing ?? null,
    exteriorArea: unit.exteriorArea ?? null,
    floors: unit.floors ?? null,
    furnishing: unit.furnishing ?? null,
  }));
}

/** The body's own fields as columns (undefined ones left out); prices over all units kept on the project for filters. */
function valuesOf(body: ProjectPatch, unitRows: NewUnit[] | undefined): Partial<ProjectValues> {
  const values: Partial<ProjectValues> = {};
  if (body.name !== undefined) values.name = body.name;
  if (body.type !== undefined) values.type = body.type;
  if (body.builderId !== undefined) values.builderId = body.builderId;
  if (body.cityId !== undefined) values.cityId = body.cityId;
  if (body.zoneId !== undefined) values.zoneId = body.zoneId;
  if (body.locationId !== undefined) values.locationId = body.locationId;
  if (body.description !== undefined) values.description = body.description || null;
  if (body.tags !== undefined) values.tags = [...new Set(body.tags)];
  if (body.transactionTag !== undefined) values.transactionTag = body.transactionTag;
  if (body.possessionDate !== undefined) values.possessionDate = body.possessionDate;
  if (body.reraNumber !== undefined) values.reraNumber = body.reraNumber || null;
  if (body.amenities !== undefined) values.amenities = [...new Set(body.amenities)];
  if (unitRows) {
    values.minPrice = Math.min(...unitRows.map((unit) => unit.minPrice));
    values.maxPrice = Math.max(...unitRows.map((unit) => unit.maxPrice));
  }
  return values;
}

/** What the audit row keeps of a project: its columns and its units. */
function snapshot(row: ProjectRowAll, unitRows: NewUnit[]): Record<string, unknown> {
  return { ...row, units: unitRows };
}

/**
 * The catalogue's place: the locality exists and lies in the city, and in the zone when one is named (the zone is
 * taken from the locality when left out); the builder exists. Each refusal names its field (a 400, not a 500 from a
 * foreign key).
 */
async function checkRefs(writes: ProjectWrites, target: { cityId: number; zoneId?: number | null | undefined; locationId: number; builderId?: number | null | undefined }): Promise<number | null> {
  const { location, zone } = await writes.place(target.locationId, target.zoneId ?? null);
  if (!location) throw new DomainError('VALIDATION', `No locality has id ${target.locationId}`, { field: 'locationId' });
  if (location.cityId !== target.cityId) throw new DomainError('VALIDATION', 'This locality is not in the chosen city', { field: 'locationId' });
  if (target.zoneId != null) {
    if (!zone) throw new DomainError('VALIDATION', `No zone has id ${target.zoneId}`, { field: 'zoneId' });
    if (zone.cityId !== target.cityId) throw new DomainError('VALIDATION', 'This zone is not in the chosen city', { field: 'zoneId' });
    if (location.zoneId !== null && location.zoneId !== target.zoneId) throw new DomainError('VALIDATION', 'This locality is not in the chosen zone', { field: 'zoneId' });
  }
  if (target.builderId != null && !(await writes.builderExists(target.builderId))) throw new DomainError('VALIDATION', `No builder has id ${target.builderId}`, { field: 'builderId' });
  return target.zoneId ?? location.zoneId;
}

/**
 * Validates and writes one project with its units and its audit row, inside the transaction `writes` belongs to.
 * The bulk import (issue 14 part 3) calls this for each row of a file inside ONE transaction, so a file imports
 * all or nothing; the console's create calls it alone.
 */
export async function createProjectIn(writes: ProjectWrites, staffId: number, body: ProjectCreate, at: Date): Promise<number> {
  const change = applyPublication(null, body);
  const zoneId = await checkRefs(writes, body);
  const unitRows = unitsOf(body.units);
  const values = valuesOf(body, unitRows);
  const row = await writes.insert({ ...values, name: body.name, type: body.type, cityId: body.cityId, locationId: body.locationId, zoneId, ...change.next }, unitRows, at);
  await writes.audit({ actorKind: 'provider', actorId: staffId, action: change.action, entityKind: 'project', entityId: row.id, remark: body.remark ?? null, ...auditDiff(null, snapshot(row, unitRows)), at });
  return row.id;
}

function messageOf(verb: string, project: AdminProject): string {
  return project.isPublic ? `Project ${verb}. It is on the site now.` : `Project ${verb}. Visitors see it once it is active and approved.`;
}

/** Issue 14: the provider's builder projects: create, edit (units, publication), photos; each with its audit row. */
export function createProjectsAdminService({ repository, mediaStore, clock = () => new Date(), log, maxPhotoPixels = MAX_PHOTO_PIXELS }: ProjectsAdminDeps) {
  async function get(id: number): Promise<AdminProject> {
    const [project] = toOwnerListings(await repository.one(id));
    if (!project) throw DomainError.notFound('Project', id);
    return { ...project, isPublic: isPublic(project) };
  }

  const forget = async (keys: string[]) => {
    for (const key of keys) await mediaStore.delete(key).catch((error: unknown) => log?.error({ err: error, key }, 'could not remove a refused photo'));
  };

  return {
    get,

    async list(query: AdminListQuery): Promise<{ items: AdminProject[]; pagination: Pagination }> {
      const { page, total } = await repository.page(query);
      const items = toOwnerListings(page).map((project) => ({ ...project, isPublic: isPublic(project) }));
      return { items, pagination: paginationOf(query, items.length, total) };
    },

    /** Runs `work` in one transaction; `create` inside it is createProjectIn (the bulk import's entry). */
    transaction<T>(work: (session: { create(staffId: number, body: ProjectCreate): Promise<number> }) => Promise<T>): Promise<T> {
      const at = clock();
      return repository.transaction((writes) => work({ create: (staffId, body) => createProjectIn(writes, staffId, body, at) }));
    },

    async create(staffId: number, body: ProjectCreate): Promise<{ message: string; item: AdminProject }> {
      const at = clock();
      const id = await repository.transaction((writes) => createProjectIn(writes, staffId, body, at));
      const item = await get(id);
      return { message: messageOf('created', item), item };
    },

    async update(staffId: number, id: number, body: ProjectPatch): Promise<{ message: string; item: AdminProject }> {
      const at = clock();
      await repository.transaction(async (writes) => {
        const before = await writes.lock(id);
        if (!before) throw DomainError.notFound('Project', id);
        const change = applyPublication(before.row, body);
        const placeChanged = body.cityId !== undefined || body.zoneId !== undefined || body.locationId !== undefined || body.builderId !== undefined;
        let zoneId: number | null | undefined;
        if (placeChanged) {
          zoneId = await checkRefs(writes, {
            cityId: body.cityId ?? before.row.cityId,
            zoneId: body.zoneId !== undefined ? body.zoneId : body.locationId !== undefined ? undefined : before.row.zoneId,
            locationId: body.locationId ?? before.row.locationId,
            builderId: body.builderId,
          });
        }
        const unitRows = body.units ? unitsOf(body.units) : undefined;
        const values = { ...valuesOf(body, unitRows), ...(zoneId !== undefined ? { zoneId } : {}), ...change.next };
        const after = await writes.update(id, values, unitRows, at);
        await writes.audit({ actorKind: 'provider', actorId: staffId, action: change.action, entityKind: 'project', entityId: id, remark: body.remark ?? null, ...auditDiff(snapshot(before.row, before.units), snapshot(after, unitRows ?? before.units)), at });
      });
      const item = await get(id);
      return { message: messageOf('saved', item), item };
    },

    /**
     * `POST /api/admin/projects/{id}/photos`: the owners' pipeline (processPhoto: format read from the bytes,
     * re-encoded to two WebP variants, metadata dropped; staged until the rows commit), with a role. Banners go
     * first, since the first photo is the card photo (spec §3).
     */
    async addPhotos(staffId: number, id: number, role: ProjectPhotoRole, files: AsyncIterable<IncomingPhoto>) {
      await get(id);
      const staged: string[] = [];
      try {
        // The room is checked in the transaction below, against the rows as they are then.
        const { accepted, rejected } = await stageUploadPhotos(files, { projectId: id, mediaStore, maxPhotoPixels, noun: 'project', staged });
        const at = clock();
        const saved = await repository.transaction(async (writes) => {
          const locked = await writes.lock(id);
          if (!locked) throw DomainError.notFound('Project', id);
          const stats = await writes.photoStats(id);
          const room = Math.max(0, MAX_LISTING_PHOTOS - stats.count);
          const fitting = accepted.slice(0, room);
          // A banner goes in front of everything held; other roles after.
          const start = role === 'banner' ? -1_000_000 + stats.count : stats.maxPosition + 1;
          const rows = await writes.insertPhotos(fitting.map((photo, i) => ({ projectId: id, title: role, url: photo.url, cardUrl: photo.cardUrl, storageKey: photo.storageKey, position: start + i })));
          if (rows.length > 0) {
            await writes.audit({ actorKind: 'provider', actorId: staffId, action: 'add-photo', entityKind: 'project', entityId: id, before: null, after: { photos: fitting.map((photo) => photo.url), role }, at });
          }
          return rows.map((row, i) => ({ id: row.id, position: start + i }));
        });
        const kept = saved.length;
        // Committed: from here on the rows decide; the files are promoted or removed below, never by the catch.
        staged.length = 0;
        for (const photo of accepted.slice(0, kept)) {
          for (const key of photo.keys) await mediaStore.promote(key).catch((error: unknown) => log?.error({ err: error, key }, 'could not promote a staged photo; the sweep at the next start will'));
        }
        for (const photo of accepted.slice(kept)) {
          rejected.push({ fileName: photo.fileName, reason: `${photo.fileName} was not added: a project can have at most ${MAX_LISTING_PHOTOS} photos` });
          await forget(photo.keys);
        }
        const project = await get(id);
        const message = rejected.length === 0 ? `${kept} photo${kept === 1 ? '' : 's'} added.` : `${kept} photo${kept === 1 ? '' : 's'} added, ${rejected.length} not added.`;
        const acceptedPhotos = saved.flatMap((row, i) => {
          const photo = accepted[i];
          return photo ? [{ ...toPhoto({ id: row.id, url: photo.url, cardUrl: photo.cardUrl, position: row.position }), fileName: photo.fileName }] : [];
        });
        return { message, accepted: acceptedPhotos, rejected, photos: project.photos, approval: project.approval, status: project.status };
      } catch (error) {
        // A rule said no, so nothing committed: the staged files go. Anything else (a connection lost at COMMIT) may
        // have committed; the files stay staged and the start-up sweep decides by the rows.
        if (isDomainError(error)) await forget(staged);
        throw error;
      }
    },

    /** `DELETE /api/admin/projects/{id}/photos/{mediaId}`: the row goes with an audit row naming it; then its files. */
    async deletePhoto(staffId: number, id: number, mediaId: number) {
      const at = clock();
      const removed = await repository.transaction(async (writes) => {
        if (!(await writes.lock(id))) throw DomainError.notFound('Project', id);
        const row = await writes.deletePhoto(id, mediaId);
        if (!row) throw new DomainError('NOT_FOUND', `Photo ${mediaId} not found on project ${id}`, { field: 'mediaId' });
        await writes.audit({ actorKind: 'provider', actorId: staffId, action: 'remove-photo', entityKind: 'project', entityId: id, before: { photo: row.url, role: row.title }, after: {}, at });
        return row;
      });
      if (removed.storageKey) await forget(photoKeys(removed.storageKey));
      const project = await get(id);
      return { message: 'Photo removed.', photos: project.photos, approval: project.approval, status: project.status, removed: toPhoto(removed) };
    },
  };
}

export type ProjectsAdminService = ReturnType<typeof createProjectsAdminService>;
