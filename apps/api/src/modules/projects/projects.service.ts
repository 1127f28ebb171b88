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
import { DomainError } from '../../lib/domain-error';
import { groupBy } from '../../lib/group-by';
import { offsetOf } from '../../lib/page-window';
import { toProject, toProjectDetail } from './projects.mapper';
import { createTtlCache, LABEL_TTL_MS } from './ttl-cache';
import type { CatalogueFilters, CatalogueOrder, ProjectRow, ProjectsRepository, WordHit, WordMatch } from './projects.repository';

/**
 * The shuffle changes once a day (UTC) so the home page rails feel alive, yet stays fixed while a
 * visitor pages through them: page 2 continues page 1's order instead of reshuffling.
 */
function dailySeed(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** More words than this add cost, not precision: the rest of a long query is ignored. */
const MAX_WORDS = 5;
/** The trigram index on project names needs three characters to narrow anything. */
const MIN_NAME_WORD = 3;

/** The words of a search, lower-cased, de-duplicated, at most MAX_WORDS. */
export function wordsOf(text: string): string[] {
  return [...new Set(text.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, MAX_WORDS);
}

/** Free text resolved for the catalogue: one condition per word, and what each word named. */
export interface ResolvedText {
  words: WordMatch[];
  hits: WordHit[];
}

/**
 * What the visitor's words name. A word that is exactly a city's name means that city ('flats in
 * pune'), so it narrows by city alone rather than also matching every name that contains it.
 */
function toWordMatches(words: string[], hits: WordHit[]): WordMatch[] {
  const byWord = groupBy(hits, (hit) => hit.index);
  return words.map((word, index) => {
    const named = byWord.get(index) ?? [];
    const city = named.find((hit) => hit.kind === 'city' && hit.exact);
    const idsOf = (kind: WordHit['kind']) => (city ? [] : named.filter((hit) => hit.kind === kind).map((hit) => hit.id));
    return {
      word,
      matchName: !city && word.length >= MIN_NAME_WORD,
      locationIds: idsOf('location'),
      zoneIds: idsOf('zone'),
      cityIds: city ? [city.id] : idsOf('city'),
      builderIds: idsOf('builder'),
    };
  });
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
  };
}

/** The request's place or owner filters: the named keys, and the generic `type={key}&id={n}` pair on top. */
function placeFilters(query: ProjectListQuery): CatalogueFilters {
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

export interface ProjectsServiceOptions {
  clock?: () => Date;
  /** How long a list's total may be reused (see ttl-cache.ts). */
  countTtlMs?: number;
}

const COUNT_CACHE_ENTRIES = 1_000;

export function createProjectsService(repository: ProjectsRepository, { clock = () => new Date(), countTtlMs = LABEL_TTL_MS }: ProjectsServiceOptions = {}) {
  const counts = createTtlCache<number>({ ttlMs: countTtlMs, maxEntries: COUNT_CACHE_ENTRIES });

  /**
   * Units, media (and, for the owner's or provider's views, remarks) for a whole page in a fixed
   * number of queries, whatever its size. Public reads never load remarks: they are the provider's
   * words to the owner, not the visitor's business.
   */
  async function shape(rows: ProjectRow[], { withRemarks }: { withRemarks: boolean }): Promise<Project[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [units, medias, remarks] = await Promise.all([
      repository.unitsFor(ids),
      repository.mediaFor(ids),
      withRemarks ? repository.remarksFor(ids) : [],
    ]);
    const unitsBy = groupBy(units, (unit) => unit.projectId);
    const mediaBy = groupBy(medias, (media) => media.projectId);
    const remarksBy = groupBy(remarks, (remark) => remark.projectId);
    return rows.map((row) =>
      toProject(row, unitsBy.get(row.id) ?? [], mediaBy.get(row.id) ?? [], remarksBy.get(row.id) ?? []),
    );
  }

  async function resolveText(text: string): Promise<ResolvedText> {
    const words = wordsOf(text);
    const hits = await repository.resolveWords(words, words.join(' '));
    return { words: toWordMatches(words, hits), hits };
  }

  /**
   * One page and whether another follows. One row past the page is read, so `hasMore` is exact even
   * when the total is not needed (spec §4: a short page means no more pages).
   */
  async function page(filters: CatalogueFilters, order: CatalogueOrder, { page: pageNumber, limit }: PageQuery): Promise<{ projects: Project[]; pagination: Pagination }> {
    const [rows, total] = await Promise.all([
      repository.publicPage(filters, order, { offset: offsetOf({ page: pageNumber, limit }), limit: limit + 1 }),
      counts.get(JSON.stringify(filters), () => repository.countPublic(filters)),
    ]);
    return {
      projects: await shape(rows.slice(0, limit), { withRemarks: false }),
      pagination: { page: pageNumber, limit, total, hasMore: rows.length > limit },
    };
  }

  return {
    shape,
    resolveText,

    /** spec §7 GET /project/random: public builder projects only (spec §9), optionally by tag and city. */
    async random({ tag, cityId, page: pageNumber, limit }: RandomProjectsQuery): Promise<Project[]> {
      const rows = await repository.randomPublicPage({
        tag: tag || undefined,
        cityId,
        seed: dailySeed(clock()),
        offset: offsetOf({ page: pageNumber, limit }),
        limit,
      });
      return shape(rows, { withRemarks: false });
    },

    /**
     * spec §7 GET /project: the public catalogue by place or owner, with the results page's filters.
     * Free text in `search` is read like the search box ('2 bhk under 80 lakh in whitefield'); an
     * explicit filter in the request wins over one read from the text.
     */
    async list(query: ProjectListQuery): Promise<{ projects: Project[]; pagination: Pagination }> {
      let filters: CatalogueFilters = {
        ...placeFilters(query),
        item: query.item,
        minPrice: query.minPrice,
        maxPrice: query.maxPrice,
        bhk: query.bhk,
        propertyTypes: query.propertyType,
        transaction: query.transaction,
        possession: query.possession,
      };
      if (query.search) {
        const parsed = parseSearchQuery(query.search);
        filters = { ...withParsedFilters(filters, parsed), words: (await resolveText(parsed.text)).words };
      }
      return page(filters, query.sort, query);
    },

    /**
     * What the search box shows for resolved text: the builder projects whose names match it best
     * (or, when no word is matched against names, the cheapest), and the first results page of
     * everything matching, cheapest first. Both are shaped together, in one units and one media query.
     */
    async searchCatalogue(
      filters: CatalogueFilters,
      text: string,
      { suggestions, properties }: { suggestions: number; properties: number },
    ): Promise<{ suggestions: Project[]; properties: Project[] }> {
      const projectsOnly = { ...filters, item: 'project' as const };
      const byName = filters.words?.some((word) => word.matchName) ?? false;
      const [suggested, found] = await Promise.all([
        suggestions === 0
          ? []
          : byName
            ? repository.rankedByName(projectsOnly, text, suggestions)
            : repository.publicPage(projectsOnly, 'price_asc', { offset: 0, limit: suggestions }),
        repository.publicPage(filters, 'price_asc', { offset: 0, limit: properties }),
      ]);
      const foundIds = new Set(found.map((row) => row.id));
      const shaped = await shape([...found, ...suggested.filter((row) => !foundIds.has(row.id))], { withRemarks: false });
      const byId = new Map(shaped.map((project) => [project.id, project]));
      const pick = (rows: ProjectRow[]) => rows.flatMap((row) => byId.get(row.id) ?? []);
      return { suggestions: pick(suggested), properties: pick(found) };
    },

    /** spec §7 GET /project/listings: public uploads by brokers (default) or users, newest first. */
    async listings({ uploader, cityId, ...window }: ListingsQuery): Promise<{ projects: Project[]; pagination: Pagination }> {
      return page({ item: 'listing', uploader, cityId }, 'newest', window);
    },

    /** spec §7 GET /project/{id}: a public project, or not found (hidden ones are not found either). */
    async get(id: number): Promise<ProjectDetail> {
      const row = await repository.findPublicById(id);
      if (!row) throw DomainError.notFound('Project', id);
      const [units, medias] = await Promise.all([repository.unitsFor([id]), repository.mediaFor([id])]);
      return toProjectDetail(row, units, medias);
    },

    /**
     * Public projects like a public one, for its details page: same city and property type, priced
     * nearest to it (by lowest price), nearest first.
     */
    async similar(id: number, limit: number): Promise<Project[]> {
      const row = await repository.findPublicById(id);
      if (!row) throw DomainError.notFound('Project', id);
      if (row.minPrice === null) return [];
      const price = row.minPrice;
      const candidates = await repository.similarTo({ id, cityId: row.cityId, type: row.type, minPrice: price }, limit);
      const distance = (candidate: ProjectRow) => Math.abs((candidate.minPrice ?? price) - price);
      const nearest = candidates.sort((a, b) => distance(a) - distance(b) || a.id - b.id).slice(0, limit);
      return shape(nearest, { withRemarks: false });
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
