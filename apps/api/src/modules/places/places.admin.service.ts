import { slugify } from '@nivaas/contracts/admin.schema';
import type {
  AdminCity,
  AdminLocation,
  AdminZone,
  CityCreate,
  CityPatch,
  LocationCreate,
  LocationPatch,
  PlaceListQuery,
  ZoneCreate,
  ZonePatch,
} from '@nivaas/contracts/catalogue-admin.schema';
import type { Pagination } from '@nivaas/contracts/common.schema';
import { auditDiff } from '../../lib/audit-trail';
import { DomainError } from '../../lib/domain-error';
import { paginationOf } from '../../lib/page-window';
import { uniqueConflict } from '../../lib/unique-conflict';
import type { UploadedImage } from '../../lib/back-office-routes';
import type { RecordImagesService } from '../listings/record-images.service';
import type { PlacesAdminRepository } from './places.admin.repository';

const SLUG_TAKEN = {
  cities_slug_uq: { field: 'slug', message: 'Another city already has this slug: choose another' },
  zones_city_slug_uq: { field: 'slug', message: 'This city already has a zone with this slug: choose another' },
  locations_city_slug_uq: { field: 'slug', message: 'This city already has a locality with this slug: choose another' },
};

function slugOf(given: string | undefined, name: string): string {
  const slug = given ?? slugify(name);
  if (!slug) throw new DomainError('VALIDATION', 'Give a slug: the name has no letters or digits to make one from', { field: 'slug' });
  return slug;
}

/** Defined fields only, so a PATCH leaves the rest as it was. */
function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

const byId = (id: number): PlaceListQuery => ({ page: 1, limit: 100, q: String(id) });

export type PlaceKind = 'city' | 'zone' | 'location';
const PLACE_NAMES: Record<PlaceKind, string> = { city: 'City', zone: 'Zone', location: 'Locality' };

/**
 * Issue 14: the provider's cities, zones and localities. A place is active (public) or inactive (its page and its
 * name in lists and search hidden); seeded places are active. No approval: places are the provider's own words, not
 * an uploader's. Nothing is deleted. Each write commits with its audit row; a duplicate slug is a 409 naming it.
 * Banners go through the listings' photo pipeline (record-images).
 */
export function createPlacesAdminService({ repository, images, clock = () => new Date() }: { repository: PlacesAdminRepository; images: RecordImagesService; clock?: () => Date }) {
  async function cities(query: PlaceListQuery): Promise<{ items: AdminCity[]; pagination: Pagination }> {
    const { rows, total } = await repository.cities(query);
    const items = rows.map((row) => ({ id: row.id, name: row.name, slug: row.slug, state: row.state, position: row.position, status: row.status, medias: row.medias, zoneCount: row.zoneCount, locationCount: row.locationCount }));
    return { items, pagination: paginationOf(query, items.length, total) };
  }
  async function zones(query: PlaceListQuery): Promise<{ items: AdminZone[]; pagination: Pagination }> {
    const { rows, total } = await repository.zones(query);
    const items = rows.map((row) => ({ id: row.zone.id, name: row.zone.name, slug: row.zone.slug, status: row.zone.status, bannerUrl: row.zone.bannerUrl, city: row.city, locationCount: row.locationCount }));
    return { items, pagination: paginationOf(query, items.length, total) };
  }
  async function locations(query: PlaceListQuery): Promise<{ items: AdminLocation[]; pagination: Pagination }> {
    const { rows, total } = await repository.locations(query);
    const items = rows.map((row) => ({
      id: row.location.id,
      name: row.location.name,
      slug: row.location.slug,
      status: row.location.status,
      bannerUrl: row.location.bannerUrl,
      city: row.city,
      zone: row.location.zoneId !== null && row.zoneName !== null ? { id: row.location.zoneId, name: row.zoneName } : null,
      lat: row.location.lat,
      lng: row.location.lng,
      projectCount: row.projectCount,
    }));
    return { items, pagination: paginationOf(query, items.length, total) };
  }
  const one = async <T extends { id: number }>(list: (query: PlaceListQuery) => Promise<{ items: T[] }>, id: number, what: string): Promise<T> => {
    const item = (await list(byId(id))).items.find((candidate) => candidate.id === id);
    if (!item) throw DomainError.notFound(what, id);
    return item;
  };
  async function write<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw uniqueConflict(error, SLUG_TAKEN);
    }
  }

  /** The zone must be of the locality's city. */
  async function checkZone(writes: Parameters<Parameters<PlacesAdminRepository['transaction']>[0]>[0], zoneId: number | null | undefined, cityId: number) {
    if (zoneId == null) return;
    const zone = await writes.lockZone(zoneId);
    if (!zone) throw new DomainError('VALIDATION', `No zone has id ${zoneId}`, { field: 'zoneId' });
    if (zone.cityId !== cityId) throw new DomainError('VALIDATION', 'This zone is not in the chosen city', { field: 'zoneId' });
  }

  const getters = { city: (id: number) => one(cities, id, 'City'), zone: (id: number) => one(zones, id, 'Zone'), location: (id: number) => one(locations, id, 'Locality') };

  return {
    cities,
    zones,
    locations,

    /**
     * `POST /api/admin/{cities|zones|locations}/{id}/banner`: the place's banner, checked and re-encoded like listing
     * photos; a city's goes in city_media (its one 'banner' row), a zone's or locality's on the row. Audited as an
     * edit with the old and new address.
     */
    async setBanner<K extends PlaceKind>(kind: K, staffId: number, id: number, file: UploadedImage | undefined): Promise<{ message: string; item: Awaited<ReturnType<(typeof getters)[K]>> }> {
      await getters[kind](id);
      await images.attach(`content/places/${kind}/${id}`, file, (url) =>
        repository.transaction(async (writes) => {
          const before = await writes.setBanner(kind, id, url);
          if (before === undefined) throw DomainError.notFound(PLACE_NAMES[kind], id);
          await writes.audit({ actorKind: 'provider', actorId: staffId, action: 'update', entityKind: kind, entityId: id, before: { bannerUrl: before }, after: { bannerUrl: url }, at: clock() });
        }),
      );
      const item = (await getters[kind](id)) as Awaited<ReturnType<(typeof getters)[K]>>;
      return { message: `${PLACE_NAMES[kind]} banner saved.`, item };
    },

    async createCity(staffId: number, body: CityCreate) {
      const at = clock();
      const row = await write(() =>
        repository.transaction(async (writes) => {
          const created = await writes.insertCity({ name: body.name, state: body.state, slug: slugOf(body.slug, body.name), position: body.position ?? (await writes.nextCityPosition()), status: body.status ?? 'active', createdAt: at });
          await writes.audit({ actorKind: 'provider', actorId: staffId, action: 'create', entityKind: 'city', entityId: created.id, ...auditDiff(null, created), at });
          return created;
        }),
      );
      return { message: 'City created.', item: await one(cities, row.id, 'City') };
    },

    async updateCity(staffId: number, id: number, body: CityPatch) {
      const at = clock();
      await write(() =>
        repository.transaction(async (writes) => {
          const before = await writes.lockCity(id);
          if (!before) throw DomainError.notFound('City', id);
          const changes = defined({ name: body.name, state: body.state, slug: body.slug, position: body.position, status: body.status });
          // An empty PATCH changes nothing (and an UPDATE needs something to set).
          const after = Object.keys(changes).length > 0 ? await writes.updateCity(id, changes) : before;
          await writes.audit({ actorKind: 'provider', actorId: staffId, action: 'update', entityKind: 'city', entityId: id, ...auditDiff(before, after), at });
        }),
      );
      return { message: 'City saved.', item: await one(cities, id, 'City') };
    },

    async createZone(staffId: number, body: ZoneCreate) {
      const at = clock();
      const row = await write(() =>
        repository.transaction(async (writes) => {
          if (!(await writes.lockCity(body.cityId))) throw new DomainError('VALIDATION', `No city has id ${body.cityId}`, { field: 'cityId' });
          const created = await writes.insertZone({ cityId: body.cityId, name: body.name, slug: slugOf(body.slug, body.name), status: body.status ?? 'active' });
          await writes.audit({ actorKind: 'provider', actorId: staffId, action: 'create', entityKind: 'zone', entityId: created.id, ...auditDiff(null, created), at });
          return created;
        }),
      );
      return { message: 'Zone created.', item: await one(zones, row.id, 'Zone') };
    },

    async updateZone(staffId: number, id: number, body: ZonePatch) {
      const at = clock();
      await write(() =>
        repository.transaction(async (writes) => {
          const before = await writes.lockZone(id);
          if (!before) throw DomainError.notFound('Zone', id);
          const changes = defined({ name: body.name, slug: body.slug, status: body.status });
          // An empty PATCH changes nothing (and an UPDATE needs something to set).
          const after = Object.keys(changes).length > 0 ? await writes.updateZone(id, changes) : before;
          await writes.audit({ actorKind: 'provider', actorId: staffId, action: 'update', entityKind: 'zone', entityId: id, ...auditDiff(before, after), at });
        }),
      );
      return { message: 'Zone saved.', item: await one(zones, id, 'Zone') };
    },

    async createLocation(staffId: number, body: LocationCreate) {
      const at = clock();
      const row = await write(() =>
        repository.transaction(async (writes) => {
          if (!(await writes.lockCity(body.cityId))) throw new DomainError('VALIDATION', `No city has id ${body.cityId}`, { field: 'cityId' });
          await checkZone(writes, body.zoneId, body.cityId);
          const created = await writes.insertLocation({ cityId: body.cityId, zoneId: body.zoneId ?? null, name: body.name, slug: slugOf(body.slug, body.name), lat: body.lat ?? null, lng: body.lng ?? null, status: body.status ?? 'active' });
          await writes.audit({ actorKind: 'provider', actorId: staffId, action: 'create', entityKind: 'location', entityId: created.id, ...auditDiff(null, created), at });
          return created;
        }),
      );
      return { message: 'Locality created.', item: await one(locations, row.id, 'Locality') };
    },

    async updateLocation(staffId: number, id: number, body: LocationPatch) {
      const at = clock();
      await write(() =>
        repository.transaction(async (writes) => {
          const before = await writes.lockLocation(id);
          if (!before) throw DomainError.notFound('Locality', id);
          await checkZone(writes, body.zoneId, before.cityId);
          const changes = defined({ zoneId: body.zoneId, name: body.name, slug: body.slug, lat: body.lat, lng: body.lng, status: body.status });
          // An empty PATCH changes nothing (and an UPDATE needs something to set).
          const after = Object.keys(changes).length > 0 ? await writes.updateLocation(id, changes) : before;
          await writes.audit({ actorKind: 'provider', actorId: staffId, action: 'update', entityKind: 'location', entityId: id, ...auditDiff(before, after), at });
        }),
      );
      return { message: 'Locality saved.', item: await one(locations, id, 'Locality') };
    },
  };
}

export type PlacesAdminService = ReturnType<typeof createPlacesAdminService>;
