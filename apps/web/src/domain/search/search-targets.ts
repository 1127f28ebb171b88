import type { SearchResponse } from '@nivaas/contracts/search.schema';
import { builderPath } from '@nivaas/contracts/project-path';

/** spec §5: what the search box shows before anything is typed; searching for it means nothing was typed. */
export const SEARCH_PLACEHOLDER_VALUE = 'Select Location';
/** spec §8: the warning for a blank search. */
export const BLANK_SEARCH_WARNING = 'Please enter a valid search term.';
/** spec §8: the alert when the repeated search behind a project or builder click fails. */
export const SEARCH_FAILED_MESSAGE = 'Error performing search. Please try again.';

/** spec §5: empty, whitespace, or the placeholder itself is not a search. */
export function isBlankSearch(text: string): boolean {
  const trimmed = text.trim();
  return trimmed === '' || trimmed === SEARCH_PLACEHOLDER_VALUE;
}

/** spec §2: /developer/{builder}/{id} (contracts/project-path.ts, shared with the server's head and sitemap). */
export { builderPath };

/** spec §2: a location suggestion opens the results for that locality. */
export function locationResultsPath(locationId: number): string {
  return `/property-detail-page?locationId=${locationId}`;
}

/** spec §2: free text opens the results for that text. */
export function freeTextResultsPath(text: string): string {
  return `/property-detail-page?${new URLSearchParams({ search: text.trim() }).toString()}`;
}

export type SearchSuggestions = Pick<SearchResponse, 'projects' | 'builders' | 'locations'>;

/**
 * spec §5: suggestions are also filtered on the client to names containing the typed text,
 * case-insensitively. The server forgives typos and reads price words; this keeps only the names a
 * person would recognise as matching what they typed.
 */
export function filterSuggestions(response: SearchSuggestions | undefined, text: string): SearchSuggestions {
  const needle = text.trim().toLocaleLowerCase('en-IN');
  if (!response || needle === '') return { projects: [], builders: [], locations: [] };
  const matches = (name: string) => name.toLocaleLowerCase('en-IN').includes(needle);
  return {
    projects: response.projects.filter((project) => matches(project.name)),
    builders: response.builders.filter((builder) => matches(builder.name)),
    locations: response.locations.filter((location) => matches(location.name)),
  };
}
