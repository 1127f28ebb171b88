import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from '@nivaas/db/orm';

const { cities, constructionProjects, contractors } = schema;

export interface ConstructionProjectFilter {
  tag: string | undefined;
  cityId: number | undefined;
  contractorId: number | undefined;
}

/**
 * A construction project a visitor may see: active, and either unattributed or by an approved contractor (a
 * pending or rejected contractor's work is as hidden as the contractor). Used with the contractor left-joined.
 */
function publicProjects({ tag, cityId, contractorId }: ConstructionProjectFilter): SQL | undefined {
  return and(
    eq(constructionProjects.status, 'active'),
    or(isNull(constructionProjects.contractorId), eq(contractors.approval, 'approved')),
    // spec §7 sends tag= for 'all'; a tag matches whatever its case.
    tag ? sql`lower(${constructionProjects.tag}) = lower(${tag})` : undefined,
    cityId === undefined ? undefined : eq(constructionProjects.cityId, cityId),
    contractorId === undefined ? undefined : eq(constructionProjects.contractorId, contractorId),
  );
}

function approvedContractors(cityId?: number): SQL | undefined {
  return and(eq(contractors.approval, 'approved'), cityId === undefined ? undefined : eq(contractors.cityId, cityId));
}

/** Contractors' phone and e-mail are never selected: enquiries go through the portal. */
const contractorColumns = {
  id: contractors.id,
  companyName: contractors.companyName,
  slug: contractors.slug,
  services: contractors.services,
  cityId: contractors.cityId,
  cityName: cities.name,
  rating: contractors.rating,
  yearsInBusiness: contractors.yearsInBusiness,
  logoUrl: contractors.logoUrl,
  description: contractors.description,
};

/** SQL for the construction-services directory; no HTTP, no response shapes. */
export function createConstructionRepository(db: Db) {
  return {
    async countPublicProjects(filter: ConstructionProjectFilter): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(constructionProjects)
        .leftJoin(contractors, eq(contractors.id, constructionProjects.contractorId))
        .where(publicProjects(filter));
      return row?.total ?? 0;
    },

    /** Newest first, id as the tie-break so pages never overlap. */
    listPublicProjects(filter: ConstructionProjectFilter, offset: number, limit: number) {
      return db
        .select({
          id: constructionProjects.id,
          name: constructionProjects.name,
          tag: constructionProjects.tag,
          description: constructionProjects.description,
          imageUrl: constructionProjects.imageUrl,
          cityId: constructionProjects.cityId,
          cityName: cities.name,
          contractorId: contractors.id,
          contractorName: contractors.companyName,
          contractorSlug: contractors.slug,
        })
        .from(constructionProjects)
        .leftJoin(contractors, eq(contractors.id, constructionProjects.contractorId))
        .leftJoin(cities, eq(cities.id, constructionProjects.cityId))
        .where(publicProjects(filter))
        .orderBy(desc(constructionProjects.createdAt), desc(constructionProjects.id))
        .limit(limit)
        .offset(offset);
    },

    async countApprovedContractors(cityId: number | undefined): Promise<number> {
      const [row] = await db.select({ total: count() }).from(contractors).where(approvedContractors(cityId));
      return row?.total ?? 0;
    },

    /** Highest rated first (unrated last), then company name, then id. */
    listApprovedContractors(cityId: number | undefined, offset: number, limit: number) {
      return db
        .select(contractorColumns)
        .from(contractors)
        .leftJoin(cities, eq(cities.id, contractors.cityId))
        .where(approvedContractors(cityId))
        .orderBy(sql`${contractors.rating} desc nulls last`, asc(contractors.companyName), asc(contractors.id))
        .limit(limit)
        .offset(offset);
    },

    async findApprovedContractor(id: number) {
      const [row] = await db
        .select(contractorColumns)
        .from(contractors)
        .leftJoin(cities, eq(cities.id, contractors.cityId))
        .where(and(eq(contractors.id, id), approvedContractors()));
      return row;
    },

    /** Active projects per contractor, in one grouped query for a page of contractors. */
    activeProjectCounts(contractorIds: number[]) {
      if (contractorIds.length === 0) return Promise.resolve([]);
      return db
        .select({ contractorId: constructionProjects.contractorId, count: count() })
        .from(constructionProjects)
        .where(and(inArray(constructionProjects.contractorId, contractorIds), eq(constructionProjects.status, 'active')))
        .groupBy(constructionProjects.contractorId);
    },
  };
}

export type ConstructionRepository = ReturnType<typeof createConstructionRepository>;
export type ConstructionProjectRow = Awaited<ReturnType<ConstructionRepository['listPublicProjects']>>[number];
export type ContractorRow = NonNullable<Awaited<ReturnType<ConstructionRepository['findApprovedContractor']>>>;
