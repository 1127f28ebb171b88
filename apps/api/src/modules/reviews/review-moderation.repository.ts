import type { ReviewQueueQuery } from '@nivaas/contracts/review-moderation.schema';
import type { Approval, Db, ReviewSubject } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, asc, count, eq, type SQL, sql } from '@nivaas/db/orm';
import type { AuditWriter } from '../../lib/audit-trail';
import { containsPattern } from '../../lib/like-pattern';

const { reviews } = schema;

export interface QueueRow {
  id: number;
  subject: ReviewSubject;
  placeId: number;
  placeName: string;
  cityId: number | null;
  cityName: string | null;
  ratingValue: number;
  comment: string | null;
  authorName: string | null;
  approval: Approval;
  createdAt: Date;
}

export interface ReviewDecision {
  id: number;
  staffId: number;
  action: 'approve' | 'reject';
  from: Approval;
  to: Approval;
  remark: string | null;
  at: Date;
}

/** The place a review is about, by its subject: a city, a zone or a locality (reviews_subject_id_check). */
const placeId = sql<number>`case ${reviews.subject} when 'city' then ${reviews.cityId} when 'zone' then ${reviews.zoneId} else ${reviews.locationId} end`;
const placeName = sql<string>`case ${reviews.subject}
  when 'city' then (select c.name from cities c where c.id = ${reviews.cityId})
  when 'zone' then (select z.name from zones z where z.id = ${reviews.zoneId})
  else (select l.name from locations l where l.id = ${reviews.locationId}) end`;
const cityName = sql<string | null>`(select c.name from cities c where c.id = ${reviews.cityId})`;

/** SQL for the provider's review queue and decisions; no HTTP, no rules. */
export function createReviewModerationRepository(db: Db, recordAudit: AuditWriter) {
  return {
    /** Oldest first (the longest waiting is decided first), id as the tie-break so pages never overlap. */
    async queue({ approval, subject, q }: Pick<ReviewQueueQuery, 'approval' | 'subject' | 'q'>, offset: number, limit: number): Promise<{ rows: QueueRow[]; total: number }> {
      const conditions: (SQL | undefined)[] = [eq(reviews.approval, approval), subject === undefined ? undefined : eq(reviews.subject, subject)];
      for (const word of (q ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) {
        const pattern = containsPattern(word);
        conditions.push(sql`(${reviews.comment} ilike ${pattern} or ${reviews.authorName} ilike ${pattern} or ${placeName} ilike ${pattern} or ${cityName} ilike ${pattern})`);
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: reviews.id,
            subject: reviews.subject,
            placeId,
            placeName,
            cityId: reviews.cityId,
            cityName,
            ratingValue: reviews.ratingValue,
            comment: reviews.comment,
            authorName: reviews.authorName,
            approval: reviews.approval,
            createdAt: reviews.createdAt,
          })
          .from(reviews)
          .where(where)
          .orderBy(asc(reviews.createdAt), asc(reviews.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(reviews).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async approvalOf(id: number): Promise<Approval | undefined> {
      const [row] = await db.select({ approval: reviews.approval }).from(reviews).where(eq(reviews.id, id));
      return row?.approval;
    },

    /**
     * The decision and its audit row in one transaction. The UPDATE is conditional on the state it was decided
     * from, so of parallel decisions exactly one changes the row; the others get `false` and are told the state now.
     */
    decide({ id, staffId, action, from, to, remark, at }: ReviewDecision): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(reviews)
          .set({ approval: to })
          .where(and(eq(reviews.id, id), eq(reviews.approval, from)))
          .returning({ id: reviews.id });
        if (!row) return false;
        await recordAudit(tx, { actorKind: 'provider', actorId: staffId, action, entityKind: 'review', entityId: id, fromState: from, toState: to, remark, at });
        return true;
      });
    },
  };
}

export type ReviewModerationRepository = ReturnType<typeof createReviewModerationRepository>;
