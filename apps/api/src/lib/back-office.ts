import { type AdminListQuery, type PublicationInput, slugify } from '@nivaas/contracts/admin.schema';
import type { Pagination } from '@nivaas/contracts/common.schema';
import type { AuditEntityKind } from '@nivaas/contracts/moderation.schema';
import type { Db, Tx } from '@nivaas/db';
import { and, count, desc, eq, or, type SQL, sql } from '@nivaas/db/orm';
import type { AnyPgColumn, PgTable } from '@nivaas/db/orm';
import { auditDiff, recordAudit } from './audit-trail';
import { DomainError } from './domain-error';
import { databaseFailure } from './pg-errors';
import { uniqueConflict } from './unique-conflict';
import { containsPattern } from './like-pattern';
import { offsetOf, paginationOf } from './page-window';
import { applyPublication, isPublic, type PublicationState } from './publication';

/**
 * Issue 14 (part 2): create, edit and list one kind of back-office record (banners, blogs, FAQs, construction
 * projects, contractors) the same way. The repository side (`recordTable`) holds the SQL; the service side
 * (`recordWrites`) the rules: publication through lib/publication.ts, and every change with its audit row
 * (lib/audit-trail.ts) in one transaction, so a change and its trail commit together or not at all. Nothing here
 * deletes: inactive hides a record.
 */

/** The columns every back-office table shares. */
interface RecordColumns {
  id: AnyPgColumn;
  status: AnyPgColumn;
  approval: AnyPgColumn;
  updatedAt: AnyPgColumn;
}

type RecordTableOf<T extends PgTable> = T & RecordColumns;

/** A record's writes inside one transaction. */
export interface RecordTx<Row, Values> {
  /** The record under FOR UPDATE, or undefined. */
  lock(id: number): Promise<Row | undefined>;
  insert(values: Values & PublicationState): Promise<Row>;
  update(id: number, values: Partial<Values> & PublicationState): Promise<Row>;
  /** The transaction itself, for the audit row and any other statement that must commit with the change. */
  tx: Tx;
}

export interface RecordStore<Row, Values> {
  transaction<R>(work: (records: RecordTx<Row, Values>) => Promise<R>): Promise<R>;
  /** A page of every state (the provider's list), newest change first, id as the tie-break, with the total. */
  list(query: AdminListQuery): Promise<{ rows: Row[]; total: number }>;
  /** One record in any state, or undefined. */
  get(id: number): Promise<Row | undefined>;
}

/**
 * The SQL of one table's writes, for its repository. `Values` is what a create or edit may set (the repository
 * names it); the row answered is the whole row.
 */
export function recordTable<T extends PgTable, Values>(db: Db, table: RecordTableOf<T>, searchColumns: AnyPgColumn[]): RecordStore<T['$inferSelect'], Values> {
  // Drizzle's builders cannot be typed over "any table with these columns"; the casts stay inside this function,
  // whose callers are typed by T and Values.
  const target = table as unknown as PgTable;
  return {
    async list(query) {
      const where = adminListWhere(table, query, searchColumns);
      const [rows, [counted]] = await Promise.all([
        db.select().from(target).where(where).orderBy(desc(table.updatedAt), desc(table.id)).limit(query.limit).offset(offsetOf(query)) as Promise<T['$inferSelect'][]>,
        db.select({ total: count() }).from(target).where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },
    async get(id) {
      const rows = (await db.select().from(target).where(eq(table.id, id)).limit(1)) as T['$inferSelect'][];
      return rows[0];
    },
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          tx,
          async lock(id) {
            const rows = (await tx.select().from(target).where(eq(table.id, id)).for('update')) as T['$inferSelect'][];
            return rows[0];
          },
          async insert(values) {
            const rows = (await tx.insert(target).values(values as never).returning()) as T['$inferSelect'][];
            const [row] = rows;
            if (!row) throw new Error('insert answered no row');
            return row;
          },
          async update(id, values) {
            const rows = (await tx.update(target).set(values as never).where(eq(table.id, id)).returning()) as T['$inferSelect'][];
            const [row] = rows;
            if (!row) throw new Error('update answered no row');
            return row;
          },
        }),
      ),
  };
}

/**
 * `WHERE` of an admin list (every state unless filtered): `q`'s words must each match one of `searchColumns`
 * (case-insensitive substring) or be the record's id.
 */
function adminListWhere(table: RecordColumns, query: Pick<AdminListQuery, 'q' | 'status' | 'approval'>, searchColumns: AnyPgColumn[]): SQL | undefined {
  const words = (query.q ?? '').split(/\s+/).filter(Boolean);
  return and(
    query.status ? eq(table.status, query.status) : undefined,
    query.approval ? eq(table.approval, query.approval) : undefined,
    ...words.map((word) =>
      or(...searchColumns.map((column) => sql`${column} ilike ${containsPattern(word)}`), /^\d{1,9}$/.test(word) ? eq(table.id, Number(word)) : undefined),
    ),
  );
}

export interface RecordWritesOptions<Row, Values> {
  store: RecordStore<Row, Values>;
  entityKind: AuditEntityKind;
  /** 'Banner', 'Blog': the start of messages. */
  label: string;
  clock: () => Date;
  /**
   * The record's own rules, run with its publication after the change, the fields sent and the record before it
   * (null on create): throws a DomainError naming the field, or answers more values to write (a blog's first
   * publication date).
   */
  rules?: (next: PublicationState, fields: Partial<Values>, before: Row | null) => Partial<Values> | void;
  /** The table's unique indexes by name, with the field to blame: a duplicate slug is a 409 naming it. */
  unique?: Record<string, { field: string; message: string }>;
  /** Its foreign keys by name: a city or contractor that does not exist is a 400 naming the field. */
  references?: Record<string, { field: string; message: string }>;
}

/** What a create or edit answers: the record as the provider's list shows it, and a sentence on its visibility. */
export interface RecordWrite<Row> {
  item: AdminView<Row>;
  message: string;
}

/** The body of a create or edit: the record's own fields and its publication (status, approval, remark). */
export type RecordInput<Values> = Values & PublicationInput;

function messageOf(label: string, verb: string, state: PublicationState): string {
  if (isPublic(state)) return `${label} ${verb}. It is on the site now.`;
  return `${label} ${verb}. Visitors see it once it is active and approved (it is ${state.status}, ${state.approval}).`;
}

/** The service side: create and edit with publication and the audit row, for one record kind. */
export function recordWrites<Row extends { id: number } & PublicationState & Record<string, unknown>, Values extends object>({ store, entityKind, label, clock, rules, unique = {}, references = {} }: RecordWritesOptions<Row, Values>) {
  /** A refused constraint of ours, said in words with its field; anything else as it was. */
  const named = (error: unknown): unknown => {
    const failure = databaseFailure(error);
    const reference = failure?.sqlState === '23503' && failure.constraint ? references[failure.constraint] : undefined;
    if (reference) return new DomainError('VALIDATION', reference.message, { field: reference.field });
    return uniqueConflict(error, unique);
  };
  const split = (input: PublicationInput & Partial<Values>) => {
    const { status, approval, remark, ...fields } = input;
    return { publication: { status, approval, remark }, fields: fields as Partial<Values> };
  };
  return {
    /** The provider's list: every state, searched and filtered (AdminListQuery). */
    async list(query: AdminListQuery): Promise<{ items: AdminView<Row>[]; pagination: Pagination }> {
      const { rows, total } = await store.list(query);
      return { items: rows.map(toAdminView), pagination: paginationOf(query, rows.length, total) };
    },

    /** One record in any state, for the provider's editor (a list searched by id can miss it); 404 when unknown. */
    async read(id: number): Promise<RecordWrite<Row>> {
      const row = await store.get(id);
      if (!row) throw DomainError.notFound(label, id);
      return { item: toAdminView(row), message: `${label} loaded.` };
    },

    async create(staffId: number, input: RecordInput<Values>): Promise<RecordWrite<Row>> {
      const { publication, fields } = split(input);
      const change = applyPublication(null, publication);
      const at = clock();
      const row = await store.transaction(async (records) => {
        const extra = rules?.(change.next, fields, null) ?? {};
        const created = await records.insert({ ...(fields as Values), ...extra, ...change.next });
        await recordAudit(records.tx, { actorKind: 'provider', actorId: staffId, action: change.action, entityKind, entityId: created.id, remark: publication.remark ?? null, ...auditDiff(null, created), at });
        return created;
      }).catch((error: unknown) => {
        throw named(error);
      });
      return { item: toAdminView(row), message: messageOf(label, 'created', row) };
    },

    async update(staffId: number, id: number, input: PublicationInput & Partial<Values>): Promise<RecordWrite<Row>> {
      const { publication, fields } = split(input);
      const at = clock();
      const row = await store.transaction(async (records) => {
        const before = await records.lock(id);
        if (!before) throw DomainError.notFound(label, id);
        const change = applyPublication(before, publication);
        const extra = rules?.(change.next, fields, before) ?? {};
        const after = await records.update(id, { ...fields, ...extra, ...change.next });
        const diff = auditDiff(before, after);
        // An edit that changed nothing and says nothing leaves no trail.
        if (Object.keys(diff.after ?? {}).length > 0 || publication.remark) {
          await recordAudit(records.tx, { actorKind: 'provider', actorId: staffId, action: change.action, entityKind, entityId: id, remark: publication.remark ?? null, ...diff, at });
        }
        return after;
      }).catch((error: unknown) => {
        throw named(error);
      });
      return { item: toAdminView(row), message: messageOf(label, 'saved', row) };
    },
  };
}

/** What an admin list and write answer of a row: dates as ISO text, and whether a visitor sees it. */
export type AdminView<Row> = { [K in keyof Row]: Row[K] extends Date ? string : Row[K] extends Date | null ? string | null : Row[K] } & { isPublic: boolean };

export function toAdminView<Row extends PublicationState>(row: Row): AdminView<Row> {
  const view: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) view[key] = value instanceof Date ? value.toISOString() : value;
  return { ...(view as AdminView<Row>), isPublic: isPublic(row) };
}

/**
 * A new record's slug (its public address): the one given, else made from its name. An edit keeps the slug it had, so
 * links to it keep working when the name changes: with a `before` record this answers undefined.
 */
export function slugOnCreate(before: object | null, given: string | null | undefined, name: string | undefined, nameLabel: string): { slug: string } | undefined {
  if (before !== null) return undefined;
  const slug = given || slugify(name ?? '');
  if (!slug) throw new DomainError('VALIDATION', `Give a slug: the ${nameLabel} has no letters or digits to make one from`, { field: 'slug' });
  return { slug };
}
