import { z } from 'zod';
import { NamedRefSchema, singleLineText } from './common.schema';
import { ParsedSearchQuerySchema } from './price-query.schema';
import { ItemSchema, MAX_SEARCH_TEXT, ProjectSchema, PropertyTypeSchema } from './project.schema';

/** Each suggestion group (projects, builders, locations) in the navbar typeahead. */
export const SEARCH_SUGGESTION_LIMIT = 6;
/** The first results page a search hands the client (spec §9: 30 per page); later pages come from GET /project?search=. */
export const SEARCH_PROPERTIES_LIMIT = 30;

/**
 * spec §7 GET /project/search: query, sent 200 ms after typing stops. spec §5: an empty or blank
 * query is refused ('Please enter a valid search term.'), and so is one over 100 characters.
 */
export const SearchQuerySchema = z.object({
  query: singleLineText().min(1, 'Please enter a valid search term.').max(MAX_SEARCH_TEXT),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/**
 * A project suggestion: spec §3 Search results (id, name, city.name, zone.name, location.name) plus
 * what the card link and a small preview need (spec §2: /properties/{city}/{zone}/{location}/{name}/{id},
 * /prelaunch/... when tags are ['Upcoming Launches']).
 */
export const SearchProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: PropertyTypeSchema,
  item: ItemSchema,
  tags: z.array(z.string()),
  city: NamedRefSchema,
  zone: NamedRefSchema.nullable(),
  location: NamedRefSchema,
  builder: NamedRefSchema.nullable(),
  /** The card photo (spec §3: the first media item), or null. */
  photo: z.string().nullable(),
  /** Integer rupees across all units; null when a project has no units yet. */
  minPrice: z.number().int().nullable(),
  maxPrice: z.number().int().nullable(),
});
export type SearchProject = z.infer<typeof SearchProjectSchema>;

export const SearchBuilderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
});
export type SearchBuilder = z.infer<typeof SearchBuilderSchema>;

/** A locality suggestion; it navigates to /property-detail-page?locationId={id} (spec §2). */
export const SearchLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: NamedRefSchema,
  zone: NamedRefSchema.nullable(),
});
export type SearchLocation = z.infer<typeof SearchLocationSchema>;

/**
 * Suggestions are ranked: name prefix first, then a whole-word match, then a fuzzy (trigram) match
 * that forgives small typos ('whitefeild'). `properties` are the public projects and listings that
 * match the words and the filters read from the query (`parsed`), best match first, then cheapest.
 */
export const SearchResponseSchema = z.object({
  success: z.literal(true),
  query: z.string(),
  parsed: ParsedSearchQuerySchema,
  projects: z.array(SearchProjectSchema),
  builders: z.array(SearchBuilderSchema),
  locations: z.array(SearchLocationSchema),
  properties: z.array(ProjectSchema),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
