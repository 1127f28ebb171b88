import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, asc, count, desc, eq, type SQL, sql } from '@nivaas/db/orm';
import { publicItemConditions } from '../../lib/public-items';

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

function approvedBrokers(cityId?: number): SQL | undefined {
  return and(eq(brokers.approval, 'approved'), cityId === undefined ? undefined : eq(brokers.cityId, cityId));
}

/** SQL for brokers' public profiles; no HTTP, no response shapes. */
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
