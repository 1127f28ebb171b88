import type { Approval, Db, Status, Tx } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from '@nivaas/db/orm';
import { recordAudit } from '../../lib/audit-trail';
import { containsPattern } from '../../lib/like-pattern';

const { auditLog, brokers, builders, cities, projectRemarks, projects, users } = schema;

export interface OwnerRow {
  kind: 'user' | 'broker' | 'builder';
  id: number;
  name: string | null;
  phone: string | null;
  email: string | null;
  approval: Approval | null;
}

export interface BrokerRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  reraNumber: string | null;
  cityId: number | null;
  cityName: string | null;
  about: string | null;
  profilePhoto: string | null;
  approval: Approval;
  createdAt: Date;
}

export interface AuditRow {
  id: number;
  createdAt: Date;
  actorKind: string | null;
  actorId: number | null;
  actorStaffId: number | null;
  actorName: string | null;
  action: string;
  entityKind: string;
  entityId: number;
  entityName: string | null;
  fromState: string | null;
  toState: string | null;
  remark: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface ProjectDecision {
  id: number;
  staffId: number;
  action: 'approve' | 'reject';
  from: { approval: Approval; status: Status };
  to: { approval: Approval; status: Status };
  remark: string | null;
  at: Date;
}

export interface BrokerDecision {
  id: number;
  staffId: number;
  action: 'approve' | 'reject';
  from: Approval;
  to: Approval;
  remark: string | null;
  at: Date;
}

export type DecisionResult<T> = { changed: true; row: T } | { changed: false; current: T | undefined };

export type { AuditInput, AuditWriter } from '../../lib/audit-trail';

/**
 * SQL for the provider's broker queue, decisions and the audit trail, which moderation owns: every state change (the provider's
 * here, the owner's in listings/) writes its row through `recordAudit`. No HTTP, no rules.
 */
export function createModerationRepository(db: Db) {
  return {
    recordAudit,

    /** Who uploaded each of these projects (or built them), by project id. */
    async ownersOf(rows: { id: number; ownerId: number | null; brokerId: number | null; builderId: number | null }[]): Promise<Map<number, OwnerRow>> {
      const ids = (key: 'ownerId' | 'brokerId' | 'builderId') => [...new Set(rows.flatMap((row) => (row[key] === null ? [] : [row[key]])))];
      const [userRows, brokerRows, builderRows] = await Promise.all([
        ids('ownerId').length ? db.select({ id: users.id, name: users.name, phone: users.phone, email: users.email }).from(users).where(inArray(users.id, ids('ownerId'))) : [],
        ids('brokerId').length
          ? db.select({ id: brokers.id, name: brokers.name, phone: brokers.phone, email: brokers.email, approval: brokers.approval }).from(brokers).where(inArray(brokers.id, ids('brokerId')))
          : [],
        ids('builderId').length ? db.select({ id: builders.id, name: builders.name, approval: builders.approval }).from(builders).where(inArray(builders.id, ids('builderId'))) : [],
      ]);
      const usersById = new Map(userRows.map((row) => [row.id, row]));
      const brokersById = new Map(brokerRows.map((row) => [row.id, row]));
      const buildersById = new Map(builderRows.map((row) => [row.id, row]));
      const owners = new Map<number, OwnerRow>();
      for (const row of rows) {
        const broker = row.brokerId === null ? undefined : brokersById.get(row.brokerId);
        const user = row.ownerId === null ? undefined : usersById.get(row.ownerId);
        const builder = row.builderId === null ? undefined : buildersById.get(row.builderId);
        if (broker) owners.set(row.id, { kind: 'broker', ...broker });
        else if (user) owners.set(row.id, { kind: 'user', ...user, approval: null });
        else if (builder) owners.set(row.id, { kind: 'builder', id: builder.id, name: builder.name, phone: null, email: null, approval: builder.approval });
      }
      return owners;
    },

    /**
     * Brokers waiting for approval, oldest registration first unless asked, narrowed by words that must each match
     * the name, e-mail, phone, company, RERA number or city (issue 17).
     */
    async pendingBrokers(offset: number, limit: number, search: { words: string[]; order: 'oldest' | 'newest' }): Promise<{ rows: BrokerRow[]; total: number }> {
      const matches = search.words.map((word) => {
        const pattern = containsPattern(word);
        return sql`(${brokers.name} ilike ${pattern} or ${brokers.email} ilike ${pattern} or ${brokers.phone} ilike ${pattern} or ${brokers.company} ilike ${pattern}
          or ${brokers.reraNumber} ilike ${pattern} or exists (select 1 from cities c where c.id = ${brokers.cityId} and c.name ilike ${pattern}))`;
      });
      const where = and(eq(brokers.approval, 'pending'), ...matches);
      const order = search.order === 'newest' ? [desc(brokers.createdAt), desc(brokers.id)] : [asc(brokers.createdAt), asc(brokers.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: brokers.id,
            name: brokers.name,
            email: brokers.email,
            phone: brokers.phone,
            company: brokers.company,
            reraNumber: brokers.reraNumber,
            cityId: brokers.cityId,
            cityName: cities.name,
            about: brokers.about,
            profilePhoto: brokers.profilePhoto,
            approval: brokers.approval,
            createdAt: brokers.createdAt,
          })
          .from(brokers)
          .leftJoin(cities, eq(cities.id, brokers.cityId))
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(brokers).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * The provider's decision on a pending project, in ONE transaction with its remark and audit row. The UPDATE is
     * conditional (`where approval = 'pending'`), so of any number of parallel decisions exactly one changes the row;
     * the others see no row returned and are told the current state.
     */
    decideProject({ id, staffId, action, from, to, remark, at }: ProjectDecision): Promise<DecisionResult<{ approval: Approval; status: Status; updatedAt: Date }>> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(projects)
          .set({ approval: to.approval, status: to.status, updatedAt: at })
          .where(and(eq(projects.id, id), eq(projects.approval, from.approval), eq(projects.status, from.status)))
          .returning({ approval: projects.approval, status: projects.status, updatedAt: projects.updatedAt });
        if (!row) {
          const [current] = await tx.select({ approval: projects.approval, status: projects.status, updatedAt: projects.updatedAt }).from(projects).where(eq(projects.id, id));
          return { changed: false, current };
        }
        if (remark !== null) await tx.insert(projectRemarks).values({ projectId: id, message: remark, authorStaffId: staffId, createdAt: at });
        await recordAudit(tx, { actorKind: 'provider', actorId: staffId, action, entityKind: 'project', entityId: id, fromState: `${from.approval}/${from.status}`, toState: `${to.approval}/${to.status}`, remark, at });
        return { changed: true, row };
      });
    },

    async projectState(id: number): Promise<{ approval: Approval; status: Status; updatedAt: Date } | undefined> {
      const [row] = await db.select({ approval: projects.approval, status: projects.status, updatedAt: projects.updatedAt }).from(projects).where(eq(projects.id, id));
      return row;
    },

    async brokerState(id: number): Promise<{ approval: Approval } | undefined> {
      const [row] = await db.select({ approval: brokers.approval }).from(brokers).where(eq(brokers.id, id));
      return row;
    },

    /** Same for a broker's profile: conditional UPDATE and audit row in one transaction. */
    decideBroker({ id, staffId, action, from, to, remark, at }: BrokerDecision): Promise<DecisionResult<{ approval: Approval }>> {
      return db.transaction(async (tx: Tx) => {
        const [row] = await tx
          .update(brokers)
          .set({ approval: to, updatedAt: at })
          .where(and(eq(brokers.id, id), eq(brokers.approval, from)))
          .returning({ approval: brokers.approval });
        if (!row) {
          const [current] = await tx.select({ approval: brokers.approval }).from(brokers).where(eq(brokers.id, id));
          return { changed: false, current };
        }
        await recordAudit(tx, { actorKind: 'provider', actorId: staffId, action, entityKind: 'broker', entityId: id, fromState: from, toState: to, remark, at });
        return { changed: true, row };
      });
    },

    async remarksOf(projectId: number): Promise<{ id: number; projectId: number; message: string; createdAt: string }[]> {
      const rows = await db
        .select({ id: projectRemarks.id, projectId: projectRemarks.projectId, message: projectRemarks.message, createdAt: projectRemarks.createdAt })
        .from(projectRemarks)
        .where(eq(projectRemarks.projectId, projectId))
        .orderBy(asc(projectRemarks.createdAt), asc(projectRemarks.id));
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },

    /** The audit trail, newest first, with the actor's and the entity's names where they still exist. */
    async audit(filter: { entityKind?: string | undefined; entityId?: number | undefined }, offset: number, limit: number): Promise<{ rows: AuditRow[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.entityKind !== undefined) conditions.push(eq(auditLog.entityKind, filter.entityKind));
      if (filter.entityId !== undefined) conditions.push(eq(auditLog.entityId, filter.entityId));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const actorKind = sql<string | null>`coalesce(${auditLog.actorKind}, case when ${auditLog.actorStaffId} is not null then 'provider' end)`;
      const actorName = sql<string | null>`case coalesce(${auditLog.actorKind}, 'provider')
          when 'provider' then (select s.name from provider_staff s where s.id = coalesce(${auditLog.actorStaffId}, ${auditLog.actorId}))
          when 'broker' then (select b.name from brokers b where b.id = ${auditLog.actorId})
          when 'user' then (select u.name from users u where u.id = ${auditLog.actorId})
        end`;
      // Issue 14: every back-office record kind (AUDIT_ENTITY_KINDS) by its own table's name or title.
      const entityName = sql<string | null>`case ${auditLog.entityKind}
          when 'project' then (select p.name from projects p where p.id = ${auditLog.entityId})
          when 'broker' then (select b.name from brokers b where b.id = ${auditLog.entityId})
          when 'builder' then (select b.name from builders b where b.id = ${auditLog.entityId})
          when 'city' then (select c.name from cities c where c.id = ${auditLog.entityId})
          when 'zone' then (select z.name from zones z where z.id = ${auditLog.entityId})
          when 'location' then (select l.name from locations l where l.id = ${auditLog.entityId})
          when 'banner' then (select b.title from banners b where b.id = ${auditLog.entityId})
          when 'blog' then (select b.title from blogs b where b.id = ${auditLog.entityId})
          when 'faq' then (select f.question from faqs f where f.id = ${auditLog.entityId})
          when 'construction_project' then (select c.name from construction_projects c where c.id = ${auditLog.entityId})
          when 'contractor' then (select c.company_name from contractors c where c.id = ${auditLog.entityId})
          when 'user' then (select u.name from users u where u.id = ${auditLog.entityId})
          when 'review' then (select coalesce(r.author_name, 'A reviewer') || ' on ' || coalesce(l.name, z.name, c.name, 'a place')
            from reviews r left join locations l on l.id = r.location_id and r.subject = 'location'
            left join zones z on z.id = r.zone_id and r.subject = 'zone' left join cities c on c.id = r.city_id and r.subject = 'city'
            where r.id = ${auditLog.entityId})
        end`;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: auditLog.id,
            createdAt: auditLog.createdAt,
            actorKind,
            actorId: auditLog.actorId,
            actorStaffId: auditLog.actorStaffId,
            actorName,
            action: auditLog.action,
            entityKind: auditLog.entityKind,
            entityId: auditLog.entityId,
            entityName,
            fromState: auditLog.fromState,
            toState: auditLog.toState,
            remark: auditLog.remark,
            before: auditLog.before,
            after: auditLog.after,
          })
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Ids of the approved, live listings of a broker (to tell saved searches once the broker is approved). */
    async liveListingIds(brokerId: number): Promise<number[]> {
      const rows = await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.brokerId, brokerId), eq(projects.approval, 'approved'), eq(projects.status, 'active')));
      return rows.map((row) => row.id);
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;
