import { MAX_BHK } from '@nivaas/contracts/values';
import type { SavedSearchFilters } from '@nivaas/contracts/saved-search.schema';
import type { ResultsFilters } from './results-filters';

/** The results page's '5' chip means five bedrooms or more. */
const BHK_OR_MORE = 5;

/**
 * The filters a saved search keeps, under GET /project's names (saved-search.schema.ts), or null when the page has
 * none: a search for everything would match every listing ever approved, so it cannot be saved. The sort is how
 * results are shown, not what they are, so it is not kept.
 */
export function toSavedFilters(filters: ResultsFilters): SavedSearchFilters | null {
  const saved: SavedSearchFilters = {};
  if (filters.search) saved.search = filters.search;
  if (filters.locationId !== null) saved.locationId = filters.locationId;
  if (filters.minPrice !== null) saved.minPrice = filters.minPrice;
  if (filters.maxPrice !== null) saved.maxPrice = filters.maxPrice;
  if (filters.bhk.length > 0) {
    // As the results query asks: '5' stands for every count from five up (toApiQuery).
    const counts = filters.bhk.flatMap((n) =>
      n === BHK_OR_MORE ? Array.from({ length: MAX_BHK - BHK_OR_MORE + 1 }, (_, i) => BHK_OR_MORE + i) : [n],
    );
    saved.bhk = [...new Set(counts)].sort((a, b) => a - b);
  }
  if (filters.propertyTypes.length > 0) saved.propertyType = [...filters.propertyTypes];
  if (filters.transaction) saved.transaction = filters.transaction;
  if (filters.possession) saved.possession = filters.possession;
  return Object.keys(saved).length > 0 ? saved : null;
}
