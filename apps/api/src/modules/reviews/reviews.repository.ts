import type { Db } from '@nivaas/db';
import { type ReviewSubject, schema } from '@nivaas/db';
import { and, count, desc, eq, inArray, type SQL } from '@nivaas/db/orm';

const { cities, locations, reviews, zones } = schema;

/** Each subject's review rows carry its id in its own column (reviews_subject_id_check). */
const SUBJECT_COLUMN = {
  city: reviews.cityId,
  zone: reviews.zoneId,
  location: reviews.locationId,
} as const;

const PLACE_TABLE = { city: cities, zone: zones, location: locations } as const;

export interface StarCount {
  placeId: number;
  ratingValue: number;
  count: number;
}

/** Reviews of one place as a visitor may see them: about that place itself (not its localities), and approved. */
function approvedAbout(subject: ReviewSubject, placeIds: number[]): SQL | undefined {
  return and(eq(reviews.subject, subject), inArray(SUBJECT_COLUMN[subject], placeIds), eq(reviews.approval, 'approved'));
}

/** SQL for reviews of cities, zones and locations; no HTTP, no response shapes. */
export function createReviewsRepository(db: Db) {
  return {
    async placeExists(subject: ReviewSubject, id: number): Promise<boolean> {
      const table = PLACE_TABLE[subject];
      const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
      return row !== undefined;
    },

    /** Newest first, id as the tie-break so pages never overlap. */
    listApproved(subject: ReviewSubject, placeId: number, offset: number, limit: number) {
      return db
        .select({
          id: reviews.id,
          ratingValue: reviews.ratingValue,
          comment: reviews.comment,
          authorName: reviews.authorName,
          createdAt: reviews.createdAt,
        })
        .from(reviews)
        .where(approvedAbout(subject, [placeId]))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit)
        .offset(offset);
    },

    /** How many approved reviews gave each star value, per place: the whole summary in one grouped query. */
    starCounts(subject: ReviewSubject, placeIds: number[]): Promise<StarCount[]> {
      if (placeIds.length === 0) return Promise.resolve([]);
      const placeId = SUBJECT_COLUMN[subject];
      return db
        .select({ placeId: placeId, ratingValue: reviews.ratingValue, count: count() })
        .from(reviews)
        .where(approvedAbout(subject, placeIds))
        .groupBy(placeId, reviews.ratingValue)
        .then((rows) => rows.flatMap((row) => (row.placeId === null ? [] : [{ ...row, placeId: row.placeId }])));
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
export type ReviewRow = Awaited<ReturnType<ReviewsRepository['listApproved']>>[number];
