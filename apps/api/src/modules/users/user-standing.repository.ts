import type { AdminUsersQuery } from '@nivaas/contracts/people-admin.schema';
import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from '@nivaas/db/orm';
import type { AuditWriter } from '../../lib/audit-trail';
import { containsPattern } from '../../lib/like-pattern';

const { users } = schema;

export interface AdminUserRow {
  id: number;
  name: string | null;
  phone: string | null;
  email: string | null;
  createdAt: Date;
  blockedAt: Date | null;
  blockReason: string | null;
}

const columns = {
  id: users.id,
  name: users.name,
  phone: users.phone,
  email: users.email,
  createdAt: users.createdAt,
  blockedAt: users.blockedAt,
  blockReason: users.blockReason,
};

/**
 * A phone as people type it ('+91 98765 43210', '98765-43210') to the digits users.phone holds; other text as is.
 * Only when the whole search reads as a phone, so an e-mail with digits in it is not mangled.
 */
function searchWords(q: string | undefined): string[] {
  const text = (q ?? '').trim();
  if (/^\+?[\d\s()-]{6,}$/.test(text)) {
    const digits = text.replace(/\D/g, '');
    return [digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits];
  }
  return text.split(/\s+/).filter(Boolean).slice(0, 5);
}

/** SQL for the provider's user look-up and blocks; no HTTP, no rules. */
export function createUserStandingRepository(db: Db, recordAudit: AuditWriter) {
  return {
    async find(id: number): Promise<AdminUserRow | undefined> {
      const [row] = await db.select(columns).from(users).where(eq(users.id, id));
      return row;
    },

    /** Newest account first; every word must match the phone, e-mail or name. */
    async list({ q, blocked }: Pick<AdminUsersQuery, 'q' | 'blocked'>, offset: number, limit: number): Promise<{ rows: AdminUserRow[]; total: number }> {
      const conditions: (SQL | undefined)[] = [blocked === 'blocked' ? isNotNull(users.blockedAt) : undefined];
      for (const word of searchWords(q)) {
        const pattern = containsPattern(word);
        conditions.push(sql`(${users.phone} ilike ${pattern} or ${users.email} ilike ${pattern} or ${users.name} ilike ${pattern})`);
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db.select(columns).from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Blocks or unblocks with its audit row in one transaction, conditional on the current state. */
    change({ id, staffId, action, reason, at }: { id: number; staffId: number; action: 'block' | 'unblock'; reason: string | null; at: Date }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const block = action === 'block';
        const [row] = await tx
          .update(users)
          .set(block ? { blockedAt: at, blockReason: reason, updatedAt: at } : { blockedAt: null, blockReason: null, updatedAt: at })
          .where(and(eq(users.id, id), block ? isNull(users.blockedAt) : isNotNull(users.blockedAt)))
          .returning({ id: users.id });
        if (!row) return false;
        await recordAudit(tx, {
          actorKind: 'provider',
          actorId: staffId,
          action,
          entityKind: 'user',
          entityId: id,
          fromState: block ? 'active' : 'blocked',
          toState: block ? 'blocked' : 'active',
          remark: reason,
          at,
        });
        return true;
      });
    },
  };
}

export type UserStandingRepository = ReturnType<typeof createUserStandingRepository>;
