import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, count, desc, eq, type SQL, sql } from '@nivaas/db/orm';

const { favourites } = schema;

/** Whose favourites: a user's or a broker's (spec §6). Exactly one of the two owns each row (favourites_one_owner_check). */
export interface FavouriteOwner {
  kind: 'user' | 'broker';
  id: number;
}

function ownedBy(owner: FavouriteOwner): SQL {
  return owner.kind === 'user' ? eq(favourites.userId, owner.id) : eq(favourites.brokerId, owner.id);
}

export type AddOutcome = 'added' | 'already' | 'full';

/** SQL for favourites; no HTTP, no response shapes. */
export function createFavouritesRepository(db: Db) {
  return {
    /** The owner's favourite project ids, newest first (spec §4: an add goes to the front), id breaking ties. */
    async listIds(owner: FavouriteOwner): Promise<number[]> {
      const rows = await db
        .select({ projectId: favourites.projectId })
        .from(favourites)
        .where(ownedBy(owner))
        .orderBy(desc(favourites.createdAt), desc(favourites.id));
      return rows.map((row) => row.projectId);
    },

    /**
     * Adds one favourite unless the owner already holds it or holds `limit` already. The owner's rows are
     * serialised by a transaction-scoped advisory lock, so parallel adds can neither pass the cap together nor
     * fail on the unique pair (ON CONFLICT settles a repeat either way).
     */
    add(owner: FavouriteOwner, projectId: number, limit: number): Promise<AddOutcome> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`favourites:${owner.kind}:${owner.id}`}))`);
        const [held] = await tx
          .select({ id: favourites.id })
          .from(favourites)
          .where(and(ownedBy(owner), eq(favourites.projectId, projectId)));
        if (held) return 'already';
        const [total] = await tx.select({ n: count() }).from(favourites).where(ownedBy(owner));
        if ((total?.n ?? 0) >= limit) return 'full';
        const owned = owner.kind === 'user' ? { userId: owner.id } : { brokerId: owner.id };
        const inserted = await tx.insert(favourites).values({ ...owned, projectId }).onConflictDoNothing().returning({ id: favourites.id });
        return inserted.length > 0 ? 'added' : 'already';
      });
    },

    /** Removes the owner's favourite of this project, if held; answers whether a row went. */
    async remove(owner: FavouriteOwner, projectId: number): Promise<boolean> {
      const removed = await db
        .delete(favourites)
        .where(and(ownedBy(owner), eq(favourites.projectId, projectId)))
        .returning({ id: favourites.id });
      return removed.length > 0;
    },
  };
}

export type FavouritesRepository = ReturnType<typeof createFavouritesRepository>;
