import type { Approval, Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, eq, type SQL, sql } from '@nivaas/db/orm';

const { brokers, locations, reviews, users, zones } = schema;

/** Who rates: a signed-in user or broker (the reviews row keeps one of user_id and broker_id). */
export interface Rater {
  kind: 'user' | 'broker';
  id: number;
}

/** The place rated, with the ids of the places containing it (reviews keep them so a city page can show its localities'). */
export type RatedPlace = { subject: 'location'; locationId: number; zoneId: number | null; cityId: number } | { subject: 'zone'; zoneId: number; cityId: number };

export interface RatingWrite {
  ratingValue: number;
  comment: string | null;
  authorName: string | null;
}

export interface StoredRating {
  id: number;
  ratingValue: number;
  comment: string | null;
  /** True when an earlier rating of the same place by the same person was replaced. */
  updated: boolean;
}

function byRater(rater: Rater): SQL {
  return rater.kind === 'user' ? eq(reviews.userId, rater.id) : eq(reviews.brokerId, rater.id);
}

function aboutPlace(place: RatedPlace): SQL | undefined {
  return place.subject === 'location'
    ? and(eq(reviews.subject, 'location'), eq(reviews.locationId, place.locationId))
    : and(eq(reviews.subject, 'zone'), eq(reviews.zoneId, place.zoneId));
}

/**
 * A replaced rating goes back to the provider's queue whatever its state (issue 14): a new text is reviewed before
 * it is shown, like a new rating, so neither an approved nor a rejected one can slip new words onto the site.
 */
function approvalAfterEdit(_current: Approval): Approval {
  return 'pending';
}

/** SQL for ratings of localities and zones (spec §7 /ratingroute/...); no HTTP, no response shapes. */
export function createRatingsRepository(db: Db) {
  return {
    async findLocation(id: number): Promise<RatedPlace | undefined> {
      const [row] = await db.select({ cityId: locations.cityId, zoneId: locations.zoneId }).from(locations).where(eq(locations.id, id));
      return row && { subject: 'location', locationId: id, zoneId: row.zoneId, cityId: row.cityId };
    },

    async findZone(id: number): Promise<RatedPlace | undefined> {
      const [row] = await db.select({ cityId: zones.cityId }).from(zones).where(eq(zones.id, id));
      return row && { subject: 'zone', zoneId: id, cityId: row.cityId };
    },

    /** The name a rating is shown under: the rater's own, as it is now. */
    async raterName(rater: Rater): Promise<string | null> {
      const table = rater.kind === 'user' ? users : brokers;
      const [row] = await db.select({ name: table.name }).from(table).where(eq(table.id, rater.id));
      return row?.name?.trim() || null;
    },

    /**
     * One rating per person per place: the first is stored, a later one replaces it. The person's ratings of the
     * place are serialised by a transaction-scoped advisory lock, so parallel submissions never store two; the
     * partial unique indexes (reviews_*_uq) stand behind it.
     */
    save(rater: Rater, place: RatedPlace, rating: RatingWrite, publishAs: Approval): Promise<StoredRating> {
      const placeId = place.subject === 'location' ? place.locationId : place.zoneId;
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rating:${rater.kind}:${rater.id}:${place.subject}:${placeId}`}))`);
        const [existing] = await tx
          .select({ id: reviews.id, approval: reviews.approval })
          .from(reviews)
          .where(and(aboutPlace(place), byRater(rater)));
        if (existing) {
          const [row] = await tx
            .update(reviews)
            .set({ ...rating, approval: approvalAfterEdit(existing.approval), createdAt: sql`now()` })
            .where(eq(reviews.id, existing.id))
            .returning({ id: reviews.id, ratingValue: reviews.ratingValue, comment: reviews.comment });
          if (!row) throw new Error('rating update returned no row');
          return { ...row, updated: true };
        }
        const owner = rater.kind === 'user' ? { userId: rater.id } : { brokerId: rater.id };
        const [row] = await tx
          .insert(reviews)
          .values({
            ...rating,
            ...owner,
            subject: place.subject,
            cityId: place.cityId,
            zoneId: place.zoneId,
            locationId: place.subject === 'location' ? place.locationId : null,
            approval: publishAs,
          })
          .returning({ id: reviews.id, ratingValue: reviews.ratingValue, comment: reviews.comment });
        if (!row) throw new Error('rating insert returned no row');
        return { ...row, updated: false };
      });
    },
  };
}

export type RatingsRepository = ReturnType<typeof createRatingsRepository>;
