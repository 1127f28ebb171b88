import { SavedSearchFiltersSchema } from '@nivaas/contracts/saved-search.schema';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS } from './results-filters';
import { toSavedFilters } from './saved-filters';

describe('toSavedFilters', () => {
  it('keeps every filter under the API’s names, and not the sort', () => {
    const saved = toSavedFilters({
      ...EMPTY_FILTERS,
      locationId: 12,
      search: 'lake view',
      minPrice: 5_000_000,
      maxPrice: 10_000_000,
      bhk: [2, 5],
      propertyTypes: ['villa'],
      transaction: 'Resale',
      possession: 'ready',
      sort: 'price_desc',
    });
    expect(saved).toEqual({
      search: 'lake view',
      locationId: 12,
      minPrice: 5_000_000,
      maxPrice: 10_000_000,
      bhk: [2, 5, 6, 7, 8, 9, 10],
      propertyType: ['villa'],
      transaction: 'Resale',
      possession: 'ready',
    });
    expect(SavedSearchFiltersSchema.safeParse(saved).success).toBe(true);
  });

  it('has nothing to save for the unfiltered list', () => {
    expect(toSavedFilters({ ...EMPTY_FILTERS, sort: 'price_desc' })).toBeNull();
  });

  it('fits the contract with every BHK chip chosen', () => {
    const saved = toSavedFilters({ ...EMPTY_FILTERS, bhk: [1, 2, 3, 4, 5] });
    expect(SavedSearchFiltersSchema.safeParse(saved).success).toBe(true);
  });
});
