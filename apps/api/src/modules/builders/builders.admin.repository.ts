import type { AdminListQuery } from '@nivaas/contracts/admin.schema';
import type { Db, Tx } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, count, desc, eq, or, type SQL, sql } from '@nivaas/db/orm';
import { type AuditInput, recordAudit } from '../../lib/audit-trail';
import { containsPattern } from '../../lib/like-pattern';
import { offsetOf } from '../../lib/page-window';

const { builders, projects } = schema;

/** A builder as the back office reads and writes it: every column, whatever its state. */
export type AdminBuilderRow = typeof builders.$inferSelect;
export type BuilderValues = Omit<typeof builders.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

function listWhere(query: AdminListQuery): SQL | undefined {
  const words = (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  return and(
    query.status ? eq(builders.status, query.status) : undefined,
    query.approval ? eq(builders.approval, query.approval) : undefined,
    ...words.map((word) => or(sql`${builders.name} ilike ${containsPattern(word)}`, sql`${builders.slug} ilike ${containsPattern(word)}`, /^\d{1,9}$/.test(word) ? eq(builders.id, Number(word)) : undefined)),
  );
}

function builderWrites(tx: Tx) {
  return {
    async lock(id: number): Promise<AdminBuilderRow | undefined> {
      const [row] = await tx.select().from(builders).where(eq(builders.id, id)).for('update');
      return row;
    },
    async insert(values: BuilderValues): Promise<AdminBuilderRow> {
      const [row] = await tx.insert(builders).values(values).returning();
      if (!row) throw new Error('builders insert answered no row');
      return row;
    },
    async update(id: number, values: Partial<BuilderValues>, at: Date): Promise<AdminBuilderRow> {
      const [row] = await tx.update(builders).set({ ...values, updatedAt: at }).where(eq(builders.id, id)).returning();
      if (!row) throw new Error('builders update answered no row');
      return row;
    },
    /** The audit row, in this same transaction. */
    audit: (entry: AuditInput) => recordAudit(tx, entry),
  };
}

export type BuilderWrites = ReturnType<typeof builderWrites>;

/** SQL for the provider's builder records (issue 14); no HTTP, no rules. */
export function createBuildersAdminRepository(db: Db) {
  const projectCount = sql<number>`(select count(*) from ${projects} p where p.builder_id = ${builders.id})`.mapWith(Number);
  return {
    async page(query: AdminListQuery): Promise<{ rows: (AdminBuilderRow & { projectCount: number })[]; total: number }> {
      const where = listWhere(query);
      const [rows, [counted]] = await Promise.all([
        db
          .select({ builder: builders, projectCount })
          .from(builders)
          .where(where)
          .orderBy(desc(builders.updatedAt), desc(builders.id))
          .limit(query.limit)
          .offset(offsetOf(query)),
        db.select({ total: count() }).from(builders).where(where),
      ]);
      return { rows: rows.map((row) => ({ ...row.builder, projectCount: row.projectCount })), total: counted?.total ?? 0 };
    },

    async one(id: number): Promise<(AdminBuilderRow & { projectCount: number }) | undefined> {
      const [row] = await db.select({ builder: builders, projectCount }).from(builders).where(eq(builders.id, id));
      return row ? { ...row.builder, projectCount: row.projectCount } : undefined;
    },

    transaction<T>(work: (writes: BuilderWrites) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(builderWrites(tx)));
    },
  };
}

export type BuildersAdminRepository = ReturnType<typeof createBuildersAdminRepository>;
