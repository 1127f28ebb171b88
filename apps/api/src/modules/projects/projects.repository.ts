import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, arrayContains, asc, eq, inArray, type SQL, sql } from '@nivaas/db/orm';

const { builders, cities, locations, projectMedia, projectRemarks, projects, units, zones } = schema;

const projectColumns = {
  id: projects.id,
  name: projects.name,
  type: projects.type,
  item: projects.item,
  status: projects.status,
  approval: projects.approval,
  description: projects.description,
  updatedAt: projects.updatedAt,
  ownerId: projects.ownerId,
  brokerId: projects.brokerId,
  builderId: projects.builderId,
  tags: projects.tags,
  transactionTag: projects.transactionTag,
  possessionDate: projects.possessionDate,
  reraNumber: projects.reraNumber,
  amenities: projects.amenities,
  cityId: projects.cityId,
  cityName: cities.name,
  zoneId: projects.zoneId,
  zoneName: zones.name,
  locationId: projects.locationId,
  locationName: locations.name,
  builderName: builders.name,
};

/** A project with the names of the places and builder it points at, as one joined row. */
export type ProjectRow = Awaited<ReturnType<ReturnType<typeof createProjectsRepository>['randomPublicPage']>>[number];
export type UnitRow = Awaited<ReturnType<ReturnType<typeof createProjectsRepository>['unitsFor']>>[number];
export type ProjectMediaRow = Awaited<ReturnType<ReturnType<typeof createProjectsRepository>['mediaFor']>>[number];
export type RemarkRow = Awaited<ReturnType<ReturnType<typeof createProjectsRepository>['remarksFor']>>[number];

export interface RandomPageQuery {
  tag: string | undefined;
  cityId: number | undefined;
  /** Same seed, same order: every page of one shuffle comes from one seed. */
  seed: string;
  offset: number;
  limit: number;
}

/** What the public may see (spec §9): builder projects that are live and approved. */
function publicProjects(): SQL[] {
  return [eq(projects.item, 'project'), eq(projects.status, 'active'), eq(projects.approval, 'approved')];
}

export function createProjectsRepository(db: Db) {
  return {
    /**
     * A shuffled page: rows ordered by md5(seed || id), with id breaking (astronomically unlikely) ties.
     * A pure function of the seed, so consecutive pages neither repeat nor skip a project.
     */
    randomPublicPage({ tag, cityId, seed, offset, limit }: RandomPageQuery) {
      const filters = publicProjects();
      if (tag) filters.push(arrayContains(projects.tags, [tag]));
      if (cityId !== undefined) filters.push(eq(projects.cityId, cityId));
      return db
        .select(projectColumns)
        .from(projects)
        .innerJoin(cities, eq(cities.id, projects.cityId))
        .innerJoin(locations, eq(locations.id, projects.locationId))
        .leftJoin(zones, eq(zones.id, projects.zoneId))
        .leftJoin(builders, eq(builders.id, projects.builderId))
        .where(and(...filters))
        .orderBy(sql`md5(${seed} || ${projects.id}::text)`, asc(projects.id))
        .limit(limit)
        .offset(offset);
    },

    /** Every unit column is part of the API's Unit, so the whole row is read. */
    unitsFor(projectIds: number[]) {
      return db
        .select()
        .from(units)
        .where(inArray(units.projectId, projectIds))
        .orderBy(asc(units.projectId), asc(units.minPrice), asc(units.id));
    },

    /** spec §3: the first media item is the card photo, so the seeded position order matters. */
    mediaFor(projectIds: number[]) {
      return db
        .select({ projectId: projectMedia.projectId, title: projectMedia.title, url: projectMedia.url })
        .from(projectMedia)
        .where(inArray(projectMedia.projectId, projectIds))
        .orderBy(asc(projectMedia.projectId), asc(projectMedia.position), asc(projectMedia.id));
    },

    remarksFor(projectIds: number[]) {
      return db
        .select({
          id: projectRemarks.id,
          projectId: projectRemarks.projectId,
          message: projectRemarks.message,
          createdAt: projectRemarks.createdAt,
        })
        .from(projectRemarks)
        .where(inArray(projectRemarks.projectId, projectIds))
        .orderBy(asc(projectRemarks.projectId), asc(projectRemarks.createdAt), asc(projectRemarks.id));
    },
  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
