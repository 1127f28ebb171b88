import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from '@nivaas/db/orm';

const { savedSearches, savedSearchNotifications, users } = schema;

export interface SavedSearchRow {
  id: number;
  name: string;
  filters: Record<string, unknown>;
  createdAt: Date;
}

/** A saved search that may match a listing, with where to tell its owner. */
export interface CandidateRow {
  id: number;
  name: string;
  filters: Record<string, unknown>;
  userId: number;
  userName: string | null;
  userEmail: string | null;
  userPhone: string | null;
}

/** What a listing offers to the cheap first pass over saved searches (see candidatesFor). */
export interface ListingFacts {
  projectId: number;
  locationId: number;
  type: string;
  transactionTag: string | null;
}

const columns = { id: savedSearches.id, name: savedSearches.name, filters: savedSearches.filters, createdAt: savedSearches.createdAt };

/** SQL for saved searches and the record of which listings each has announced; no HTTP, no response shapes. */
export function createSavedSearchesRepository(db: Db) {
  return {
    /** The user's saved searches, newest first. */
    list(userId: number): Promise<SavedSearchRow[]> {
      return db.select(columns).from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
    },

    /**
     * Stores a saved search unless the user holds `limit` already (answers null then). The user's rows are
     * serialised by a transaction-scoped advisory lock, so parallel saves cannot pass the cap together.
     */
    create(userId: number, name: string, filters: Record<string, unknown>, limit: number): Promise<SavedSearchRow | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-searches:${userId}`}))`);
        const [held] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
        if ((held?.n ?? 0) >= limit) return null;
        const [row] = await tx.insert(savedSearches).values({ userId, name, filters }).returning(columns);
        return row ?? null;
      });
    },

    /** Deletes the user's own saved search; answers whether it was theirs and existed. */
    async deleteOwned(userId: number, id: number): Promise<boolean> {
      const removed = await db
        .delete(savedSearches)
        .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
        .returning({ id: savedSearches.id });
      return removed.length > 0;
    },

    /**
     * Saved searches that may match the listing and have not announced it yet: the first, cheap pass on the
     * filters any listing has one plain value for (locality, property type, transaction). The caller checks
     * each candidate exactly against the catalogue.
     */
    candidatesFor(listing: ListingFacts): Promise<CandidateRow[]> {
      const filter = (key: string): SQL => sql`${savedSearches.filters} -> ${key}`;
      const conditions: SQL[] = [
        sql`(${filter('locationId')} is null or ${savedSearches.filters} ->> 'locationId' = ${String(listing.locationId)})`,
        sql`(${filter('propertyType')} is null or ${filter('propertyType')} @> jsonb_build_array(${listing.type}::text))`,
        listing.transactionTag === null
          ? sql`${filter('transaction')} is null`
          : sql`(${filter('transaction')} is null or ${savedSearches.filters} ->> 'transaction' = ${listing.transactionTag})`,
        sql`not exists (select 1 from ${savedSearchNotifications} n where n.saved_search_id = ${savedSearches.id} and n.project_id = ${listing.projectId})`,
      ];
      return db
        .select({
          id: savedSearches.id,
          name: savedSearches.name,
          filters: savedSearches.filters,
          userId: savedSearches.userId,
          userName: users.name,
          userEmail: users.email,
          userPhone: users.phone,
        })
        .from(savedSearches)
        .innerJoin(users, eq(users.id, savedSearches.userId))
        .where(and(...conditions))
        .orderBy(asc(savedSearches.userId), asc(savedSearches.id));
    },

    /**
     * Records that these saved searches (all one user's) announced the listing, and answers the ids this call
     * recorded if the owner has not heard of the listing before, or none if they have (through an earlier search
     * or an earlier or parallel call): each owner is told once per listing. The unique (saved search, listing)
     * pair makes that hold across processes; the advisory lock on (user, listing) makes parallel calls for one
     * owner take turns, so one of them records everything and the others nothing.
     */
    claim(userId: number, projectId: number, savedSearchIds: number[]): Promise<number[]> {
      if (savedSearchIds.length === 0) return Promise.resolve([]);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-search-notify:${userId}:${projectId}`}))`);
        const [told] = await tx
          .select({ id: savedSearchNotifications.id })
          .from(savedSearchNotifications)
          .innerJoin(savedSearches, eq(savedSearches.id, savedSearchNotifications.savedSearchId))
          .where(and(eq(savedSearches.userId, userId), eq(savedSearchNotifications.projectId, projectId)))
          .limit(1);
        const rows = await tx
          .insert(savedSearchNotifications)
          .values([...savedSearchIds].sort((a, b) => a - b).map((savedSearchId) => ({ savedSearchId, projectId })))
          .onConflictDoNothing()
          .returning({ savedSearchId: savedSearchNotifications.savedSearchId });
        return told ? [] : rows.map((row) => row.savedSearchId);
      });
    },

    /** Undoes a claim whose message could not be sent, so a later call may try again. */
    async release(projectId: number, savedSearchIds: number[]): Promise<void> {
      if (savedSearchIds.length === 0) return;
      await db
        .delete(savedSearchNotifications)
        .where(and(eq(savedSearchNotifications.projectId, projectId), inArray(savedSearchNotifications.savedSearchId, savedSearchIds)));
    },
  };
}

export type SavedSearchesRepository = ReturnType<typeof createSavedSearchesRepository>;
