import { parseSearchQuery } from '@nivaas/contracts/price-query';
import { SEARCH_PROPERTIES_LIMIT, SEARCH_SUGGESTION_LIMIT, type SearchResponse } from '@nivaas/contracts/search.schema';
import type { WordHit } from '../projects/project-text-search';
import { type ProjectsService, withParsedFilters } from '../projects/projects.service';
import { isLocationHit, toSearchBuilder, toSearchLocation, toSearchProject } from './search.mapper';

/**
 * How well a name answers the text, best first: it starts with the text (0), a word of it does (1),
 * it contains the text (2), it only resembles it or one of its words (3).
 */
export function nameTier(name: string, text: string): number {
  const lower = name.toLowerCase();
  if (lower.startsWith(text)) return 0;
  if (lower.includes(` ${text}`)) return 1;
  if (lower.includes(text)) return 2;
  return 3;
}

/** Distinct hits ranked for a suggestion list: tier, then similarity to the whole text, shorter names, id. */
export function rankHits<T extends WordHit>(hits: T[], text: string, limit: number): T[] {
  const unique = [...new Map(hits.map((hit) => [hit.id, hit])).values()];
  const ranked = unique.map((hit) => ({ hit, tier: nameTier(hit.name, text) }));
  ranked.sort((a, b) => a.tier - b.tier || b.hit.score - a.hit.score || a.hit.name.length - b.hit.name.length || a.hit.id - b.hit.id);
  return ranked.slice(0, limit).map(({ hit }) => hit);
}

export function createSearchService(projects: ProjectsService) {
  return {
    /**
     * spec §7 GET /project/search. The query is read for price words, BHK, type, possession and
     * transaction (parseSearchQuery); the words left over are matched against names of projects,
     * builders and localities, typos forgiven. A query that is all filters ('2 bhk under 80 lakh')
     * suggests no names, and its `properties` are everything those filters allow.
     */
    async search(query: string): Promise<SearchResponse> {
      const parsed = parseSearchQuery(query);
      const { match, hits } = await projects.resolveText(parsed.text);
      const filters = { ...withParsedFilters({}, parsed), text: match };
      const builderHits = hits.filter((hit) => hit.kind === 'builder');
      const found = await projects.searchCatalogue(filters, parsed.text, {
        suggestions: parsed.text ? SEARCH_SUGGESTION_LIMIT : 0,
        properties: SEARCH_PROPERTIES_LIMIT,
        builderIds: builderHits.map((hit) => hit.id),
      });
      return {
        success: true,
        query,
        parsed,
        projects: found.suggestions.map(toSearchProject),
        // Only builders public as of this statement: the words may have been resolved a minute ago.
        builders: rankHits(
          builderHits.filter((hit) => found.liveBuilders.has(hit.id)),
          parsed.text,
          SEARCH_SUGGESTION_LIMIT,
        ).map(toSearchBuilder),
        locations: rankHits(hits.filter(isLocationHit), parsed.text, SEARCH_SUGGESTION_LIMIT).map(toSearchLocation),
        properties: found.properties,
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
