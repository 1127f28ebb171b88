import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from '@nivaas/db/orm';
import { recordTable } from '../../lib/back-office';

const { cities, constructionProjects, contractors } = schema;

type ProjectInsert = typeof constructionProjects.$inferInsert;
type ContractorInsert = typeof contractors.$inferInsert;
/** What the provider may set on a construction project and a contractor (issue 14); publication goes beside it. */
export type ConstructionProjectValues = Pick<ProjectInsert, 'name'> & Partial<Pick<ProjectInsert, 'tag' | 'description' | 'cityId' | 'imageUrl' | 'contractorId'>>;
export type ContractorValues = Pick<ContractorInsert, 'companyName'> &
  Partial<Pick<ContractorInsert, 'slug' | 'services' | 'cityId' | 'phone' | 'email' | 'rating' | 'yearsInBusiness' | 'logoUrl' | 'description'>>;

export interface ConstructionProjectFilter {
  tag: string | undefined;
  cityId: number | undefined;
  contractorId: number | undefined;
}

/**
 * A construction project a visitor may see: active and approved (issue 14), and either unattributed or by a public
 * contractor (a hidden contractor's work is as hidden as the contractor). Used with the contractor left-joined.
 */
function publicProjects({ tag, cityId, contractorId }: ConstructionProjectFilter): SQL | undefined {
  return and(
    eq(constructionProjects.status, 'active'),
    eq(constructionProjects.approval, 'approved'),
    or(isNull(constructionProjects.contractorId), and(eq(contractors.approval, 'approved'), eq(contractors.status, 'active'))),
    // spec §7 sends tag= for 'all'; a tag matches whatever its case.
    tag ? sql`lower(${constructionProjects.tag}) = lower(${tag})` : undefined,
    cityId === undefined ? undefined : eq(constructionProjects.cityId, cityId),
    contractorId === undefined ? undefined : eq(constructionProjects.contractorId, contractorId),
  );
}

/** A contractor a visitor may see: approved and (issue 14) active. */
function approvedContractors(cityId?: number): SQL | undefined {
  return and(eq(contractors.approval, 'approved'), eq(contractors.status, 'active'), cityId === undefined ? undefined : eq(contractors.cityId, cityId));
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
    /** The back office's lists and writes (every state): projects by name, tag and description; contractors by name, slug and e-mail. */
    projectRecords: recordTable<typeof constructionProjects, ConstructionProjectValues>(db, constructionProjects, [constructionProjects.name, constructionProjects.tag, constructionProjects.description]),
    contractorRecords: recordTable<typeof contractors, ContractorValues>(db, contractors, [contractors.companyName, contractors.slug, contractors.email]),

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
