import type { PageQuery, Pagination } from '@nivaas/contracts/common.schema';
import { parseSearchQuery } from '@nivaas/contracts/price-query';
import type { ParsedSearchQuery } from '@nivaas/contracts/price-query.schema';
import type {
  ListingsQuery,
  Project,
  ProjectDetail,
  ProjectListQuery,
  RandomProjectsQuery,
} from '@nivaas/contracts/project.schema';
import { forgetOnChange } from '../../lib/catalogue-changes';
import { sharedReads } from '../../lib/shared-reads';
import { DomainError } from '../../lib/domain-error';
import { groupBy } from '../../lib/group-by';
import { offsetOf } from '../../lib/page-window';
import { buildCatalogueIndex, type CatalogueIndex, type IndexProjectRow } from './catalogue-index';
import { toProject, toProjectDetail } from './projects.mapper';
import { createTtlCache, LABEL_TTL_MS } from './ttl-cache';
import type { CatalogueFilters } from './project-filters';
import { MIN_NAME_WORD, type TextMatch, type WordHit, type WordMatch } from './project-text-search';
import type {
  CatalogueOrder,
  LoadedPages,
  PageRow,
  PageSpec,
  ProjectMediaRow,
  ProjectRow,
  ProjectsRepository,
  RemarkRow,
  UnitRow,
} from './projects.repository';

/**
 * The shuffle changes once a day (UTC) so the home page rails feel alive, yet stays fixed while a
 * visitor pages through them: page 2 continues page 1's order instead of reshuffling.
 */
function dailySeed(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** More words than this add cost, not precision: the rest of a long query is ignored. */
const MAX_WORDS = 5;

/** The words of a search, lower-cased, de-duplicated, at most MAX_WORDS. */
export function wordsOf(text: string): string[] {
  return [...new Set(text.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, MAX_WORDS);
}

/** Place and builder names by id. */
interface Names {
  cities: Map<number, string>;
  zones: Map<number, string>;
  locations: Map<number, string>;
  builders: Map<number, string>;
}

/** Free text resolved for the catalogue: how it matches, and the places and builders its words named. */
export interface ResolvedText {
  match: TextMatch | undefined;
  hits: WordHit[];
}

function wordMatch(word: string, hits: WordHit[], matchName: boolean): WordMatch {
  const idsOf = (kind: WordHit['kind']) => hits.filter((hit) => hit.kind === kind).map((hit) => hit.id);
  return { word, matchName, locationIds: idsOf('location'), zoneIds: idsOf('zone'), cityIds: idsOf('city'), builderIds: idsOf('builder') };
}

/**
 * What the visitor's words name, and so how the catalogue is matched (see TextMatch):
 * - a word that is exactly a city's name means that city ('flats in pune');
 * - a word found inside names is not also taken for the names it merely resembles ('baner' is Baner,
 *   not Banaswadi); near misses count only when nothing contains the word ('whitefeild');
 * - when one set of places or builders answers every word, the text is about them.
 */
export function toTextMatch(words: string[], hits: WordHit[]): ResolvedText {
  if (words.length === 0) return { match: undefined, hits: [] };
  const byWord = groupBy(hits, (hit) => hit.index);
  const perWord = words.map((word, index) => {
    const named = byWord.get(index) ?? [];
    const city = named.find((hit) => hit.kind === 'city' && hit.exact);
    if (city) return { word, isCity: true, hits: [city] };
    return { word, isCity: false, hits: named.some((hit) => hit.contains) ? named.filter((hit) => hit.contains) : named };
  });
  const kept = perWord.flatMap((entry) => entry.hits);
  const key = (hit: WordHit) => `${hit.kind}:${hit.id}`;
  const everyWord = perWord.slice(1).reduce((common, entry) => {
    const keys = new Set(entry.hits.map(key));
    return common.filter((hit) => keys.has(key(hit)));
  }, perWord[0]?.hits ?? []);
  if (everyWord.length > 0) {
    const text = words.join(' ');
    const matchName = !perWord.some((entry) => entry.isCity) && text.length >= MIN_NAME_WORD;
    return { match: { mode: 'named', match: wordMatch(text, everyWord, matchName) }, hits: kept };
  }
  return {
    match: { mode: 'words', words: perWord.map((entry) => wordMatch(entry.word, entry.hits, !entry.isCity && entry.word.length >= MIN_NAME_WORD)) },
    hits: kept,
  };
}

/** Filters a parsed query adds, each only where the request did not say it explicitly. */
export function withParsedFilters(filters: CatalogueFilters, parsed: ParsedSearchQuery): CatalogueFilters {
  return {
    ...filters,
    minPrice: filters.minPrice ?? parsed.minPrice ?? undefined,
    maxPrice: filters.maxPrice ?? parsed.maxPrice ?? undefined,
    bhk: filters.bhk ?? (parsed.bhk.length > 0 ? parsed.bhk : undefined),
    propertyTypes: filters.propertyTypes ?? (parsed.propertyTypes.length > 0 ? parsed.propertyTypes : undefined),
    possession: filters.possession ?? parsed.possession ?? undefined,
    transaction: filters.transaction ?? parsed.transaction ?? undefined,
    startingPrice: filters.minPrice === undefined && filters.maxPrice === undefined && parsed.around,
  };
}

/** The request's place or owner filters: the named keys, and the generic `type={key}&id={n}` pair on top. */
function placeFilters(query: CatalogueQuery): CatalogueFilters {
  const filters: CatalogueFilters = {
    cityId: query.cityId,
    zoneId: query.zoneId,
    locationId: query.locationId,
    builderId: query.builderId,
    brokerId: query.brokerId,
  };
  if (query.type !== undefined && query.id !== undefined) {
    const named = filters[query.type];
    // Both forms naming the same key with different ids can match nothing; say so rather than pick one.
    if (named !== undefined && named !== query.id) throw new DomainError('VALIDATION', `${query.type}=${named} and type=${query.type}&id=${query.id} disagree`, { field: 'id' });
    filters[query.type] = query.id;
  }
  return filters;
}

/** GET /project's filters without paging and sort: what the results page shows, and what a saved search keeps. */
export type CatalogueQuery = Omit<ProjectListQuery, 'page' | 'limit' | 'sort'>;

export interface ProjectsServiceOptions {
  clock?: () => Date;
  /** How long a list's total may be reused (see ttl-cache.ts). */
  countTtlMs?: number;
  /** Answer search from the in-process catalogue index (decision 031); off, every search is SQL (the tests' reference). */
  catalogueIndex?: boolean;
  /** The least time between two starts of an index build, so a burst of writes costs one rebuild, not one per write. */
  indexRebuildGapMs?: number;
}

/**
 * The tables the in-process index is read from (catalogue-index.ts): a notice from any other catalogue table (reviews,
 * blogs, media...) leaves it standing.
 */
const INDEX_TABLES = new Set(['projects', 'units', 'builders', 'brokers', 'cities', 'zones', 'locations']);
/** Public projects per statement of an index build: the embedded database's one connection serves others between. */
const INDEX_CHUNK = 20_000;
const INDEX_REBUILD_GAP_MS = 1_000;

const COUNT_CACHE_ENTRIES = 1_000;
/**
 * A backstop only: what search words name and the place names are forgotten on every catalogue change notice
 * (catalogueNotices below), so a locality the provider adds is searchable at once.
 */
const RESOLUTION_TTL_MS = 60_000;
const RESOLUTION_CACHE_ENTRIES = 2_000;

export function createProjectsService(
  repository: ProjectsRepository,
  { clock = () => new Date(), countTtlMs = LABEL_TTL_MS, catalogueIndex = true, indexRebuildGapMs = INDEX_REBUILD_GAP_MS }: ProjectsServiceOptions = {},
) {
  const counts = createTtlCache<number>({ ttlMs: countTtlMs, maxEntries: COUNT_CACHE_ENTRIES });
  const resolutions = createTtlCache<WordHit[]>({ ttlMs: RESOLUTION_TTL_MS, maxEntries: RESOLUTION_CACHE_ENTRIES });
  const placeNames = createTtlCache<Names>({ ttlMs: RESOLUTION_TTL_MS, maxEntries: 1 });
  /**
   * Issue 14: the back office adds and renames places and builders while the site runs; the catalogue tables'
   * notices (lib/catalogue-changes.ts) empty what this service keeps of them. The list totals are labels and keep
   * their own short life (ttl-cache.ts).
   */
  const catalogueNotices = forgetOnChange((table) => {
    notices += 1;
    resolutions.clear();
    placeNames.clear();
    if (table === undefined || INDEX_TABLES.has(table)) indexGeneration += 1;
  });

  /*
   * The in-process index (decision 031). `indexGeneration` counts the notices of the tables it reads; an index built
   * from reads that started at generation g answers only while the generation is still g, so a write whose notice
   * came before the build began is in it, and any later one sends search to SQL until a new build is installed.
   * Built on demand (the first search or results page, then the first after a change), never while a request waits for it.
   */
  let indexGeneration = 0;
  /** Catalogue notices of any table so far: a read in flight answers a newcomer only if none came since it began. */
  let notices = 0;
  const sharedDetails = sharedReads<{ row: ProjectRow; project: Project }>();
  let index: { generation: number; value: CatalogueIndex } | undefined;
  let building = false;
  let lastBuildStart = Number.NEGATIVE_INFINITY;

  async function buildIndex(): Promise<void> {
    const generation = indexGeneration;
    const rows: IndexProjectRow[] = [];
    let afterId = 0;
    for (;;) {
      const chunk = await repository.catalogueIndexChunk(afterId, INDEX_CHUNK);
      rows.push(...chunk.rows);
      if (chunk.lastId === null || chunk.rows.length < INDEX_CHUNK) break;
      // A change during the build makes it stale before it is done: stop reading.
      if (generation !== indexGeneration) return;
      afterId = chunk.lastId;
    }
    const places = await repository.catalogueIndexPlaces();
    if (generation !== indexGeneration) return;
    const value = await buildCatalogueIndex(rows, places);
    if (generation === indexGeneration) index = { generation, value };
  }

  /** The index if it is current, else undefined (and a build is started, at most one at a time, gapped). */
  function currentIndex(): CatalogueIndex | undefined {
    if (!catalogueIndex || !catalogueNotices.keeping()) return undefined;
    // The database's date has moved on since the build (possession filters read it): built again, once a day.
    if (index && index.value.validUntil <= Date.now()) indexGeneration += 1;
    if (index?.generation === indexGeneration) return index.value;
    index = undefined;
    if (!building && performance.now() - lastBuildStart >= indexRebuildGapMs) {
      building = true;
      lastBuildStart = performance.now();
      // A failed build (the database closing under it, a lost connection) leaves search on SQL; the next search tries again.
      buildIndex()
        .catch(() => undefined)
        .finally(() => {
          building = false;
        });
    }
    return undefined;
  }

  /**
   * Names of places and builders, by id, kept for a minute: labels only (a project's visibility,
   * including its builder's, is decided in SQL), read whole because the tables are small, and read
   * again at once when a page names an id the kept copy does not know (a locality added since).
   * Why: joining four tables into every page costs the embedded database more to plan than to run.
   */
  async function namesFor(rows: PageRow[]): Promise<Names> {
    const known = (names: Names) =>
      rows.every(
        (row) =>
          names.cities.has(row.cityId) &&
          names.locations.has(row.locationId) &&
          (row.zoneId === null || names.zones.has(row.zoneId)) &&
          (row.builderId === null || names.builders.has(row.builderId)),
      );
    if (!catalogueNotices.keeping()) return loadNames();
    const kept = await placeNames.get('all', loadNames);
    if (known(kept)) return kept;
    const fresh = await placeNames.refresh('all', loadNames);
    if (!known(fresh)) throw new Error('a page names a place or builder that does not exist');
    return fresh;
  }

  async function loadNames(): Promise<Names> {
    const { cities, zones, locations, builders } = await repository.placeNames();
    return { cities: new Map(cities), zones: new Map(zones), locations: new Map(locations), builders: new Map(builders) };
  }

  /** Page rows with their names, units and media, as the API's Project. */
  async function shapePages<K extends string>(pages: LoadedPages<K>['pages'], units: UnitRow[], media: ProjectMediaRow[], remarks: RemarkRow[]) {
    const names = await namesFor(Object.values<PageRow[]>(pages).flat());
    const unitsBy = groupBy(units, (unit) => unit.projectId);
    const mediaBy = groupBy(media, (item) => item.projectId);
    const remarksBy = groupBy(remarks, (remark) => remark.projectId);
    const shaped = {} as Record<K, { row: ProjectRow; project: Project }[]>;
    for (const key of Object.keys(pages) as K[]) {
      shaped[key] = pages[key].map((pageRow) => {
        const row: ProjectRow = {
          ...pageRow,
          cityName: names.cities.get(pageRow.cityId) ?? '',
          zoneName: pageRow.zoneId === null ? null : (names.zones.get(pageRow.zoneId) ?? null),
          locationName: names.locations.get(pageRow.locationId) ?? '',
          builderName: pageRow.builderId === null ? null : (names.builders.get(pageRow.builderId) ?? null),
        };
        return { row, project: toProject(row, unitsBy.get(row.id) ?? [], mediaBy.get(row.id) ?? [], remarksBy.get(row.id) ?? []) };
      });
    }
    return shaped;
  }

  /**
   * Loads pages of projects with their units and media (one statement, whatever the page sizes) and
   * shapes them as the API's Project. Public reads never load remarks: they are the provider's words
   * to the owner, not the visitor's business.
   */
  async function load<K extends string>(specs: Record<K, PageSpec>): Promise<Record<K, { row: ProjectRow; project: Project }[]>> {
    const { pages, units, media, remarks } = await repository.loadPages(specs);
    return shapePages(pages, units, media, remarks);
  }

  async function loadOne(spec: PageSpec): Promise<Project[]> {
    return (await load({ page: spec })).page.map(({ project }) => project);
  }

  /**
   * What the words name, remembered for a minute per text: localities, zones and cities carry no
   * moderation state, and a builder's visibility is checked again live wherever it matters (its
   * projects by every page's visibility rule, a builder suggestion in the statement that loads the
   * results), so a remembered resolution can never show what is hidden. It spares the typeahead one
   * statement per keystroke for the texts people type most.
   */
  async function resolveText(text: string): Promise<ResolvedText> {
    const words = wordsOf(text);
    const key = words.join(' ');
    const resolve = async () => currentIndex()?.resolveWords(words, key) ?? repository.resolveWords(words, key);
    return toTextMatch(words, await (catalogueNotices.keeping() ? resolutions.get(key, resolve) : resolve()));
  }

  /**
   * The catalogue filters of a results-page query. Free text in `search` is read like the search box ('2 bhk
   * under 80 lakh in whitefield'); an explicit filter in the query wins over one read from the text.
   */
  async function filtersFor(query: CatalogueQuery): Promise<CatalogueFilters> {
    const filters: CatalogueFilters = {
      ...placeFilters(query),
      item: query.item,
      minPrice: query.minPrice,
      maxPrice: query.maxPrice,
      bhk: query.bhk,
      propertyTypes: query.propertyType,
      transaction: query.transaction,
      possession: query.possession,
    };
    if (!query.search) return filters;
    const parsed = parseSearchQuery(query.search);
    return { ...withParsedFilters(filters, parsed), text: (await resolveText(parsed.text)).match };
  }

  /**
   * The projects the index chose, read by id in one statement with their visibility checked live, shaped and keyed by
   * id; undefined when one of them is not public now (the index is behind a change whose notice has not arrived yet,
   * PostgreSQL): then the index is dropped and the caller answers from SQL.
   */
  async function loadChosen(wanted: number[], builderIds: number[]): Promise<{ byId: Map<number, Project>; liveBuilders: Set<number> } | undefined> {
    if (wanted.length === 0 && builderIds.length === 0) return { byId: new Map(), liveBuilders: new Set() };
    const loaded = await repository.loadPublicByIds(wanted, builderIds);
    if (loaded.pages.rows.length !== wanted.length) {
      indexGeneration += 1;
      return undefined;
    }
    const byId = new Map((await shapePages(loaded.pages, loaded.units, loaded.media, [])).rows.map(({ project }) => [project.id, project]));
    return { byId, liveBuilders: new Set(loaded.liveBuilders) };
  }

  /**
   * One page and whether another follows. One row past the page is read, so `hasMore` is exact and
   * live (spec §4: a short page means no more pages). From the index (decision 038) the total is counted with the
   * page; from SQL it is a label (see ttl-cache.ts).
   */
  async function page(filters: CatalogueFilters, order: CatalogueOrder, { page: pageNumber, limit }: PageQuery): Promise<{ projects: Project[]; pagination: Pagination }> {
    const offset = offsetOf({ page: pageNumber, limit });
    const found = currentIndex()?.list(filters, order, { offset, limit: limit + 1 });
    const chosen = found && (await loadChosen(found.ids, []));
    if (found && chosen) {
      const projects = found.ids.flatMap((id) => chosen.byId.get(id) ?? []);
      return { projects: projects.slice(0, limit), pagination: { page: pageNumber, limit, total: found.total, hasMore: projects.length > limit } };
    }
    const [projects, total] = await Promise.all([
      loadOne(repository.publicSpec(filters, order, { offset, limit: limit + 1 })),
      counts.get(JSON.stringify(filters), () => repository.countPublic(filters)),
    ]);
    return { projects: projects.slice(0, limit), pagination: { page: pageNumber, limit, total, hasMore: projects.length > limit } };
  }

  /**
   * A public project's row and shape (with its builder's profile), or not found: hidden ones are not found either.
   * Identical concurrent reads share one statement (issue 16: with the response cache off, the few projects most
   * visitors open are asked for by several at once); a read joins one in flight only if no catalogue notice came
   * since that one began, so nobody is answered from before a change they could have seen.
   */
  function findPublic(id: number): Promise<{ row: ProjectRow; project: Project }> {
    const read = async () => {
      const detail = await repository.findPublicDetail(id);
      if (!detail) throw DomainError.notFound('Project', id);
      return { row: detail.row, project: toProject(detail.row, detail.units, detail.media, []) };
    };
    // Keyed by the notices so far: a read begun before a change is never joined after it.
    return catalogueNotices.keeping() ? sharedDetails(`${id}:${notices}`, read) : read();
  }

  return {
    resolveText,
    /** Subscribe these to the catalogue's change notices (app.ts). */
    catalogueNotices,
    /** Whether search is answered from a current in-process index now (tests, the bench). */
    indexReady: () => catalogueIndex && catalogueNotices.keeping() && index?.generation === indexGeneration,
    /** Starts an index build if none is current, for a caller that wants it ready before the first search. */
    warmIndex: () => void currentIndex(),

    /** spec §7 GET /project/random: public builder projects only (spec §9), optionally by tag and city. */
    async random({ tag, cityId, page: pageNumber, limit }: RandomProjectsQuery): Promise<Project[]> {
      return loadOne(
        repository.randomSpec({ tag: tag || undefined, cityId, seed: dailySeed(clock()), offset: offsetOf({ page: pageNumber, limit }), limit }),
      );
    },

    /**
     * spec §7 GET /project: the public catalogue by place or owner, with the results page's filters.
     * Free text in `search` is read like the search box ('2 bhk under 80 lakh in whitefield'); an
     * explicit filter in the request wins over one read from the text.
     */
    async list(query: ProjectListQuery): Promise<{ projects: Project[]; pagination: Pagination }> {
      return page(await filtersFor(query), query.sort, query);
    },

    /**
     * Public projects by id, in the order asked, through the same visibility rule and shape as GET /project;
     * an id that is unknown or not public is left out (favourites: a wishlist never shows a hidden project).
     */
    async publicByIds(ids: readonly number[]): Promise<Project[]> {
      const wanted = [...new Set(ids)];
      if (wanted.length === 0) return [];
      const found = await loadOne(repository.publicSpec({ ids: wanted }, 'newest', { offset: 0, limit: wanted.length }));
      const byId = new Map(found.map((project) => [project.id, project]));
      return wanted.flatMap((id) => byId.get(id) ?? []);
    },

    /**
     * Whether a project is public and on the results page of these filters, read exactly as GET /project reads
     * them (free text included): a saved search matches a listing when the listing would appear in its results.
     */
    async isInResults(projectId: number, query: CatalogueQuery): Promise<boolean> {
      return (await repository.countPublic({ ...(await filtersFor(query)), ids: [projectId] })) > 0;
    },

    /**
     * What the search box shows for resolved text: the builder projects whose names match it best, and
     * the first results page of everything matching, cheapest first, in one statement.
     */
    async searchCatalogue(
      filters: CatalogueFilters,
      text: string,
      { suggestions, properties, builderIds }: { suggestions: number; properties: number; builderIds: number[] },
    ): Promise<{ suggestions: Project[]; properties: Project[]; liveBuilders: Set<number> }> {
      const found = currentIndex()?.search(filters, text, { suggestions, properties });
      const chosen = found && (await loadChosen([...new Set([...found.suggestions, ...found.properties])], builderIds));
      if (found && chosen) {
        const inOrder = (ids: number[]) => ids.flatMap((id) => chosen.byId.get(id) ?? []);
        return { suggestions: inOrder(found.suggestions), properties: inOrder(found.properties), liveBuilders: chosen.liveBuilders };
      }
      const specs = {
        suggestions: repository.rankedByNameSpec({ ...filters, item: 'project' }, text, suggestions),
        properties: repository.publicSpec(filters, 'price_asc', { offset: 0, limit: properties }),
      };
      const { pages, units, media, remarks, liveBuilders } = await repository.loadPages(specs, { builderIds });
      const shaped = await shapePages(pages, units, media, remarks);
      return {
        suggestions: shaped.suggestions.map(({ project }) => project),
        properties: shaped.properties.map(({ project }) => project),
        liveBuilders: new Set(liveBuilders),
      };
    },

    /** spec §7 GET /project/listings: public uploads by brokers (default) or users, newest first. */
    async listings({ uploader, cityId, ...window }: ListingsQuery): Promise<{ projects: Project[]; pagination: Pagination }> {
      return page({ item: 'listing', uploader, cityId }, 'newest', window);
    },

    /** spec §7 GET /project/{id}: a public project with its builder's profile. */
    async get(id: number): Promise<ProjectDetail> {
      const { row, project } = await findPublic(id);
      return toProjectDetail(project, row);
    },

    /**
     * Public projects like a public one, for its details page: same city and property type, priced
     * nearest to it (by lowest price), nearest first.
     */
    async similar(id: number, limit: number): Promise<Project[]> {
      const { row } = await findPublic(id);
      if (row.minPrice === null) return [];
      const price = row.minPrice;
      const { above, below } = await load(repository.similarSpecs({ id, cityId: row.cityId, type: row.type, minPrice: price }, limit));
      const distance = ({ row: candidate }: { row: ProjectRow }) => Math.abs((candidate.minPrice ?? price) - price);
      return [...above, ...below]
        .sort((a, b) => distance(a) - distance(b) || a.row.id - b.row.id)
        .slice(0, limit)
        .map(({ project }) => project);
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
