import type { AdminBrokersQuery } from '@nivaas/contracts/people-admin.schema';
import type { Approval, Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from '@nivaas/db/orm';
import type { AuditWriter } from '../../lib/audit-trail';
import { containsPattern } from '../../lib/like-pattern';

const { brokers, cities } = schema;

export interface AdminBrokerRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  cityId: number | null;
  cityName: string | null;
  approval: Approval;
  suspendedAt: Date | null;
  suspensionReason: string | null;
  liveListings: number;
}

export interface StandingChange {
  id: number;
  staffId: number;
  /** 'suspend' sets the hold with its reason; 'reinstate' lifts it. */
  action: 'suspend' | 'reinstate';
  reason: string | null;
  at: Date;
}

/** Listings the broker has approved and switched on: what a visitor sees of them unless they are suspended. */
const liveListings = sql<number>`(select count(*) from projects p where p.broker_id = ${brokers.id} and p.approval = 'approved' and p.status = 'active')`.mapWith(Number);

const columns = {
  id: brokers.id,
  name: brokers.name,
  email: brokers.email,
  phone: brokers.phone,
  company: brokers.company,
  cityId: brokers.cityId,
  cityName: cities.name,
  approval: brokers.approval,
  suspendedAt: brokers.suspendedAt,
  suspensionReason: brokers.suspensionReason,
  liveListings,
};

/** SQL for the provider's list of brokers and their suspension; no HTTP, no rules. */
export function createBrokerStandingRepository(db: Db, recordAudit: AuditWriter) {
  function find(id: number): Promise<AdminBrokerRow | undefined> {
    return db
      .select(columns)
      .from(brokers)
      .leftJoin(cities, eq(cities.id, brokers.cityId))
      .where(eq(brokers.id, id))
      .then(([row]) => row);
  }

  return {
    find,

    /** Newest registration first; every word of `q` must match the name, e-mail, phone or company. */
    async list({ q, standing }: Pick<AdminBrokersQuery, 'q' | 'standing'>, offset: number, limit: number): Promise<{ rows: AdminBrokerRow[]; total: number }> {
      const conditions: (SQL | undefined)[] = [standing === 'suspended' ? isNotNull(brokers.suspendedAt) : standing === 'active' ? isNull(brokers.suspendedAt) : undefined];
      for (const word of (q ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) {
        const pattern = containsPattern(word);
        conditions.push(sql`(${brokers.name} ilike ${pattern} or ${brokers.email} ilike ${pattern} or ${brokers.phone} ilike ${pattern} or ${brokers.company} ilike ${pattern})`);
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db.select(columns).from(brokers).leftJoin(cities, eq(cities.id, brokers.cityId)).where(where).orderBy(desc(brokers.createdAt), desc(brokers.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(brokers).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * Suspends or reinstates, with its audit row, in one transaction. Conditional on the current hold (not
     * suspended to suspend, suspended to reinstate), so of two parallel requests one wins and the other is told.
     * The broker's listings are not touched: the public rule reads the hold (lib/public-items.ts).
     */
    change({ id, staffId, action, reason, at }: StandingChange): Promise<boolean> {
      return db.transaction(async (tx) => {
        const suspend = action === 'suspend';
        const [row] = await tx
          .update(brokers)
          .set(suspend ? { suspendedAt: at, suspensionReason: reason, updatedAt: at } : { suspendedAt: null, suspensionReason: null, updatedAt: at })
          .where(and(eq(brokers.id, id), suspend ? isNull(brokers.suspendedAt) : isNotNull(brokers.suspendedAt)))
          .returning({ id: brokers.id });
        if (!row) return false;
        await recordAudit(tx, {
          actorKind: 'provider',
          actorId: staffId,
          action,
          entityKind: 'broker',
          entityId: id,
          fromState: suspend ? 'active' : 'suspended',
          toState: suspend ? 'suspended' : 'active',
          remark: reason,
          at,
        });
        return true;
      });
    },
  };
}

export type BrokerStandingRepository = ReturnType<typeof createBrokerStandingRepository>;
