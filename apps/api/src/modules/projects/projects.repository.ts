import type { Possession, ProjectSort } from '@nivaas/contracts/project.schema';
import type { Db, Item, PropertyType, TransactionTag } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, arrayContains, asc, count, desc, eq, exists, gte, inArray, isNotNull, isNull, lt, lte, ne, not, or, type SQL, sql } from '@nivaas/db/orm';

const { brokers, builders, cities, locations, projectMedia, projectRemarks, projects, units, zones } = schema;

const projectColumns = {
  id: projects.id,
  name: projects.name,
  type: projects.type,
  item: projects.item,
  status: projects.status,
  approval: projects.approval,
  description: projects.description,
  updatedAt: projects.updatedAt,
  ownerId: projects.ownerId,
  brokerId: projects.brokerId,
  builderId: projects.builderId,
  tags: projects.tags,
  transactionTag: projects.transactionTag,
  possessionDate: projects.possessionDate,
  reraNumber: projects.reraNumber,
  amenities: projects.amenities,
  minPrice: projects.minPrice,
  maxPrice: projects.maxPrice,
  cityId: projects.cityId,
  cityName: cities.name,
  zoneId: projects.zoneId,
  zoneName: zones.name,
  locationId: projects.locationId,
  locationName: locations.name,
  builderName: builders.name,
};

/** The details page also shows the builder's logo and 'about' (spec §7 GET /project/{id}). */
const projectDetailColumns = {
  ...projectColumns,
  builderLogo: builders.logoUrl,
  builderDescription: builders.description,
  builderEstablishedYear: builders.establishedYear,
};

/** A project with the names of the places and builder it points at, as one joined row. */
export type ProjectRow = Awaited<ReturnType<ProjectsRepository['randomPublicPage']>>[number];
export type ProjectDetailRow = NonNullable<Awaited<ReturnType<ProjectsRepository['findPublicById']>>>;
export type UnitRow = Awaited<ReturnType<ProjectsRepository['unitsFor']>>[number];
export type ProjectMediaRow = Awaited<ReturnType<ProjectsRepository['mediaFor']>>[number];
export type RemarkRow = Awaited<ReturnType<ProjectsRepository['remarksFor']>>[number];

export interface RandomPageQuery {
  tag: string | undefined;
  cityId: number | undefined;
  /** Same seed, same order: every page of one shuffle comes from one seed. */
  seed: string;
  offset: number;
  limit: number;
}

/**
 * One word of a visitor's free text and what it was found to name: a project matches the word when
 * its own name does, or when its locality, zone, city or builder is among the ones the word named
 * (resolved beforehand against those small tables, typos forgiven).
 */
export interface WordMatch {
  word: string;
  /** Trigram indexes need three letters; shorter words only name places and builders. */
  matchName: boolean;
  locationIds: number[];
  zoneIds: number[];
  cityIds: number[];
  builderIds: number[];
}

/** Everything a public list can be narrowed by; every field is optional and they combine with AND. */
export interface CatalogueFilters {
  cityId?: number;
  zoneId?: number;
  locationId?: number;
  builderId?: number;
  brokerId?: number;
  item?: Item;
  /** Listings uploaded by a broker, or by a user on their own (spec §7 GET /project/listings). */
  uploader?: 'broker' | 'user';
  /** Integer rupees: a project is in budget when its price range overlaps [minPrice, maxPrice]. */
  minPrice?: number;
  maxPrice?: number;
  bhk?: number[];
  propertyTypes?: PropertyType[];
  transaction?: TransactionTag;
  possession?: Possession;
  /** Every word must match (see WordMatch). */
  words?: WordMatch[];
}

/**
 * A locality, zone, city or public builder that word `index` of a resolveWords() call names, with
 * what ranking a suggestion needs: whether the name is exactly the word, and how similar it is to
 * the whole text (pg_trgm word_similarity). Localities and zones carry their city (and zone).
 */
export type WordHit = {
  index: number;
  kind: 'location' | 'zone' | 'city' | 'builder';
  id: number;
  name: string;
  exact: boolean;
  score: number;
  logo: string | null;
  cityId: number | null;
  cityName: string | null;
  zoneId: number | null;
  zoneName: string | null;
};

/** The visitor's price sorts, and newest first for the listings feed. */
export type CatalogueOrder = ProjectSort | 'newest';

export interface PageWindow {
  offset: number;
  limit: number;
}

/** spec §2: a project whose tags hold 'Upcoming Launches' is a pre-launch project. */
const UPCOMING_TAG = 'Upcoming Launches';
/** Localities, zones, cities and builders a word names when their name is this similar to it (pg_trgm word_similarity). */
const PLACE_SIMILARITY = 0.5;

/**
 * What the public may see (spec §9): live and approved, and never through the back door of a hidden
 * owner: a retired or unapproved builder takes its projects off the site, and so does an unapproved
 * broker its listings, whatever the rows' own state.
 */
function visibleToPublic(): SQL[] {
  return [
    eq(projects.status, 'active'),
    eq(projects.approval, 'approved'),
    // NOT IN over the few hidden builders and brokers runs its subquery once and hashes it; a
    // correlated EXISTS per row costs several times more on a page of the whole city.
    sql`(${projects.builderId} is null or ${projects.builderId} not in (select b.id from ${builders} b where b.status <> 'active' or b.approval <> 'approved'))`,
    sql`(${projects.brokerId} is null or ${projects.brokerId} not in (select k.id from ${brokers} k where k.approval <> 'approved'))`,
  ];
}

/** A word for a LIKE pattern, with LIKE's own wildcards in it taken literally. */
function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, '\\$&');
}

/** `%word%` for ILIKE. */
export function containsPattern(word: string): string {
  return `%${escapeLike(word)}%`;
}

function possessionIs(possession: Possession): SQL {
  switch (possession) {
    case 'ready':
      // A resale home without a date was built long ago; a date in the past means the keys are out.
      return sql`(${projects.possessionDate} <= current_date or (${projects.possessionDate} is null and ${projects.transactionTag} = 'Resale'))`;
    case 'upcoming':
      return arrayContains(projects.tags, [UPCOMING_TAG]);
    case 'under-construction':
      return and(sql`${projects.possessionDate} > current_date`, not(arrayContains(projects.tags, [UPCOMING_TAG]))) as SQL;
  }
}

function wordMatches({ word, matchName, locationIds, zoneIds, cityIds, builderIds }: WordMatch): SQL {
  const arms: SQL[] = [];
  // ILIKE finds the word inside a name; `<%` (word similarity over the trigram index) forgives a typo.
  if (matchName) arms.push(sql`${projects.name} ilike ${containsPattern(word)}`, sql`${word} <% ${projects.name}`);
  if (locationIds.length > 0) arms.push(inArray(projects.locationId, locationIds));
  if (zoneIds.length > 0) arms.push(inArray(projects.zoneId, zoneIds));
  if (cityIds.length > 0) arms.push(inArray(projects.cityId, cityIds));
  if (builderIds.length > 0) arms.push(inArray(projects.builderId, builderIds));
  return arms.length > 0 ? (or(...arms) as SQL) : sql`false`;
}

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

export function createProjectsRepository(db: Db) {
  function hasUnitOf(bhk: number[], { minPrice, maxPrice }: CatalogueFilters): SQL {
    const conditions = [eq(units.projectId, projects.id), inArray(units.type, bhk.map(String))];
    // With both a configuration and a budget, that configuration must be the one in budget.
    if (maxPrice !== undefined) conditions.push(lte(units.minPrice, maxPrice));
    if (minPrice !== undefined) conditions.push(gte(units.maxPrice, minPrice));
    return exists(db.select({ one: sql`1` }).from(units).where(and(...conditions)));
  }

  function catalogueWhere(filters: CatalogueFilters): SQL | undefined {
    const conditions = visibleToPublic();
    const { cityId, zoneId, locationId, builderId, brokerId, item, uploader, minPrice, maxPrice, bhk, propertyTypes, transaction, possession, words } = filters;
    if (cityId !== undefined) conditions.push(eq(projects.cityId, cityId));
    if (zoneId !== undefined) conditions.push(eq(projects.zoneId, zoneId));
    if (locationId !== undefined) conditions.push(eq(projects.locationId, locationId));
    if (builderId !== undefined) conditions.push(eq(projects.builderId, builderId));
    if (brokerId !== undefined) conditions.push(eq(projects.brokerId, brokerId));
    if (item !== undefined) conditions.push(eq(projects.item, item));
    if (uploader === 'broker') conditions.push(isNotNull(projects.brokerId));
    if (uploader === 'user') conditions.push(isNotNull(projects.ownerId), isNull(projects.brokerId));
    if (maxPrice !== undefined) conditions.push(lte(projects.minPrice, maxPrice));
    if (minPrice !== undefined) conditions.push(gte(projects.maxPrice, minPrice));
    if (propertyTypes?.length) conditions.push(inArray(projects.type, propertyTypes));
    if (transaction !== undefined) conditions.push(eq(projects.transactionTag, transaction));
    if (possession !== undefined) conditions.push(possessionIs(possession));
    if (bhk?.length) conditions.push(hasUnitOf(bhk, filters));
    for (const word of words ?? []) conditions.push(wordMatches(word));
    return and(...conditions);
  }

  /** Projects joined to the names of their places and builder, for any list or detail. */
  function selectProjects() {
    return db
      .select(projectColumns)
      .from(projects)
      .innerJoin(cities, eq(cities.id, projects.cityId))
      .innerJoin(locations, eq(locations.id, projects.locationId))
      .leftJoin(zones, eq(zones.id, projects.zoneId))
      .leftJoin(builders, eq(builders.id, projects.builderId));
  }

  return {
    /**
     * A shuffled page of builder projects: rows ordered by md5(seed || id), with id breaking
     * (astronomically unlikely) ties. A pure function of the seed, so consecutive pages neither
     * repeat nor skip a project.
     */
    randomPublicPage({ tag, cityId, seed, offset, limit }: RandomPageQuery) {
      const filters = [...visibleToPublic(), eq(projects.item, 'project')];
      if (tag) filters.push(arrayContains(projects.tags, [tag]));
      if (cityId !== undefined) filters.push(eq(projects.cityId, cityId));
      return selectProjects()
        .where(and(...filters))
        .orderBy(sql`md5(${seed} || ${projects.id}::text)`, asc(projects.id))
        .limit(limit)
        .offset(offset);
    },

    /** A page of the public catalogue in the chosen order. */
    publicPage(filters: CatalogueFilters, order: CatalogueOrder, { offset, limit }: PageWindow) {
      return selectProjects()
        .where(catalogueWhere(filters))
        .orderBy(...ORDER_BY[order])
        .limit(limit)
        .offset(offset);
    },

    async countPublic(filters: CatalogueFilters): Promise<number> {
      const [row] = await db.select({ total: count() }).from(projects).where(catalogueWhere(filters));
      return row?.total ?? 0;
    },

    /**
     * The best name matches for the search box: the name starts with the text, then a word of it
     * does, then it contains the text, then it is a near miss (trigram word similarity); projects
     * that match only through their place or builder come last. Similarity, then id, order each tier.
     */
    rankedByName(filters: CatalogueFilters, text: string, limit: number) {
      const name = projects.name;
      const tier = sql`case
        when lower(${name}) like ${`${escapeLike(text)}%`} then 0
        when lower(${name}) like ${`% ${escapeLike(text)}%`} then 1
        when ${name} ilike ${containsPattern(text)} then 2
        when ${text} <% ${name} then 3
        else 4 end`;
      return selectProjects()
        .where(catalogueWhere(filters))
        .orderBy(tier, desc(sql`word_similarity(${text}, ${name})`), asc(projects.id))
        .limit(limit);
    },

    async findPublicById(id: number) {
      const [row] = await db
        .select(projectDetailColumns)
        .from(projects)
        .innerJoin(cities, eq(cities.id, projects.cityId))
        .innerJoin(locations, eq(locations.id, projects.locationId))
        .leftJoin(zones, eq(zones.id, projects.zoneId))
        .leftJoin(builders, eq(builders.id, projects.builderId))
        .where(and(eq(projects.id, id), ...visibleToPublic()));
      return row;
    },

    /**
     * Public projects of the same city and type priced nearest to `price`: the closest `limit` above
     * and the closest `limit` below, each an index range scan; the caller keeps the nearest.
     */
    async similarTo(project: { id: number; cityId: number; type: PropertyType; minPrice: number }, limit: number) {
      const same = [...visibleToPublic(), eq(projects.cityId, project.cityId), eq(projects.type, project.type), ne(projects.id, project.id)];
      const [above, below] = await Promise.all([
        selectProjects()
          .where(and(...same, gte(projects.minPrice, project.minPrice)))
          .orderBy(asc(projects.minPrice), asc(projects.id))
          .limit(limit),
        selectProjects()
          .where(and(...same, lt(projects.minPrice, project.minPrice)))
          .orderBy(desc(projects.minPrice), asc(projects.id))
          .limit(limit),
      ]);
      return [...above, ...below];
    },

    /**
     * What each word names among localities, zones, cities and public builders: a substring match or
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
        sql`w.index::int as "index", ${kind}::text as "kind", t.id, t.name, lower(t.name) = w.word as "exact", word_similarity(${wholeText}, t.name) as "score"`;
      const result = await db.execute<WordHit>(sql`
        with w as (
          select word, pattern, index - 1 as index
          from unnest(${textArray(words)}, ${textArray(words.map(containsPattern))}) with ordinality as u(word, pattern, index)
        )
        select ${common('location')}, null::text as "logo", c.id as "cityId", c.name as "cityName", z.id as "zoneId", z.name as "zoneName"
          from w join ${locations} t on ${matches} join ${cities} c on c.id = t.city_id left join ${zones} z on z.id = t.zone_id
        union all
        select ${common('zone')}, null, c.id, c.name, null, null
          from w join ${zones} t on ${matches} join ${cities} c on c.id = t.city_id
        union all
        select ${common('city')}, null, null, null, null, null
          from w join ${cities} t on ${matches}
        union all
        select ${common('builder')}, t.logo_url, null, null, null, null
          from w join ${builders} t on ${matches} where t.status = 'active' and t.approval = 'approved'`);
      return result.rows;
    },

    /** Every unit column is part of the API's Unit, so the whole row is read. */
    unitsFor(projectIds: number[]) {
      return db
        .select()
        .from(units)
        .where(inArray(units.projectId, projectIds))
        .orderBy(asc(units.projectId), asc(units.minPrice), asc(units.id));
    },

    /** spec §3: the first media item is the card photo, so the seeded position order matters. */
    mediaFor(projectIds: number[]) {
      return db
        .select({ projectId: projectMedia.projectId, title: projectMedia.title, url: projectMedia.url })
        .from(projectMedia)
        .where(inArray(projectMedia.projectId, projectIds))
        .orderBy(asc(projectMedia.projectId), asc(projectMedia.position), asc(projectMedia.id));
    },

    remarksFor(projectIds: number[]) {
      return db
        .select({
          id: projectRemarks.id,
          projectId: projectRemarks.projectId,
          message: projectRemarks.message,
          createdAt: projectRemarks.createdAt,
        })
        .from(projectRemarks)
        .where(inArray(projectRemarks.projectId, projectIds))
        .orderBy(asc(projectRemarks.projectId), asc(projectRemarks.createdAt), asc(projectRemarks.id));
    },
  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
