import type { AuditEntityKind } from '@nivaas/contracts/moderation.schema';
import type { Db, Tx } from '@nivaas/db';
import { schema } from '@nivaas/db';

/**
 * The audit trail's one writer (the audit_log table; the console's audit log screen reads it through moderation).
 * Every state change writes its row here INSIDE the transaction of the change, so a change and its row commit or
 * fail together: moderation's decisions, the owner's edits in listings/, and every back-office write (issue 14).
 *
 * Back-office use, in a repository's transaction:
 *   await recordAudit(tx, { actorKind: 'provider', actorId: staffId, action: 'update', entityKind: 'builder',
 *     entityId: id, ...auditDiff(beforeRow, afterRow), at });
 */
export interface AuditInput {
  actorKind: 'user' | 'broker' | 'provider';
  actorId: number;
  action: string;
  entityKind: AuditEntityKind;
  entityId: number;
  fromState?: string | null;
  toState?: string | null;
  remark?: string | null;
  /** The fields that changed, before and after (see auditDiff). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  at: Date;
}

/** Writes one audit row on `db` or inside the caller's transaction (so a change and its audit row commit together). */
export type AuditWriter = (db: Db | Tx, entry: AuditInput) => Promise<void>;

/** One audit row (the provider's staff id also goes to actor_staff_id, which keeps its foreign key). */
export const recordAudit: AuditWriter = async (db, entry) => {
  await db.insert(schema.auditLog).values({
    actorStaffId: entry.actorKind === 'provider' ? entry.actorId : null,
    actorKind: entry.actorKind,
    actorId: entry.actorId,
    action: entry.action,
    entityKind: entry.entityKind,
    entityId: entry.entityId,
    fromState: entry.fromState ?? null,
    toState: entry.toState ?? null,
    remark: entry.remark ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: entry.at,
  });
};

type Snapshot = Record<string, unknown>;

/** Dates as ISO text, so a snapshot is plain JSON and two equal dates compare equal. */
function plain(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * What an audit row keeps of an edit: only the fields whose value changed, before and after (a created record has
 * no before; its after is every field given). `updatedAt`/`createdAt` are left out: every write moves them.
 * A record's publication (status/approval) also goes to from/to state as 'approval/status', as decisions write it.
 */
export function auditDiff(before: Snapshot | null, after: Snapshot): Pick<AuditInput, 'before' | 'after' | 'fromState' | 'toState'> {
  const skip = new Set(['updatedAt', 'createdAt']);
  const changedBefore: Snapshot = {};
  const changedAfter: Snapshot = {};
  for (const [key, value] of Object.entries(after)) {
    if (skip.has(key)) continue;
    const next = plain(value);
    const previous = before === null ? undefined : plain(before[key]);
    if (before !== null && JSON.stringify(previous) === JSON.stringify(next)) continue;
    if (before !== null) changedBefore[key] = previous ?? null;
    changedAfter[key] = next ?? null;
  }
  const state = (row: Snapshot | null) => (row && typeof row.approval === 'string' && typeof row.status === 'string' ? `${row.approval}/${row.status}` : null);
  return { before: before === null ? null : changedBefore, after: changedAfter, fromState: state(before), toState: state(after) };
}
