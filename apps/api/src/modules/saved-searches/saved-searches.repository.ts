import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from '@nivaas/db/orm';

const { brokers, projects, savedSearches, savedSearchNotifications, users } = schema;

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
  /** The uploader: a user's listing (owner) or a broker's. Nobody is told about their own listing (issue 17). */
  ownerId: number | null;
  brokerId: number | null;
}

/** One notice as the user's list shows it: a listing and the searches of theirs it matched. */
export interface NoticeRow {
  id: number;
  projectId: number;
  projectName: string;
  sentAt: Date;
  searches: { id: number; name: string }[];
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
        // Issue 17: the uploader is never alerted about their own listing: not the user who uploaded it, and not a
        // user account of the broker who did (the same e-mail or phone; user and broker accounts are separate).
        listing.ownerId === null ? sql`true` : sql`${users.id} <> ${listing.ownerId}`,
        listing.brokerId === null
          ? sql`true`
          : sql`not exists (select 1 from ${brokers} b where b.id = ${listing.brokerId} and (lower(b.email) = lower(${users.email}) or b.phone = ${users.phone}))`,
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

    /**
     * The user's notices, newest first: one per listing (a message named every search it matched), with the
     * searches still held. Counted by listing.
     */
    async notices(userId: number, offset: number, limit: number): Promise<{ rows: NoticeRow[]; total: number }> {
      const mine = eq(savedSearches.userId, userId);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: sql<number>`min(${savedSearchNotifications.id})`.mapWith(Number),
            projectId: savedSearchNotifications.projectId,
            projectName: projects.name,
            sentAt: sql<Date>`max(${savedSearchNotifications.sentAt})`.mapWith((value: string | Date) => new Date(value)),
            searches: sql<{ id: number; name: string }[]>`json_agg(json_build_object('id', ${savedSearches.id}, 'name', ${savedSearches.name}) order by ${savedSearches.id})`,
          })
          .from(savedSearchNotifications)
          .innerJoin(savedSearches, eq(savedSearches.id, savedSearchNotifications.savedSearchId))
          .innerJoin(projects, eq(projects.id, savedSearchNotifications.projectId))
          .where(mine)
          .groupBy(savedSearchNotifications.projectId, projects.name)
          .orderBy(sql`max(${savedSearchNotifications.sentAt}) desc`, desc(savedSearchNotifications.projectId))
          .limit(limit)
          .offset(offset),
        db
          .select({ n: sql<number>`count(distinct ${savedSearchNotifications.projectId})`.mapWith(Number) })
          .from(savedSearchNotifications)
          .innerJoin(savedSearches, eq(savedSearches.id, savedSearchNotifications.savedSearchId))
          .where(mine),
      ]);
      return { rows, total: total?.n ?? 0 };
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
