import type { AdminListQuery } from '@nivaas/contracts/admin.schema';
import { slugify } from '@nivaas/contracts/admin.schema';
import type { AdminBuilder, BuilderCreate, BuilderPatch } from '@nivaas/contracts/catalogue-admin.schema';
import type { Pagination } from '@nivaas/contracts/common.schema';
import { auditDiff } from '../../lib/audit-trail';
import { DomainError } from '../../lib/domain-error';
import { paginationOf } from '../../lib/page-window';
import { applyPublication, isPublic } from '../../lib/publication';
import { uniqueConflict } from '../../lib/unique-conflict';
import type { AdminBuilderRow, BuilderValues, BuildersAdminRepository } from './builders.admin.repository';
import { builderFields } from './builders.mapper';

const SLUG_TAKEN = { builders_slug_uq: { field: 'slug', message: 'Another builder already has this slug: choose another' } };

function toAdminBuilder(row: AdminBuilderRow & { projectCount: number }): AdminBuilder {
  return {
    ...builderFields(row),
    isPublic: isPublic(row),
    projectCount: row.projectCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The body's own fields as columns (`logo` is the public read's name for logo_url); undefined ones are left out. */
function valuesOf(body: BuilderPatch): Partial<BuilderValues> {
  const values: Partial<BuilderValues> = {};
  if (body.name !== undefined) values.name = body.name;
  if (body.slug !== undefined) values.slug = body.slug;
  if (body.logo !== undefined) values.logoUrl = body.logo;
  if (body.description !== undefined) values.description = body.description || null;
  if (body.establishedYear !== undefined) values.establishedYear = body.establishedYear;
  return values;
}

function messageOf(verb: string, row: AdminBuilderRow): string {
  return isPublic(row) ? `Builder ${verb}. It is on the site now.` : `Builder ${verb}. Visitors see it once it is active and approved.`;
}

/** Issue 14: the provider's builder records; each write and its audit row commit together. */
export function createBuildersAdminService({ repository, clock = () => new Date() }: { repository: BuildersAdminRepository; clock?: () => Date }) {
  async function get(id: number): Promise<AdminBuilder> {
    const row = await repository.one(id);
    if (!row) throw DomainError.notFound('Builder', id);
    return toAdminBuilder(row);
  }

  return {
    async list(query: AdminListQuery): Promise<{ items: AdminBuilder[]; pagination: Pagination }> {
      const { rows, total } = await repository.page(query);
      return { items: rows.map(toAdminBuilder), pagination: paginationOf(query, rows.length, total) };
    },

    get,

    async create(staffId: number, body: BuilderCreate): Promise<{ message: string; item: AdminBuilder }> {
      const change = applyPublication(null, body);
      const slug = body.slug ?? slugify(body.name);
      if (!slug) throw new DomainError('VALIDATION', 'Give a slug: the name has no letters or digits to make one from', { field: 'slug' });
      const at = clock();
      try {
        const row = await repository.transaction(async (writes) => {
          const created = await writes.insert({ ...valuesOf(body), name: body.name, slug, ...change.next });
          await writes.audit({ actorKind: 'provider', actorId: staffId, action: change.action, entityKind: 'builder', entityId: created.id, remark: body.remark ?? null, ...auditDiff(null, created), at });
          return created;
        });
        return { message: messageOf('created', row), item: await get(row.id) };
      } catch (error) {
        throw uniqueConflict(error, SLUG_TAKEN);
      }
    },

    async update(staffId: number, id: number, body: BuilderPatch): Promise<{ message: string; item: AdminBuilder }> {
      const at = clock();
      try {
        const row = await repository.transaction(async (writes) => {
          const before = await writes.lock(id);
          if (!before) throw DomainError.notFound('Builder', id);
          const change = applyPublication(before, body);
          const after = await writes.update(id, { ...valuesOf(body), ...change.next }, at);
          await writes.audit({ actorKind: 'provider', actorId: staffId, action: change.action, entityKind: 'builder', entityId: id, remark: body.remark ?? null, ...auditDiff(before, after), at });
          return after;
        });
        return { message: messageOf('saved', row), item: await get(row.id) };
      } catch (error) {
        throw uniqueConflict(error, SLUG_TAKEN);
      }
    },
  };
}

export type BuildersAdminService = ReturnType<typeof createBuildersAdminService>;
