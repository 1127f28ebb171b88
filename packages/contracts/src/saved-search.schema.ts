import { z } from 'zod';
import { MAX_ID, singleLineText } from './common.schema';
import { MAX_BHK, MAX_SEARCH_TEXT, PossessionSchema, PropertyTypeSchema, TransactionTagSchema } from './project.schema';
import { MAX_RUPEES } from './rupees.schema';
import { SAVED_SEARCH_NAME_MAX } from './values';

// Decision 032: defined without zod for the web app's first screen; exported here as before.
export { SAVED_SEARCH_NAME_MAX };

/**
 * Saved searches (issue 4; spec §2 sign-in modal 'Access saved searches and favorites'). A signed-in user keeps
 * the results page's filters under a name, and is told (outbox by default) when a newly approved listing matches.
 */

/** How many saved searches one user may keep. */
export const MAX_SAVED_SEARCHES = 20;

const uniqueList = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .min(1)
    .max(10)
    .refine((values) => new Set(values).size === values.length, { message: 'must not repeat a value' });

/**
 * The results page's filter set, named as GET /project names them (so a saved search opens as
 * `/property-detail-page?` + these as query parameters): free text, a locality, a budget in integer rupees (a
 * project is in budget when its price range overlaps it), BHK counts, property types, transaction and possession.
 * At least one must be given: a search for everything would match every listing ever approved.
 */
export const SavedSearchFiltersSchema = z
  .strictObject({
    search: singleLineText().min(1).max(MAX_SEARCH_TEXT).optional(),
    locationId: z.number().int().positive().max(MAX_ID).optional(),
    minPrice: z.number().int().min(0).max(MAX_RUPEES).optional(),
    maxPrice: z.number().int().min(0).max(MAX_RUPEES).optional(),
    bhk: uniqueList(z.number().int().min(1).max(MAX_BHK)).optional(),
    propertyType: uniqueList(PropertyTypeSchema).optional(),
    transaction: TransactionTagSchema.optional(),
    possession: PossessionSchema.optional(),
  })
  .refine((filters) => Object.values(filters).some((value) => value !== undefined), {
    message: 'choose at least one filter (search text, locality, budget, BHK, property type, transaction or possession)',
  })
  .refine((filters) => filters.minPrice === undefined || filters.maxPrice === undefined || filters.minPrice <= filters.maxPrice, {
    message: 'must not be below minPrice',
    path: ['maxPrice'],
  });
export type SavedSearchFilters = z.infer<typeof SavedSearchFiltersSchema>;

/** POST /saved-searches. */
export const SavedSearchCreateSchema = z.strictObject({
  name: singleLineText({ error: 'Give the search a name', label: 'Name' })
    .min(1, 'Give the search a name')
    .max(SAVED_SEARCH_NAME_MAX, `Name must be at most ${SAVED_SEARCH_NAME_MAX} characters`),
  filters: SavedSearchFiltersSchema,
});
export type SavedSearchCreate = z.infer<typeof SavedSearchCreateSchema>;
export type SavedSearchCreateInput = z.input<typeof SavedSearchCreateSchema>;

export const SavedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  filters: SavedSearchFiltersSchema,
  /** ISO timestamp. */
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;

/** GET /saved-searches: the caller's own, newest first (at most MAX_SAVED_SEARCHES). */
export const SavedSearchListResponseSchema = z.object({
  success: z.literal(true),
  savedSearches: z.array(SavedSearchSchema),
});
export type SavedSearchListResponse = z.infer<typeof SavedSearchListResponseSchema>;

/** POST /saved-searches answers 201 with the stored search. */
export const SavedSearchResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  savedSearch: SavedSearchSchema,
});
export type SavedSearchResponse = z.infer<typeof SavedSearchResponseSchema>;

export const SAVED_SEARCH_SAVED_MESSAGE = 'Search saved';
export const SAVED_SEARCH_DELETED_MESSAGE = 'Saved search deleted';

/** DELETE /saved-searches/{id}: 200 with a message; someone else's id is a 404, like one that does not exist. */
export const SavedSearchDeletedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type SavedSearchDeletedResponse = z.infer<typeof SavedSearchDeletedResponseSchema>;
