import type { ProjectSort } from '@nivaas/contracts/project.schema';
import type { Approval, Db, Item, PropertyType, Status, TransactionTag } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { containsPattern, escapeLike } from '../../lib/like-pattern';
import { publicItemConditions } from '../../lib/public-items';
import { and, arrayContains, asc, count, desc, eq, gte, inArray, lt, ne, type SQL, sql } from '@nivaas/db/orm';
import { type CatalogueFilters, catalogueWhere, UPCOMING_TAG } from './project-filters';
import type { IndexPlaces, IndexProjectRow } from './catalogue-index';
import { entityPageArms, namesMatch, textMatches, type WordHit } from './project-text-search';

/** Kept here too for the chat, which reads suggestions in this shape. */
export type { WordHit } from './project-text-search';

const { builders, cities, locations, projectMedia, projectRemarks, projects, units, zones } = schema;

/**
 * A project as a page query returns it: its own columns plus the names of the places and builder it
 * points at. Built as JSON by PostgreSQL (see loadPages), so dates arrive as ISO text.
 */
export interface ProjectRow {
  id: number;
  name: string;
  type: PropertyType;
  item: Item;
  status: Status;
  approval: Approval;
  description: string | null;
  /** ISO 8601 timestamp. */
  updatedAt: string;
  ownerId: number | null;
  brokerId: number | null;
  builderId: number | null;
  tags: string[];
  transactionTag: TransactionTag | null;
  /** 'YYYY-MM-DD'. */
  possessionDate: string | null;
  reraNumber: string | null;
  amenities: string[];
  minPrice: number | null;
  maxPrice: number | null;
  cityId: number;
  cityName: string;
  zoneId: number | null;
  zoneName: string | null;
  locationId: number;
  locationName: string;
  builderName: string | null;
  /** The details page also shows the builder's logo and 'about' (findPublicDetail). */
  builderLogo?: string | null;
  builderDescription?: string | null;
  builderEstablishedYear?: number | null;
}

export interface UnitRow {
  id: number;
  projectId: number;
  type: string;
  minPrice: number;
  maxPrice: number;
  facing: string | null;
  exteriorArea: number | null;
  floors: string | null;
  furnishing: string | null;
}

export interface ProjectMediaRow {
  projectId: number;
  title: string;
  url: string;
  /** An uploaded photo's card variant (issue 5); null for seeded media. */
  cardUrl?: string | null;
}

export interface RemarkRow {
  id: number;
  projectId: number;
  message: string;
  /** ISO 8601 timestamp. */
  createdAt: string;
}

/**
 * Which rows a page (or one arm of it) takes: `where`, and optionally `candidates`, a selective
 * condition (the trigram index on names) that finds rows first behind an OFFSET 0 fence. Without the
 * fence the planner may walk a price index in order and test every row's name against the text, which
 * is a scan of most of the catalogue when few names match.
 */
export interface RowFilter {
  where?: SQL | undefined;
  candidates?: SQL | undefined;
}

/**
 * One page to load: which public projects, in what order, which slice. With `arms`, the page is the
 * union of one ordered, limited query per arm (each with `where`), so each arm can walk its own index
 * in order: PostgreSQL cannot walk two indexes in order for one OR.
 */
export interface PageSpec extends RowFilter {
  arms?: RowFilter[];
  orderBy: SQL[];
  offset: number;
  limit: number;
}

/** Pages loaded together with every unit and media item (and remark, when asked) of their projects. */
/** A page row: the project's own columns, without the names of its places and builder (see loadPages). */
export type PageRow = Omit<ProjectRow, 'cityName' | 'zoneName' | 'locationName' | 'builderName' | 'builderLogo' | 'builderDescription' | 'builderEstablishedYear'>;

/** Names of every city, zone, locality and builder, by id: small tables, read whole. */
export interface PlaceNames {
  cities: [number, string][];
  zones: [number, string][];
  locations: [number, string][];
  builders: [number, string][];
}

/** findPublicDetail's row as the statement builds it: the builder's profile as one object, or null without one. */
type DetailRow = Omit<ProjectRow, 'builderName' | 'builderLogo' | 'builderDescription' | 'builderEstablishedYear'> & {
  builder: { name: string; logo: string | null; description: string | null; establishedYear: number | null } | null;
};

export type LoadedPages<K extends string> = {
  pages: Record<K, PageRow[]>;
  units: UnitRow[];
  media: ProjectMediaRow[];
  remarks: RemarkRow[];
  /** Of the builders asked about, those public right now (see loadPages' `builderIds`). */
  liveBuilders: number[];
};

export interface RandomPageQuery {
  tag: string | undefined;
  cityId: number | undefined;
  /** Same seed, same order: every page of one shuffle comes from one seed. */
  seed: string;
  offset: number;
  limit: number;
}

/** The visitor's price sorts, and newest first for the listings feed. */
export type CatalogueOrder = ProjectSort | 'newest';

export interface PageWindow {
  offset: number;
  limit: number;
}

/** Localities, zones, cities and builders a word names when their name is this similar to it (pg_trgm word_similarity). */
const PLACE_SIMILARITY = 0.5;

/**
 * spec §4 Sort by price, id breaking ties so pages never overlap. The directions match the price
 * indexes (ascending puts a project without prices last, descending first), so a page is an index
 * range scan, not a sort of the whole city.
 */
const ORDER_BY: Record<CatalogueOrder, SQL[]> = {
  price_asc: [asc(projects.minPrice), asc(projects.id)],
  price_desc: [desc(projects.maxPrice), asc(projects.id)],
  newest: [desc(projects.updatedAt), desc(projects.id)],
};

/** A project row (alias x) as the JSON object of PageRow: its own columns only. */
const pageRowJson = sql`json_build_object(
    'id', x.id, 'name', x.name, 'type', x.type, 'item', x.item, 'status', x.status, 'approval', x.approval,
    'description', x.description, 'updatedAt', x.updated_at, 'ownerId', x.owner_id, 'brokerId', x.broker_id,
    'builderId', x.builder_id, 'tags', x.tags, 'transactionTag', x.transaction_tag, 'possessionDate', x.possession_date,
    'reraNumber', x.rera_number, 'amenities', x.amenities, 'minPrice', x.min_price, 'maxPrice', x.max_price,
    'cityId', x.city_id, 'zoneId', x.zone_id, 'locationId', x.location_id
  )`;

/** Units (alias u) and media (alias m) of the projects `owned` selects, as JSON arrays of UnitRow and ProjectMediaRow. */
function unitsJson(owned: SQL): SQL {
  return sql`coalesce((select json_agg(json_build_object(
      'id', u.id, 'projectId', u.project_id, 'type', u.type, 'minPrice', u.min_price, 'maxPrice', u.max_price,
      'facing', u.facing, 'exteriorArea', u.exterior_area, 'floors', u.floors, 'furnishing', u.furnishing
    ) order by u.project_id, u.min_price, u.id) from ${units} u where u.project_id ${owned}), '[]'::json)`;
}

function mediaJson(owned: SQL): SQL {
  return sql`coalesce((select json_agg(json_build_object('projectId', m.project_id, 'title', m.title, 'url', m.url, 'cardUrl', m.card_url)
      order by m.project_id, m.position, m.id) from ${projectMedia} m where m.project_id ${owned}), '[]'::json)`;
}

/** Which of these builders are public right now, as a JSON array (search suggestions resolved earlier). */
function liveBuildersJson(builderIds: number[]): SQL {
  return builderIds.length > 0
    ? sql`coalesce((select json_agg(${builders.id}) from ${builders} where ${and(inArray(builders.id, builderIds), eq(builders.status, 'active'), eq(builders.approval, 'approved'))}), '[]'::json)`
    : sql`'[]'::json`;
}

/**
 * The one JSON value of a statement that builds it (`... ::text as "json"`), parsed on this thread. Why text: on the
 * embedded database a json column is parsed into objects in the database's worker thread and the object graph is then
 * cloned across to this one, field by field; a string crosses as one copy and JSON.parse here is faster than either
 * step (decision 040). PostgreSQL's driver parses json with JSON.parse too, so it costs the same there.
 */
function parsedJson<T>(rows: { json: string | null }[], what: string): T | undefined {
  const text = rows[0]?.json;
  if (text === undefined) return undefined;
  if (text === null) throw new Error(`${what}: the database returned no JSON value`);
  return JSON.parse(text) as T;
}

export function createProjectsRepository(db: Db) {
  /**
   * Loads one or more pages in ONE statement, PostgreSQL building the JSON: each page's rows with
   * their place and builder names, and every unit and media item of the projects on any page.
   *
   * Why one JSON value: on the embedded database the cost of a query is mostly moving its result
   * into JavaScript, field by field (about 60 µs per wide row); one JSON document per request costs
   * a fraction of that, and one statement instead of three saves two round trips. The same SQL runs
   * on PostgreSQL, where it saves the round trips too. Each page is a CTE, materialised once; its rows
   * keep the order of its ORDER BY through row_number() over its already ordered subquery.
   */
  async function loadPages<K extends string>(
    specs: Record<K, PageSpec>,
    {
      withRemarks = false,
      builderIds = [],
    }: {
      withRemarks?: boolean;
      /** Builders to check for public visibility in the same statement (search suggestions resolved earlier). */
      builderIds?: number[];
    } = {},
  ): Promise<LoadedPages<K>> {
    const keys = Object.keys(specs) as K[];
    const cte = (key: K) => sql.identifier(`page_${key}`);
    const pageCtes = keys.map((key) => {
      const { arms, orderBy, offset, limit } = specs[key];
      const order = sql.join(orderBy, sql`, `);
      // Under the table's own name, so the same conditions and ORDER BY apply to a fenced subquery.
      const rows = ({ where, candidates }: RowFilter) =>
        candidates
          ? sql`select * from (select ${projects}.* from ${projects} where ${candidates} offset 0) as ${projects} where ${where ?? sql`true`} order by ${order}`
          : sql`select ${projects}.* from ${projects} where ${where ?? sql`true`} order by ${order}`;
      // Each arm keeps its best offset + limit; the union, re-sorted, yields the page.
      const page = arms?.length
        ? sql`select * from (${sql.join(
            arms.map((arm) => sql`(${rows({ where: and(specs[key].where, arm.where), candidates: arm.candidates })} limit ${offset + limit})`),
            sql` union `,
          )}) as ${projects} order by ${order} limit ${limit} offset ${offset}`
        : sql`${rows(specs[key])} limit ${limit} offset ${offset}`;
      return sql`${cte(key)} as (select row_number() over () as ord, s.* from (${page}) s)`;
    });
    const ids = sql.join(
      keys.map((key) => sql`select id from ${cte(key)}`),
      sql` union `,
    );
    const rowsOf = (key: K) => sql`${key}::text, coalesce((
      select json_agg(${pageRowJson} order by x.ord) from ${cte(key)} x
    ), '[]'::json)`;
    const remarksPart = withRemarks
      ? sql`coalesce((select json_agg(json_build_object('id', r.id, 'projectId', r.project_id, 'message', r.message, 'createdAt', r.created_at)
          order by r.project_id, r.created_at, r.id) from ${projectRemarks} r where r.project_id in (select id from ids)), '[]'::json)`
      : sql`'[]'::json`;
    // Units and media by `= any(array(select id from ids))`, one index lookup per page id: PGlite took 5.6-5.8 ms for a
    // listing page this way against 7.0-7.5 ms with `in (select id from ids)` (alternated, 20 runs each, load 5.6).
    const result = await db.execute<{ json: string | null }>(sql`
      with ${sql.join(pageCtes, sql`, `)}, ids as (${ids})
      select json_build_object(
        'pages', json_build_object(${sql.join(keys.map(rowsOf), sql`, `)}),
        'units', ${unitsJson(sql`= any(array(select id from ids))`)},
        'media', ${mediaJson(sql`= any(array(select id from ids))`)},
        'remarks', ${remarksPart},
        'liveBuilders', ${liveBuildersJson(builderIds)}
      )::text as "json"`);
    const loaded = parsedJson<LoadedPages<K>>(result.rows, 'loadPages');
    if (!loaded) throw new Error('loadPages: the database returned no result row');
    return loaded;
  }

  /** The public catalogue, filtered and ordered, one slice of it. */
  function publicSpec(filters: CatalogueFilters, order: CatalogueOrder, { offset, limit }: PageWindow): PageSpec {
    const { text, ...rest } = filters;
    const page = { where: catalogueWhere(db, rest), orderBy: ORDER_BY[order], offset, limit };
    if (text?.mode === 'named') {
      const { match } = text;
      const arms: RowFilter[] = entityPageArms(match).map((where) => ({ where }));
      if (match.matchName) arms.push({ candidates: namesMatch(text) });
      return { ...page, arms };
    }
    return text ? { ...page, candidates: textMatches(text) } : page;
  }

  return {
    loadPages,
    publicSpec,

    /**
     * A shuffled page of builder projects: rows ordered by md5(seed || id), with id breaking
     * (astronomically unlikely) ties. A pure function of the seed, so consecutive pages neither
     * repeat nor skip a project.
     */
    randomSpec({ tag, cityId, seed, offset, limit }: RandomPageQuery): PageSpec {
      const filters = [...publicItemConditions(), eq(projects.item, 'project')];
      if (tag) filters.push(arrayContains(projects.tags, [tag]));
      if (cityId !== undefined) filters.push(eq(projects.cityId, cityId));
      return { where: and(...filters), orderBy: [sql`md5(${seed} || ${projects.id}::text)`, asc(projects.id)], offset, limit };
    },

    /**
     * One public project with its builder's profile, units and media, for its details page, in one statement on the
     * projects table alone: the names and the builder's profile are scalar subqueries by primary key. Joining the four
     * tables instead cost the embedded database 6.8 ms a read against 3.9 ms this way (alternated, 1,500 reads each
     * at 100,000 projects, load 10): planning the joins was most of it.
     */
    async findPublicDetail(id: number): Promise<{ row: ProjectRow; units: UnitRow[]; media: ProjectMediaRow[] } | undefined> {
      const result = await db.execute<{ json: string | null }>(sql`
        select json_build_object(
          'row', json_build_object(
            'id', x.id, 'name', x.name, 'type', x.type, 'item', x.item, 'status', x.status, 'approval', x.approval,
            'description', x.description, 'updatedAt', x.updated_at, 'ownerId', x.owner_id, 'brokerId', x.broker_id,
            'builderId', x.builder_id, 'tags', x.tags, 'transactionTag', x.transaction_tag, 'possessionDate', x.possession_date,
            'reraNumber', x.rera_number, 'amenities', x.amenities, 'minPrice', x.min_price, 'maxPrice', x.max_price,
            'cityId', x.city_id, 'cityName', (select c.name from ${cities} c where c.id = x.city_id),
            'zoneId', x.zone_id, 'zoneName', (select z.name from ${zones} z where z.id = x.zone_id),
            'locationId', x.location_id, 'locationName', (select l.name from ${locations} l where l.id = x.location_id),
            'builder', (select json_build_object('name', b.name, 'logo', b.logo_url, 'description', b.description, 'establishedYear', b.established_year)
              from ${builders} b where b.id = x.builder_id)
          ),
          'units', ${unitsJson(sql`= x.id`)},
          'media', ${mediaJson(sql`= x.id`)}
        )::text as "json"
        from (select ${projects}.* from ${projects} where ${and(eq(projects.id, id), ...publicItemConditions())}) x`);
      const found = parsedJson<{ row: DetailRow; units: UnitRow[]; media: ProjectMediaRow[] }>(result.rows, 'findPublicDetail');
      if (!found) return undefined;
      const { builder, ...row } = found.row;
      return {
        row: {
          ...row,
          builderName: builder?.name ?? null,
          builderLogo: builder?.logo ?? null,
          builderDescription: builder?.description ?? null,
          builderEstablishedYear: builder?.establishedYear ?? null,
        },
        units: found.units,
        media: found.media,
      };
    },

    /**
     * The best name matches for the search box (spec §5: the client keeps only names that contain
     * what was typed): the name starts with the text, then a word of it does, then it contains the
     * text, then it is a near miss (trigram word similarity). Similarity, then id, order each tier.
     */
    rankedByNameSpec({ text: match, ...filters }: CatalogueFilters, text: string, limit: number): PageSpec {
      const name = projects.name;
      const tier = sql`case
        when lower(${name}) like ${`${escapeLike(text)}%`} then 0
        when lower(${name}) like ${`% ${escapeLike(text)}%`} then 1
        when ${name} ilike ${containsPattern(text)} then 2
        else 3 end`;
      return { where: catalogueWhere(db, filters), candidates: match ? namesMatch(match) : sql`false`, orderBy: [tier, desc(sql`word_similarity(${text}, ${name})`), asc(projects.id)], offset: 0, limit };
    },

    /**
     * Public projects of the same city and type priced nearest to `price`: the closest `limit` at or
     * above it and the closest `limit` below it, each an index range scan; the caller keeps the nearest.
     */
    similarSpecs(project: { id: number; cityId: number; type: PropertyType; minPrice: number }, limit: number): Record<'above' | 'below', PageSpec> {
      const same = [...publicItemConditions(), eq(projects.cityId, project.cityId), eq(projects.type, project.type), ne(projects.id, project.id)];
      return {
        above: { where: and(...same, gte(projects.minPrice, project.minPrice)), orderBy: [asc(projects.minPrice), asc(projects.id)], offset: 0, limit },
        below: { where: and(...same, lt(projects.minPrice, project.minPrice)), orderBy: [desc(projects.minPrice), asc(projects.id)], offset: 0, limit },
      };
    },

    /**
     * Public projects with id > `afterId`, at most `limit`, as the in-process index holds them (catalogue-index.ts
     * IndexProjectRow, units folded in): one text value, so the embedded database hands over one string rather than
     * thousands of rows. Read in slices so other statements interleave with a rebuild on the one PGlite connection.
     */
    async catalogueIndexChunk(afterId: number, limit: number): Promise<{ rows: IndexProjectRow[]; lastId: number | null }> {
      const result = await db.execute<{ rows: string | null; last: number | null }>(sql`
        select '[' || coalesce(string_agg(json_build_array(
            p.id, p.name, p.item, p.type, p.min_price, p.max_price, p.city_id, p.zone_id, p.location_id, p.builder_id, p.transaction_tag,
            coalesce((select json_agg(json_build_array(u.type, u.min_price, u.max_price)) from ${units} u where u.project_id = p.id), '[]'::json),
            (extract(epoch from p.updated_at) * 1000000)::bigint,
            p.possession_date - date '1970-01-01', p.tags @> array[${UPCOMING_TAG}]::text[]
          )::text, ',' order by p.id), '') || ']' as "rows", max(p.id)::int as "last"
        from (select ${projects}.* from ${projects} where ${and(sql`${projects.id} > ${afterId}`, ...publicItemConditions())} order by ${projects.id} limit ${limit}) p`);
      const row = result.rows[0];
      return { rows: JSON.parse(row?.rows ?? '[]') as IndexProjectRow[], lastId: row?.last ?? null };
    },

    /**
     * What resolveWords reads, whole (hundreds of rows): active places with their city and zone, public builders; and
     * the database's date (its current_date, which the possession filters read) with the instant it next changes.
     */
    async catalogueIndexPlaces(): Promise<IndexPlaces> {
      const result = await db.execute<{ result: IndexPlaces }>(sql`
        select json_build_object(
          'locations', coalesce((select json_agg(json_build_array(t.id, t.name, c.id, c.name, z.id, z.name) order by t.id)
            from ${locations} t join ${cities} c on c.id = t.city_id left join ${zones} z on z.id = t.zone_id where t.status = 'active'), '[]'::json),
          'zones', coalesce((select json_agg(json_build_array(t.id, t.name, c.id, c.name) order by t.id)
            from ${zones} t join ${cities} c on c.id = t.city_id where t.status = 'active'), '[]'::json),
          'cities', coalesce((select json_agg(json_build_array(t.id, t.name) order by t.id) from ${cities} t where t.status = 'active'), '[]'::json),
          'builders', coalesce((select json_agg(json_build_array(t.id, t.name, t.logo_url) order by t.id)
            from ${builders} t where t.status = 'active' and t.approval = 'approved'), '[]'::json),
          'today', current_date - date '1970-01-01',
          'nextDayAt', extract(epoch from (current_date + 1)::timestamptz) * 1000
        ) as "result"`);
      const places = result.rows[0]?.result;
      if (!places) throw new Error('catalogueIndexPlaces: the database returned no result row');
      return places;
    },

    /**
     * Public projects by id (any order) with their units and media, and which of `builderIds` are public: the rows of
     * an answer the in-process index chose. Visibility is checked here again, live, so a snapshot can never show
     * what is hidden. One plain statement: planning the page CTEs of loadPages cost more than this runs.
     */
    async loadPublicByIds(ids: number[], builderIds: number[]): Promise<LoadedPages<'rows'>> {
      const idArray = sql`${`{${ids.join(',')}}`}::int[]`;
      // Units and media by the ids asked (a hidden project's are read and left unused): `in (select id from x)` over a
      // CTE cost the embedded database 13 ms against 4.7 ms for these three index lookups (36 ids, 100,000 projects).
      const result = await db.execute<{ json: string | null }>(sql`
        select json_build_object(
          'pages', json_build_object('rows', coalesce((select json_agg(${pageRowJson})
            from (select ${projects}.* from ${projects} where ${and(sql`${projects.id} = any(${idArray})`, ...publicItemConditions())}) x), '[]'::json)),
          'units', ${unitsJson(sql`= any(${idArray})`)},
          'media', ${mediaJson(sql`= any(${idArray})`)},
          'remarks', '[]'::json,
          'liveBuilders', ${liveBuildersJson(builderIds)}
        )::text as "json"`);
      const loaded = parsedJson<LoadedPages<'rows'>>(result.rows, 'loadPublicByIds');
      if (!loaded) throw new Error('loadPublicByIds: the database returned no result row');
      return loaded;
    },

    async countPublic(filters: CatalogueFilters): Promise<number> {
      const [row] = await db.select({ total: count() }).from(projects).where(catalogueWhere(db, filters));
      return row?.total ?? 0;
    },

    /** Every city, zone, locality and builder name by id (hundreds of rows), as one JSON value. */
    async placeNames(): Promise<PlaceNames> {
      const pairs = (table: SQL) => sql`coalesce((select json_agg(json_build_array(t.id, t.name)) from ${table} t), '[]'::json)`;
      const result = await db.execute<{ result: PlaceNames }>(sql`
        select json_build_object(
          'cities', ${pairs(sql`${cities}`)}, 'zones', ${pairs(sql`${zones}`)},
          'locations', ${pairs(sql`${locations}`)}, 'builders', ${pairs(sql`${builders}`)}
        ) as "result"`);
      const names = result.rows[0]?.result;
      if (!names) throw new Error('placeNames: the database returned no result row');
      return names;
    },

    /**
     * What each word names among active localities, zones and cities (issue 14: a place the provider switched off is
     * not offered) and public builders: a substring match or
     * a near miss ('whitefeild' names Whitefield). One query for all words; these tables are small
     * (hundreds of rows), so each is scanned rather than indexed.
     */
    async resolveWords(words: string[], wholeText: string): Promise<WordHit[]> {
      if (words.length === 0) return [];
      const textArray = (values: string[]) =>
        sql`array[${sql.join(
          values.map((value) => sql`${value}`),
          sql`, `,
        )}]::text[]`;
      const matches = sql`(t.name ilike w.pattern or word_similarity(w.word, t.name) >= ${PLACE_SIMILARITY})`;
      const common = (kind: string) =>
        sql`w.index::int as "index", ${kind}::text as "kind", t.id, t.name, lower(t.name) = w.word as "exact", t.name ilike w.pattern as "contains", word_similarity(${wholeText}, t.name) as "score"`;
      const result = await db.execute<WordHit>(sql`
        with w as (
          select word, pattern, index - 1 as index
          from unnest(${textArray(words)}, ${textArray(words.map(containsPattern))}) with ordinality as u(word, pattern, index)
        )
        select ${common('location')}, null::text as "logo", c.id as "cityId", c.name as "cityName", z.id as "zoneId", z.name as "zoneName"
          from w join ${locations} t on ${matches} join ${cities} c on c.id = t.city_id left join ${zones} z on z.id = t.zone_id
          where t.status = 'active'
        union all
        select ${common('zone')}, null, c.id, c.name, null, null
          from w join ${zones} t on ${matches} join ${cities} c on c.id = t.city_id
          where t.status = 'active'
        union all
        select ${common('city')}, null, null, null, null, null
          from w join ${cities} t on ${matches}
          where t.status = 'active'
        union all
        select ${common('builder')}, t.logo_url, null, null, null, null
          from w join ${builders} t on ${matches} where t.status = 'active' and t.approval = 'approved'`);
      return result.rows;
    },

  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
