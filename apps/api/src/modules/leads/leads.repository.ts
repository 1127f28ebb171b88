import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, eq, gte, inArray, sql } from '@nivaas/db/orm';
import { publicItemConditions } from '../../lib/public-items';

const { leads, projects } = schema;

export interface NewLead {
  projectId: number | null;
  name: string;
  /** A help-chat lead may come with only one of the two (see LeadsService.submitFromChat). */
  phone: string | null;
  email: string | null;
  message: string | null;
  source: 'form' | 'chat';
  /** The signed-in user who enquired, when known. */
  userId?: number | null;
  createdAt: Date;
}

export interface DedupeWindow {
  /** Serialises every writer of the same enquiry, whatever minute each one lands in. */
  lockKey: string;
  /** The key stored with the lead: unique, so parallel identical inserts in one minute leave one row. */
  key: string;
  /** Keys a repeat within the window may have been stored under (this minute's and the previous one's). */
  recentKeys: string[];
  /** A stored enquiry at or after this time is a repeat. */
  since: Date;
}

/** SQL for enquiries; no HTTP, no response shapes. */
export function createLeadsRepository(db: Db) {
  return {
    /** Whether a visitor may see, and so enquire about, this project or listing: live and approved. */
    async isPublicItem(projectId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.id, projectId), ...publicItemConditions()));
      return row !== undefined;
    },

    /**
     * Stores the lead unless the same enquiry was stored within the window; answers the new lead's id, or null for
     * a repeat. The unique dedupe key alone settles parallel repeats within one minute (ON CONFLICT DO NOTHING);
     * the transaction-scoped advisory lock and the look-back settle a repeat that crosses into the next minute.
     */
    insertUnlessRecent(lead: NewLead, window: DedupeWindow): Promise<number | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${window.lockKey}))`);
        const [recent] = await tx
          .select({ id: leads.id })
          .from(leads)
          .where(and(inArray(leads.dedupeKey, window.recentKeys), gte(leads.createdAt, window.since)))
          .limit(1);
        if (recent) return null;
        const [inserted] = await tx
          .insert(leads)
          .values({ ...lead, stage: 'new', dedupeKey: window.key })
          .onConflictDoNothing({ target: leads.dedupeKey })
          .returning({ id: leads.id });
        return inserted?.id ?? null;
      });
    },
  };
}

export type LeadsRepository = ReturnType<typeof createLeadsRepository>;
