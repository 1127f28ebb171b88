/** Moderation: the provider's remarks on a listing and the audit trail of every decision. */
import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { SUBJECT_KINDS } from '../enums';
import { createdAt, id, oneOf } from './columns';
import { providerStaff } from './accounts';
import { projects } from './catalogue';

/** spec §3 'remarks (map of timestamp to message)': one row per remark, mapped to the map at the API edge. */
export const projectRemarks = pgTable(
  'project_remarks',
  {
    id: id(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    authorStaffId: integer('author_staff_id').references(() => providerStaff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('project_remarks_project_idx').on(t.projectId, t.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    actorStaffId: integer('actor_staff_id').references(() => providerStaff.id, { onDelete: 'set null' }),
    // Who acted when it was not staff (issue 5: an owner's edit sends a listing back to review). No foreign key:
    // the trail outlives the account. Null kind on older rows means staff (or the system when no staff id).
    actorKind: text('actor_kind', { enum: SUBJECT_KINDS }),
    actorId: integer('actor_id'),
    // e.g. 'approve', 'reject', 'publish'.
    action: text('action').notNull(),
    // e.g. 'project', 'broker', 'blog', 'banner', 'faq', 'review'.
    entityKind: text('entity_kind').notNull(),
    entityId: integer('entity_id').notNull(),
    fromState: text('from_state'),
    toState: text('to_state'),
    remark: text('remark'),
    // Issue 14: the record's fields before and after an edit from the back office (only the fields that changed,
    // as JSON), so the console can show what a change did. Null on decisions, which say it in from/to state.
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityKind, t.entityId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
    oneOf('audit_log_actor_kind_check', t.actorKind, SUBJECT_KINDS),
  ],
);
