/**
 * The deterministic seed: a whole Indian property marketplace (cities to analytics) from a fixed PRNG seed and a
 * fixed base date, so two runs write byte-identical rows and the same image files.
 *
 *   seed(db, { projects, mediaDir })        writes everything into an empty database, in one transaction
 *   isSeeded(db)                            whether the catalogue is there
 *   ensureSeeded(database, { mediaDir })    seeds only if empty (the API calls it on first start), and makes sure
 *                                           the image files exist either way
 *   resetDatabase(db)                       empties every table (the CLI's --reset)
 */
import { count, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../client';
import * as schema from '../schema';
import { allTables, tableName } from '../tables';
import { buildAnalytics } from './analytics';
import { buildBuilders, catalogueChunks, type CatalogueChunk, type ProjectSummary } from './catalogue';
import { buildBanners, buildBlogs, buildConstruction, buildFaqs } from './editorial';
import { buildBrokerAudit, buildFavourites, buildGeneralEnquiries, buildReviews, buildSavedSearches } from './engagement';
import { renderSeedImages, type RenderReport } from './images';
import { buildBrokers, buildStaff, buildUsers } from './people';
import { buildPlaces } from './places';
import { BASE_TIME, DEFAULT_PROJECTS } from './util';

const DAY_MS = 86_400_000;

export { renderSeedImages, imageCatalogue, mediaFile, mediaUrl, type RenderReport } from './images';
export { DEFAULT_PROJECTS, BASE_TIME, SEED } from './util';

export interface SeedOptions {
  /** Catalogue size: builder projects plus user/broker listings. Default 1,800. */
  projects?: number;
  /** `<DATA_DIR>/media`; pictures go to its `seed/` folder. Without it only rows are written. */
  mediaDir?: string;
  /**
   * When the seeded visit history (90 days of sessions, events and their enquiries) ends. The API passes the moment
   * it first seeds, so the analytics' "last 30 days" show data on a fresh install; BASE_TIME when absent. The rest
   * of the seeded world keeps BASE_TIME.
   */
  historyEndsAt?: Date;
  /** Progress lines for a terminal. */
  onProgress?: (message: string) => void;
}

export interface SeedReport {
  /** False when ensureSeeded found the database already seeded. */
  seeded: boolean;
  projects: number;
  images: RenderReport | undefined;
  milliseconds: number;
}

/** PostgreSQL caps a statement at 65,535 bind parameters; stay well under it. */
const MAX_PARAMETERS = 30_000;
const MAX_ROWS_PER_INSERT = 1_000;
const CATALOGUE_CHUNK = 2_000;
/** Several processes (or test files) may start on one empty database; one seeds, the others wait and skip. */
const SEED_LOCK = sql`hashtext('nivaas:seed')`;

export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(schema.cities);
  return (row?.n ?? 0) > 0;
}

/** Seeds an empty database; throws if it already holds a catalogue (use resetDatabase or ensureSeeded). */
export async function seed(db: Db, options: SeedOptions = {}): Promise<SeedReport> {
  return seedWith(db, options, 'fail-if-seeded');
}

/** Seeds only when the database is empty. Safe to call on every start and from several processes at once. */
export async function ensureSeeded(database: Database, options: SeedOptions = {}): Promise<SeedReport> {
  return seedWith(database.db, options, 'skip-if-seeded');
}

/** Empties every table and restarts their identity sequences. */
export async function resetDatabase(db: Db): Promise<void> {
  const names = allTables.map((table) => sql.identifier(tableName(table)));
  await db.execute(sql`truncate ${sql.join(names, sql`, `)} restart identity cascade`);
}

async function seedWith(db: Db, options: SeedOptions, whenSeeded: 'fail-if-seeded' | 'skip-if-seeded'): Promise<SeedReport> {
  const started = performance.now();
  const total = options.projects ?? DEFAULT_PROJECTS;
  if (!Number.isInteger(total) || total < 1) throw new Error(`seed: projects must be a positive integer, got ${total}`);

  // Pictures render on sharp's threads while the rows are written; both are needed before the site looks right.
  const images = options.mediaDir ? renderSeedImages(options.mediaDir) : Promise.resolve(undefined);
  let seeded = false;
  try {
    if (whenSeeded === 'fail-if-seeded' || !(await isSeeded(db))) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
        if (await isSeeded(tx)) {
          if (whenSeeded === 'fail-if-seeded') throw new Error('seed: the database already has a catalogue (reset it first)');
          return;
        }
        await writeWorld(tx, total, options.historyEndsAt ?? new Date(BASE_TIME), options.onProgress ?? (() => undefined));
        seeded = true;
      });
    }
    // PGlite runs no autovacuum, so without this the planner never has statistics and picks plans
    // about ten times slower for the catalogue pages. Only our tables: on a shared PostgreSQL
    // database a bare ANALYZE would walk every other schema too.
    if (seeded) await db.execute(sql`analyze ${sql.join(allTables.map((table) => sql.identifier(tableName(table))), sql`, `)}`);
  } finally {
    // Settle the pictures either way, so a failed transaction never leaves a rejected promise behind.
    await images.catch(() => undefined);
  }
  return { seeded, projects: seeded ? total : 0, images: await images, milliseconds: Math.round(performance.now() - started) };
}

async function writeWorld(db: Db, total: number, historyEndsAt: Date, progress: (message: string) => void): Promise<void> {
  const places = buildPlaces();
  await insertRows(db, schema.cities, places.cities);
  await insertRows(db, schema.cityMedia, places.cityMedia);
  await insertRows(db, schema.zones, places.zones);
  await insertRows(db, schema.locations, places.locations);

  const userCount = Math.max(300, Math.round(total / 10));
  const users = buildUsers(userCount);
  const brokers = buildBrokers(places.refs);
  const staff = buildStaff();
  const builders = buildBuilders(places.refs);
  await insertRows(db, schema.users, users);
  await insertRows(db, schema.brokers, brokers.rows);
  await insertRows(db, schema.providerStaff, staff);
  await insertRows(db, schema.builders, builders.rows);
  progress(`places, ${userCount.toLocaleString('en-IN')} users, ${brokers.rows.length} brokers and ${builders.rows.length} builders written`);

  const live: ProjectSummary[] = [];
  let leadCount = 0;
  let auditCount = 0;
  const catalogue = catalogueChunks(
    {
      cities: places.refs,
      builders,
      brokers: brokers.refs,
      // About a third of users list something of their own.
      listingOwnerIds: users.slice(0, Math.ceil(userCount * 0.3)).map((user) => user.id as number),
      userCount,
      staffIds: staff.map((member) => member.id as number),
    },
    total,
    CATALOGUE_CHUNK,
  );
  for (const chunk of catalogue) {
    bringPendingForward(chunk, historyEndsAt);
    await insertRows(db, schema.projects, chunk.projects);
    await insertRows(db, schema.units, chunk.units);
    await insertRows(db, schema.projectMedia, chunk.media);
    await insertRows(db, schema.projectRemarks, chunk.remarks);
    await insertRows(db, schema.auditLog, chunk.audit);
    await insertRows(db, schema.leads, chunk.leads);
    for (const summary of chunk.summaries) if (summary.live) live.push(summary);
    leadCount += chunk.leads.length;
    auditCount += chunk.audit.length;
    const done = (chunk.projects[chunk.projects.length - 1]?.id as number) ?? 0;
    if (done % 20_000 === 0 || done === total) progress(`${done.toLocaleString('en-IN')} of ${total.toLocaleString('en-IN')} projects and listings`);
  }

  const liveIds = live.map((project) => project.id);
  const generalEnquiries = 24;
  await insertRows(db, schema.leads, buildGeneralEnquiries(leadCount + 1, generalEnquiries));
  await insertRows(db, schema.auditLog, buildBrokerAudit(brokers.refs, auditCount + 1, staff.map((member) => member.id as number)));
  await insertRows(db, schema.favourites, buildFavourites(liveIds, userCount, brokers.refs));
  const saved = buildSavedSearches(places.refs, live, userCount);
  await insertRows(db, schema.savedSearches, saved.searches);
  await insertRows(db, schema.savedSearchNotifications, saved.notifications);
  await insertRows(db, schema.reviews, buildReviews(places.refs, userCount));
  await insertRows(db, schema.blogs, buildBlogs());
  await insertRows(db, schema.faqs, buildFaqs());
  await insertRows(db, schema.banners, buildBanners());
  const construction = buildConstruction(places.refs);
  await insertRows(db, schema.contractors, construction.contractors);
  await insertRows(db, schema.constructionProjects, construction.projects);
  const analytics = buildAnalytics({ cities: places.refs, live, userCount, firstLeadId: leadCount + generalEnquiries + 1, historyEndsAt });
  await insertRows(db, schema.trackingSessions, analytics.sessions);
  await insertTrackingEvents(db, analytics.events);
  await insertRows(db, schema.leads, analytics.leads);

  await moveSequencesPastSeededIds(db);
  progress('content, reviews, construction and analytics written');
}

/**
 * The catalogue's times are offsets from BASE_TIME (June 2025) and some listings were left waiting for a decision for
 * up to two years before it, while a first start ends the seeded history at its own moment and the console measures
 * "waiting for" from the clock: the queue read hundreds of days. A waiting listing's submission (its updated_at, and
 * its remarks and audit rows by the same amount) is moved so that it waits min(w, 3 ln(1 + w)) days before the end,
 * w being its wait before BASE_TIME: a day stays a day, two weeks become eight days, two years twenty. The queue's
 * order (oldest first) is kept, no submission moves before its listing was made, and the times are computed here,
 * not in SQL, so PGlite and PostgreSQL get the same rows.
 */
function bringPendingForward(chunk: CatalogueChunk, historyEndsAt: Date): void {
  const shifts = new Map<number, number>();
  for (const project of chunk.projects) {
    if (project.approval !== 'pending' || !(project.updatedAt instanceof Date)) continue;
    const waitedDays = Math.max(0, BASE_TIME - project.updatedAt.getTime()) / DAY_MS;
    const waitMinutes = Math.round(Math.min(waitedDays, 3 * Math.log1p(waitedDays)) * 1440);
    const submitted = new Date(historyEndsAt.getTime() - waitMinutes * 60_000);
    shifts.set(project.id as number, submitted.getTime() - project.updatedAt.getTime());
    project.updatedAt = submitted;
  }
  const moved = (at: Date | undefined, projectId: number | null | undefined) => {
    const shift = projectId === null || projectId === undefined ? undefined : shifts.get(projectId);
    return at instanceof Date && shift !== undefined ? new Date(at.getTime() + shift) : at;
  };
  for (const remark of chunk.remarks) remark.createdAt = moved(remark.createdAt, remark.projectId);
  for (const row of chunk.audit) if (row.entityKind === 'project') row.createdAt = moved(row.createdAt, row.entityId);
}

/** Multi-row inserts, as many rows per statement as the parameter limit allows. */
async function insertRows<T extends PgTable>(db: Db, table: T, rows: readonly T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return;
  const perRow = Object.keys(getTableColumns(table)).length;
  const batch = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMETERS / perRow)));
  for (let start = 0; start < rows.length; start += batch) {
    await db.insert(table).values(rows.slice(start, start + batch));
  }
}

/**
 * The visit history's events, 5,000 a statement as one JSON parameter (as the ingest writes them): about four times
 * faster on PGlite than bound multi-row VALUES, which matters for a first start that writes tens of thousands.
 */
async function insertTrackingEvents(db: Db, events: readonly (typeof schema.trackingEvents.$inferInsert)[]): Promise<void> {
  for (let start = 0; start < events.length; start += 5_000) {
    const rows = events.slice(start, start + 5_000).map((event) => ({
      id: event.id,
      event_id: event.eventId,
      session_id: event.sessionId,
      visitor_key: event.visitorKey,
      visitor_type: event.visitorType,
      event_name: event.eventName,
      page_path: event.pagePath,
      project_id: event.projectId,
      city: event.city,
      device_type: event.deviceType,
      traffic_source: event.trafficSource,
      metadata: event.metadata,
      occurred_at: event.occurredAt.toISOString(),
      received_at: (event.receivedAt ?? event.occurredAt).toISOString(),
    }));
    await db.execute(sql`
      insert into ${schema.trackingEvents} (id, event_id, session_id, visitor_key, visitor_type, event_name, page_path, project_id, city,
                                            device_type, traffic_source, metadata, occurred_at, received_at)
      select id, event_id, session_id, visitor_key, visitor_type, event_name, page_path, project_id, city, device_type, traffic_source,
             metadata, occurred_at, received_at
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id bigint, event_id uuid, session_id text, visitor_key text,
        visitor_type text, event_name text, page_path text, project_id integer, city text, device_type text, traffic_source text,
        metadata jsonb, occurred_at timestamptz, received_at timestamptz)`);
  }
}

/**
 * The seed writes explicit ids into `generated by default` identity columns, which leaves their sequences at 1;
 * the next insert by the app would then collide. Each sequence moves to just past the largest id.
 */
async function moveSequencesPastSeededIds(db: Db): Promise<void> {
  for (const table of allTables) {
    // tracking_sessions keys on client-made text ids and has no sequence.
    if (!getTableColumns(table)['id']?.generatedIdentity) continue;
    const name = tableName(table);
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${name}, 'id'), coalesce((select max(id) from ${sql.identifier(name)}), 0) + 1, false)`,
    );
  }
}
