import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db, type RowsResult } from '../client';
import { APPROVALS, PROPERTY_TYPES, STATUSES } from '../enums';
import { allTables, tableName } from '../tables';
import { createTestDatabase, type TestDatabase } from '../testing';
import { imageCatalogue, mediaUrl, specFiles } from './images';
import { BASE_TIME, DEFAULT_PROJECTS, ensureSeeded, isSeeded, seed } from './index';

async function rows<T extends Record<string, unknown>>(db: Db, query: ReturnType<typeof sql>): Promise<RowsResult<T>['rows']> {
  return (await db.execute<T>(query)).rows;
}

async function scalar(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rows<{ value: unknown }>(db, query);
  return Number(row?.value);
}

/**
 * Rows a migration writes, not the seed, stamped with the time the migration ran: two databases migrated a second
 * apart differ there whatever the seed does, so only the columns the seed could change are compared.
 */
const MIGRATION_STAMPED: Record<string, ReturnType<typeof sql>> = {
  tracking_rollup_state: sql`(t.name, t.last_event_id)::text`,
};

/**
 * md5 of every row's text form, in the order of that text (not every table has an id column, e.g. the revoked
 * session families keyed by family): equal digests mean byte-identical tables. Timestamps print in the
 * session's time zone, so it is pinned for the transaction.
 */
async function digests(db: Db): Promise<Record<string, string>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const out: Record<string, string> = {};
    for (const table of allTables) {
      const name = tableName(table);
      const rowText = MIGRATION_STAMPED[name] ?? sql`t::text`;
      const [row] = await rows<{ digest: string | null }>(
        tx,
        sql`select md5(coalesce(string_agg(${rowText}, E'\n' order by ${rowText}), '')) as digest from ${sql.identifier(name)} t`,
      );
      out[name] = row?.digest ?? '';
    }
    return out;
  });
}

/** Well-known Indian developer brands: none may appear in an invented builder name. */
const REAL_BRANDS = [
  'Prestige', 'Sobha', 'Brigade', 'Godrej', 'DLF', 'Lodha', 'Puravankara', 'Mahindra', 'Tata', 'Shapoorji', 'Hiranandani',
  'Oberoi', 'Kolte', 'Embassy', 'Salarpuria', 'Sattva', 'Assetz', 'Shriram', 'Adarsh', 'Mantri', 'Provident', 'Casagrand',
  'Aparna', 'My Home', 'Rajapushpa', 'Ashiana', 'ATS', 'Gaurs', 'Supertech', 'Mahagun', 'M3M', 'Emaar', 'Signature Global',
  'Raheja', 'Kalpataru', 'Runwal', 'Rustomjee', 'Piramal', 'Wadhwa', 'Sunteck', 'Paranjape', 'VTP', 'Gera', 'Panchshil',
  'Amrapali', 'Phoenix', 'Merlin', 'Ambuja', 'Hubtown', 'Kanakia', 'Ajmera', 'Dosti', 'Birla', 'Total Environment',
  'Skyline', 'Olympia', 'Appaswamy', 'Baashyaam', 'Siddha', 'Adani', 'Sumadhura', 'Vajram', 'Nitesh', 'Urbanrise',
];

describe('seed (default size)', () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await seed(db);
  });
  afterAll(async () => {
    await database.close();
  });

  it('puts at least ten cities in order, Bengaluru first, each with a banner', async () => {
    const cities = await rows<{ name: string; banners: number }>(
      db,
      sql`select c.name, (select count(*)::int from city_media m where m.city_id = c.id and m.title = 'banner') as banners
          from cities c order by c.position, c.id`,
    );
    expect(cities.length).toBeGreaterThanOrEqual(10);
    expect(cities[0]?.name).toBe('Bengaluru');
    expect(cities.map((city) => city.name)).toEqual(expect.arrayContaining(['Mumbai', 'Pune', 'Hyderabad', 'Chennai', 'Delhi', 'Gurugram', 'Noida', 'Kolkata', 'Ahmedabad']));
    for (const city of cities) expect(Number(city.banners)).toBe(1);
  });

  it('gives every city four to six zones and places localities in their own city', async () => {
    const zoneCounts = await rows<{ n: number }>(db, sql`select count(*)::int as n from zones group by city_id`);
    for (const { n } of zoneCounts) {
      expect(Number(n)).toBeGreaterThanOrEqual(4);
      expect(Number(n)).toBeLessThanOrEqual(6);
    }
    expect(await scalar(db, sql`select count(*) as value from locations`)).toBeGreaterThanOrEqual(150);
    expect(await scalar(db, sql`select count(*) as value from locations l join zones z on z.id = l.zone_id where z.city_id <> l.city_id`)).toBe(0);
    const whitefield = await rows<{ city: string; zone: string }>(
      db,
      sql`select c.name as city, z.name as zone from locations l join cities c on c.id = l.city_id join zones z on z.id = l.zone_id where l.name = 'Whitefield'`,
    );
    expect(whitefield).toEqual([{ city: 'Bengaluru', zone: 'East Bengaluru' }]);
  });

  it('invents at least 60 builders, none named after a real developer', async () => {
    const names = (await rows<{ name: string }>(db, sql`select name from builders`)).map((row) => row.name);
    expect(names.length).toBeGreaterThanOrEqual(60);
    for (const name of names) {
      for (const brand of REAL_BRANDS) expect(name).not.toMatch(new RegExp(`\\b${brand}\\b`, 'i'));
    }
  });

  it('fills the catalogue: 1,500+ projects and listings over every type, approval and status', async () => {
    expect(await scalar(db, sql`select count(*) as value from projects`)).toBe(DEFAULT_PROJECTS);
    expect(DEFAULT_PROJECTS).toBeGreaterThanOrEqual(1_500);
    for (const item of ['project', 'listing']) {
      const types = await rows<{ type: string }>(db, sql`select distinct type from projects where item = ${item}`);
      expect(types.map((row) => row.type).sort()).toEqual([...PROPERTY_TYPES].sort());
      const approvals = await rows<{ approval: string }>(db, sql`select distinct approval from projects where item = ${item}`);
      expect(approvals.map((row) => row.approval).sort()).toEqual([...APPROVALS].sort());
      const statuses = await rows<{ status: string }>(db, sql`select distinct status from projects where item = ${item}`);
      expect(statuses.map((row) => row.status).sort()).toEqual([...STATUSES].sort());
    }
    const live = await scalar(db, sql`select count(*) as value from projects where status = 'active' and approval = 'approved'`);
    expect(live / DEFAULT_PROJECTS).toBeGreaterThan(0.6);
    // Listings come from both kinds of uploader.
    expect(await scalar(db, sql`select count(*) as value from projects where item = 'listing' and broker_id is not null`)).toBeGreaterThan(100);
    expect(await scalar(db, sql`select count(*) as value from projects where item = 'listing' and owner_id is not null`)).toBeGreaterThan(50);
  });

  it('gives each project one to five units, with its price range spanning them', async () => {
    const [range] = await rows<{ least: number; most: number }>(
      db,
      sql`select min(n)::int as least, max(n)::int as most from (select count(u.id) as n from projects p left join units u on u.project_id = p.id group by p.id) x`,
    );
    expect(Number(range?.least)).toBe(1);
    expect(Number(range?.most)).toBe(5);
    const mismatched = await scalar(
      db,
      sql`select count(*) as value from projects p join (select project_id, min(min_price) lo, max(max_price) hi from units group by project_id) u on u.project_id = p.id
          where p.min_price <> u.lo or p.max_price <> u.hi`,
    );
    expect(mismatched).toBe(0);
    const unitTypes = (await rows<{ type: string }>(db, sql`select distinct type from units order by 1`)).map((row) => row.type);
    expect(unitTypes).toEqual(expect.arrayContaining(['1', '2', '3', '4', 'studio', 'plot', 'pent house']));
  });

  it('prices homes for their city', async () => {
    const median = (city: string, zone?: string) =>
      scalar(
        db,
        sql`select percentile_cont(0.5) within group (order by u.min_price) as value
            from units u join projects p on p.id = u.project_id join cities c on c.id = p.city_id join zones z on z.id = p.zone_id
            where p.type = 'apartment' and u.type = '2' and c.name = ${city} and (${zone ?? null}::text is null or z.name = ${zone ?? null})`,
      );
    const mumbai = await median('Mumbai', 'Western Suburbs');
    const bengaluru = await median('Bengaluru');
    const jaipur = await median('Jaipur');
    expect(mumbai).toBeGreaterThan(12_000_000);
    expect(mumbai).toBeLessThan(30_000_000);
    expect(bengaluru).toBeGreaterThan(7_000_000);
    expect(bengaluru).toBeLessThan(15_000_000);
    expect(jaipur).toBeLessThan(bengaluru);
    const notWhole = await scalar(db, sql`select count(*) as value from units where min_price % 1000 <> 0 or max_price % 1000 <> 0`);
    expect(notWhole).toBe(0);
  });

  it('has pre-launch projects tagged Upcoming Launches, and other tags', async () => {
    const upcoming = await rows<{ tags: string[]; item: string; builder_id: number | null }>(
      db,
      sql`select tags, item, builder_id from projects where 'Upcoming Launches' = any(tags)`,
    );
    expect(upcoming.length).toBeGreaterThan(50);
    for (const row of upcoming) {
      expect(row.tags).toEqual(['Upcoming Launches']);
      expect(row.item).toBe('project');
      expect(row.builder_id).not.toBeNull();
    }
    const tags = (await rows<{ tag: string }>(db, sql`select distinct unnest(tags) as tag from projects`)).map((row) => row.tag);
    expect(tags).toEqual(expect.arrayContaining(['Trending', 'Ready to Move', 'New Launch', 'Luxury', 'Affordable', 'Gated Community']));
  });

  it('explains every rejection with one to three remarks, banner first in the media', async () => {
    const counts = await rows<{ n: number }>(
      db,
      sql`select count(r.id)::int as n from projects p left join project_remarks r on r.project_id = p.id where p.approval = 'rejected' group by p.id`,
    );
    expect(counts.length).toBeGreaterThan(20);
    for (const { n } of counts) {
      expect(Number(n)).toBeGreaterThanOrEqual(1);
      expect(Number(n)).toBeLessThanOrEqual(3);
    }
    const firstNotBanner = await scalar(
      db,
      sql`select count(*) as value from projects p where (select title from project_media m where m.project_id = p.id order by position, id limit 1) is distinct from 'banner'`,
    );
    expect(firstNotBanner).toBe(0);
  });

  it('has 40+ brokers in each approval state and only fictional contact details', async () => {
    for (const approval of APPROVALS) {
      expect(await scalar(db, sql`select count(*) as value from brokers where approval = ${approval}`)).toBeGreaterThanOrEqual(40);
    }
    const emails = await rows<{ email: string }>(
      db,
      sql`select email from users where email is not null union all select email from brokers union all select email from leads where email is not null union all select email from contractors`,
    );
    for (const { email } of emails) expect(email).toMatch(/@example\.com$/);
    const phones = await rows<{ phone: string }>(
      db,
      sql`select phone from users where phone is not null union all select phone from brokers union all select phone from leads union all select phone from contractors`,
    );
    for (const { phone } of phones) expect(phone).toMatch(/^[6-9]0{3}\d{6}$/);
    expect(await scalar(db, sql`select count(*) as value from brokers where password_hash is not null`)).toBe(0);
    expect(await scalar(db, sql`select count(*) as value from provider_staff where password_hash is not null`)).toBe(0);
  });

  it('writes the editorial content, reviews, leads and the construction directory', async () => {
    const count = (query: ReturnType<typeof sql>) => scalar(db, query);
    expect(await count(sql`select count(*) as value from blogs where status = 'active' and approval = 'approved'`)).toBeGreaterThanOrEqual(15);
    expect(await count(sql`select count(distinct (status, approval)) as value from blogs`)).toBeGreaterThanOrEqual(3);
    expect(await count(sql`select count(*) as value from faqs where associated_with = 'contact_faqs' and approval = 'approved'`)).toBeGreaterThanOrEqual(8);
    expect(await count(sql`select count(*) as value from faqs where associated_with = 'contact_faqs' and approval = 'pending'`)).toBeGreaterThanOrEqual(1);
    expect(await count(sql`select count(*) as value from banners where approval = 'approved'`)).toBeGreaterThanOrEqual(4);
    expect(await count(sql`select count(*) as value from banners where approval <> 'approved'`)).toBeGreaterThanOrEqual(1);
    for (const subject of ['city', 'zone', 'location']) {
      expect(await count(sql`select count(*) as value from reviews where subject = ${subject}`)).toBeGreaterThan(10);
    }
    expect(await count(sql`select count(*) as value from leads l join projects p on p.id = l.project_id where p.item = 'listing'`)).toBeGreaterThan(50);
    expect(await count(sql`select count(*) as value from contractors`)).toBeGreaterThanOrEqual(20);
    expect(await count(sql`select count(*) as value from construction_projects`)).toBeGreaterThanOrEqual(20);
    expect(await count(sql`select count(*) as value from favourites`)).toBeGreaterThan(100);
    expect(await count(sql`select count(*) as value from saved_search_notifications`)).toBeGreaterThan(10);
    expect(await count(sql`select count(*) as value from tracking_events`)).toBeGreaterThan(500);
  });

  it('points every picture URL at a file of the image catalogue', async () => {
    const known = new Set(imageCatalogue().flatMap(specFiles).map(mediaUrl));
    const urls = await rows<{ url: string }>(
      db,
      sql`select url from project_media union select card_url from project_media where card_url is not null union select url from city_media union select logo_url from builders
          union select cover_url from blogs union select image_url from banners union select logo_url from contractors
          union select image_url from construction_projects union select profile_photo from brokers where profile_photo is not null
          union select photo_url from users where photo_url is not null`,
    );
    const unknown = urls.map((row) => row.url).filter((url) => !known.has(url));
    expect(unknown).toEqual([]);
  });

  it('moves identity sequences past the seeded ids', async () => {
    const before = await scalar(db, sql`select max(id) as value from projects`);
    const [inserted] = await rows<{ id: number }>(
      db,
      sql`insert into cities (name, slug, state) values ('Mysuru', 'mysuru', 'Karnataka') returning id`,
    );
    expect(Number(inserted?.id)).toBe((await scalar(db, sql`select count(*) as value from cities`)));
    expect(before).toBe(DEFAULT_PROJECTS);
    await db.execute(sql`delete from cities where slug = 'mysuru'`);
  });

  it('writes identical rows on a second fresh database', async () => {
    const other = await createTestDatabase();
    try {
      await seed(other.db);
      // The sequence test above inserted and deleted a city; compare tables, not sequences.
      expect(await digests(other.db)).toEqual(await digests(db));
    } finally {
      await other.close();
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('writes the same rows into PGlite as into PostgreSQL', async () => {
    const embedded = await createDb({ inMemory: true });
    try {
      await seed(embedded.db);
      expect(await digests(embedded.db)).toEqual(await digests(db));
    } finally {
      await embedded.close();
    }
  });
});

describe('ensureSeeded', () => {
  it('seeds an empty database once and leaves a seeded one alone', async () => {
    const database = await createTestDatabase();
    try {
      expect(await isSeeded(database.db)).toBe(false);
      const first = await ensureSeeded(database, { projects: 60 });
      expect(first.seeded).toBe(true);
      expect(await isSeeded(database.db)).toBe(true);
      const before = await digests(database.db);
      const second = await ensureSeeded(database, { projects: 60 });
      expect(second.seeded).toBe(false);
      expect(await digests(database.db)).toEqual(before);
      await expect(seed(database.db, { projects: 60 })).rejects.toThrow(/already has a catalogue/);
    } finally {
      await database.close();
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('lets exactly one of several processes seed a shared database', async () => {
    const database = await createTestDatabase();
    const second = await createDb({ databaseUrl: process.env.DATABASE_URL, searchPath: database.schema });
    try {
      const reports = await Promise.all([ensureSeeded(database, { projects: 60 }), ensureSeeded(second, { projects: 60 })]);
      expect(reports.map((report) => report.seeded).sort()).toEqual([false, true]);
      expect(await scalar(database.db, sql`select count(*) as value from projects`)).toBe(60);
    } finally {
      await second.close();
      await database.close();
    }
  });
});

describe('a first start seeded at its own moment', () => {
  it('shows the listings waiting for a decision as waiting days, not years, before that moment, oldest first as before', async () => {
    const later = new Date(BASE_TIME + 540 * 86_400_000);
    const [fixed, started] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    try {
      await seed(fixed.db, { projects: 120 });
      await seed(started.db, { projects: 120, historyEndsAt: later });
      // The wait the console shows: from the latest submission (its audit, else the row's update) to the end.
      const waits = async (db: Db, end: Date) =>
        (
          await rows<{ id: number; days: string }>(db, sql`
            select p.id, (extract(epoch from (${end.toISOString()}::timestamptz - coalesce(
              (select max(a.created_at) from audit_log a where a.entity_kind = 'project' and a.entity_id = p.id and a.action in ('submit', 'resubmit')),
              p.updated_at))) / 86400)::text as days
            from projects p where p.approval = 'pending' order by 2, 1`)
        ).map((row) => ({ id: row.id, days: Number(row.days) }));
      const fromBase = await waits(fixed.db, new Date(BASE_TIME));
      const fromStart = await waits(started.db, later);
      expect(fromStart.length).toBeGreaterThan(5);
      expect(fromStart.map((row) => row.id)).toEqual(fromBase.map((row) => row.id));
      expect(fromStart.map((row) => row.days)).toEqual(fromBase.map((row) => row.days));
      expect(Math.max(...fromStart.map((row) => row.days))).toBeLessThan(25);
      expect(Math.min(...fromStart.map((row) => row.days))).toBeGreaterThanOrEqual(0);
      // A remark on a waiting listing still comes before its submission.
      const remarkAfterSubmission = await scalar(started.db, sql`
        select count(*) as value from project_remarks r join projects p on p.id = r.project_id where p.approval = 'pending' and r.created_at > p.updated_at`);
      expect(remarkAfterSubmission).toBe(0);
    } finally {
      await Promise.all([fixed.close(), started.close()]);
    }
    // Two seeds (the started one with its 90 days of visits) on a machine shared by several test runs.
  }, 240_000);
});
