import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, asc, count, desc, eq, sql } from '@nivaas/db/orm';
import { uniqueViolation } from '../../lib/pg-errors';
import { approvedBrokers, publicItemConditions } from '../../lib/public-items';
import { brokerAccountColumns } from '../auth/account-columns';

const { brokers, cities, projects } = schema;

/**
 * The columns of a public profile, and only those: phone, e-mail and password hash are never selected, so no
 * later change to a mapper can leak them.
 */
const publicColumns = {
  id: brokers.id,
  name: brokers.name,
  profilePhoto: brokers.profilePhoto,
  company: brokers.company,
  reraNumber: brokers.reraNumber,
  about: brokers.about,
  approval: brokers.approval,
  createdAt: brokers.createdAt,
  cityId: brokers.cityId,
  cityName: cities.name,
};

/** What a profile edit may change (issue 4: only editable fields; never approval, e-mail or id). */
export interface BrokerAccountPatch {
  name?: string;
  phone?: string;
  company?: string;
  reraNumber?: string;
  cityId?: number;
  about?: string | null;
  profilePhoto?: string | null;
}

/** SQL for brokers' public profiles and a broker's own record; no HTTP, no response shapes. */
export function createBrokersRepository(db: Db) {
  return {
    async countApproved(cityId: number | undefined): Promise<number> {
      const [row] = await db.select({ total: count() }).from(brokers).where(approvedBrokers(cityId));
      return row?.total ?? 0;
    },

    /** Approved brokers, most public listings first, then name, then id (stable across pages). */
    listApproved(cityId: number | undefined, offset: number, limit: number) {
      const counted = db
        .select({ brokerId: projects.brokerId, listingCount: count().as('listing_count') })
        .from(projects)
        .where(and(...publicItemConditions(), sql`${projects.brokerId} is not null`))
        .groupBy(projects.brokerId)
        .as('counted');
      const listingCount = sql<number>`coalesce(${counted.listingCount}, 0)`.mapWith(Number);
      return db
        .select({ ...publicColumns, listingCount })
        .from(brokers)
        .leftJoin(cities, eq(cities.id, brokers.cityId))
        .leftJoin(counted, eq(counted.brokerId, brokers.id))
        .where(approvedBrokers(cityId))
        .orderBy(desc(listingCount), asc(brokers.name), asc(brokers.id))
        .limit(limit)
        .offset(offset);
    },

    async findApproved(id: number) {
      const [row] = await db
        .select(publicColumns)
        .from(brokers)
        .leftJoin(cities, eq(cities.id, brokers.cityId))
        .where(and(eq(brokers.id, id), approvedBrokers()));
      return row;
    },

    /** A broker's own record (any approval), as the owner sees it. */
    async findAccount(id: number) {
      const [row] = await db.select(brokerAccountColumns).from(brokers).where(eq(brokers.id, id));
      return row;
    },

    async cityExists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, id));
      return row !== undefined;
    },

    /**
     * Writes the editable fields only (the type says which); answers the row as stored, undefined for no such
     * broker, or 'phone' when another broker holds the new number.
     */
    async updateAccount(id: number, patch: BrokerAccountPatch, now: Date) {
      try {
        const [row] = await db
          .update(brokers)
          .set({ ...patch, updatedAt: now })
          .where(eq(brokers.id, id))
          .returning(brokerAccountColumns);
        return row;
      } catch (error) {
        if (uniqueViolation(error) !== null) return 'phone' as const;
        throw error;
      }
    },

    /** Public listings of one broker per property type; types with none have no row. */
    listingCountsByType(brokerId: number) {
      return db
        .select({ type: projects.type, count: count() })
        .from(projects)
        .where(and(eq(projects.brokerId, brokerId), ...publicItemConditions()))
        .groupBy(projects.type);
    },
  };
}

export type BrokersRepository = ReturnType<typeof createBrokersRepository>;
export type BrokerRow = NonNullable<Awaited<ReturnType<BrokersRepository['findApproved']>>>;
export type BrokerTypeCount = Awaited<ReturnType<BrokersRepository['listingCountsByType']>>[number];
