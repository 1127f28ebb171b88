import { describe, expect, it } from 'vitest';
import { FavouriteToggleSchema, FavouritesQuerySchema, SavePropertyLegacySchema } from './favourite.schema';
import { RateLocationRequestSchema, RateZoneRequestSchema } from './review.schema';
import { SavedSearchCreateSchema, SavedSearchFiltersSchema } from './saved-search.schema';

describe('favourites', () => {
  it('reads the spec client\'s calls and defaults mode to ids', () => {
    expect(FavouritesQuerySchema.parse({})).toEqual({ mode: 'ids' });
    expect(FavouritesQuerySchema.parse({ mode: 'data', userType: 'broker' })).toEqual({ mode: 'data', userType: 'broker' });
    expect(FavouriteToggleSchema.parse({ userType: 'user', action: 'add', projectId: 7, item: 'project' })).toEqual({
      userType: 'user',
      action: 'add',
      projectId: 7,
      item: 'project',
    });
    expect(SavePropertyLegacySchema.parse({ brokerId: 3, propertyId: 9 })).toEqual({ brokerId: 3, propertyId: 9, action: 'add' });
  });

  it('refuses an owner field, a provider kind, or both legacy owners at once', () => {
    expect(FavouriteToggleSchema.safeParse({ userType: 'user', action: 'add', projectId: 7, userId: 2 }).success).toBe(false);
    expect(FavouriteToggleSchema.safeParse({ userType: 'provider', action: 'add', projectId: 7 }).success).toBe(false);
    expect(FavouriteToggleSchema.safeParse({ userType: 'user', action: 'toggle', projectId: 7 }).success).toBe(false);
    expect(SavePropertyLegacySchema.safeParse({ userId: 1, brokerId: 1, propertyId: 9 }).success).toBe(false);
    expect(SavePropertyLegacySchema.safeParse({ propertyId: 9 }).success).toBe(false);
  });
});

describe('saved search filters', () => {
  it('keep the results page\'s filters as GET /project names them', () => {
    const filters = { search: ' lake view ', locationId: 4, minPrice: 0, maxPrice: 15_000_000, bhk: [2, 3], propertyType: ['apartment', 'pent house'], transaction: 'Resale', possession: 'ready' };
    expect(SavedSearchFiltersSchema.parse(filters)).toEqual({ ...filters, search: 'lake view' });
  });

  it('need at least one filter, a budget in order, no repeats and no unknown keys', () => {
    expect(SavedSearchFiltersSchema.safeParse({}).success).toBe(false);
    expect(SavedSearchFiltersSchema.safeParse({ minPrice: 9, maxPrice: 8 }).error?.issues[0]?.path).toEqual(['maxPrice']);
    expect(SavedSearchFiltersSchema.safeParse({ bhk: [2, 2] }).success).toBe(false);
    expect(SavedSearchFiltersSchema.safeParse({ bhk: [11] }).success).toBe(false);
    expect(SavedSearchFiltersSchema.safeParse({ cityId: 1 }).success).toBe(false);
    expect(SavedSearchFiltersSchema.safeParse({ maxPrice: '80 lakh' }).success).toBe(false);
    expect(SavedSearchCreateSchema.safeParse({ name: '  ', filters: { locationId: 1 } }).success).toBe(false);
    expect(SavedSearchCreateSchema.safeParse({ name: 'Mine', filters: { locationId: 1 }, userId: 2 }).success).toBe(false);
  });
});

describe('rating requests', () => {
  it('take stars as a number or a digit string, and a blank comment as none', () => {
    expect(RateLocationRequestSchema.parse({ ratingValue: '4', comment: '  ', locationId: '12', userId: 3 })).toEqual({ ratingValue: 4, comment: null, locationId: 12, userId: 3 });
    expect(RateZoneRequestSchema.parse({ ratingValue: 5, ZoneId: 2 })).toEqual({ ratingValue: 5, comment: null, ZoneId: 2 });
  });

  it('refuse stars outside 1 to 5, halves, booleans, a long comment and unknown keys', () => {
    for (const ratingValue of [0, 6, 4.5, true, '', 'five', null]) {
      expect(RateLocationRequestSchema.safeParse({ ratingValue, locationId: 1 }).success, String(ratingValue)).toBe(false);
    }
    expect(RateLocationRequestSchema.safeParse({ ratingValue: 3, locationId: 1, comment: 'x'.repeat(1001) }).success).toBe(false);
    expect(RateLocationRequestSchema.safeParse({ ratingValue: 3, locationId: true }).success).toBe(false);
    expect(RateZoneRequestSchema.safeParse({ ratingValue: 3, zoneId: 1 }).success).toBe(false);
    expect(RateLocationRequestSchema.safeParse({ ratingValue: 3, locationId: 1, approval: 'approved' }).success).toBe(false);
  });
});
