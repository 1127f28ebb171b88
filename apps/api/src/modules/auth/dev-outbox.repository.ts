import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, desc, eq, type SQL } from '@nivaas/db/orm';

const { outboxMessages } = schema;

/** SQL for reading the outbox (development only); the outbox sender writes it. */
export function createDevOutboxRepository(db: Db) {
  return {
    /** Newest first (by id: rows are numbered in the order they were stored). */
    list(filters: { recipient?: string | undefined; purpose?: string | undefined }, limit: number) {
      const conditions: SQL[] = [];
      if (filters.recipient !== undefined) conditions.push(eq(outboxMessages.recipient, filters.recipient));
      if (filters.purpose !== undefined) conditions.push(eq(outboxMessages.purpose, filters.purpose));
      return db
        .select()
        .from(outboxMessages)
        .where(and(...conditions))
        .orderBy(desc(outboxMessages.id))
        .limit(limit);
    },
  };
}

export type DevOutboxRepository = ReturnType<typeof createDevOutboxRepository>;
