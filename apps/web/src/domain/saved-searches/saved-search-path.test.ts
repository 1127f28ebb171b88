import { describe, expect, it } from 'vitest';
import { describeSavedFilters, savedSearchPath } from './saved-search-path';

describe('savedSearchPath', () => {
  it('opens the results page with the filters under the page’s own names', () => {
    expect(
      savedSearchPath({
        locationId: 12,
        minPrice: 5_000_000,
        maxPrice: 10_000_000,
        bhk: [2, 3],
        propertyType: ['apartment', 'villa'],
        transaction: 'Resale',
        possession: 'ready',
      }),
    ).toBe(
      '/property-detail-page?locationId=12&minPrice=5000000&maxPrice=10000000&bhk=2%2C3&propertyType=apartment%2Cvilla&transaction=Resale&possession=ready',
    );
    expect(savedSearchPath({ search: 'lake view' })).toBe('/property-detail-page?search=lake+view');
  });

  it('shows five bedrooms and more as the page’s 5+ chip', () => {
    expect(savedSearchPath({ bhk: [4, 5, 6, 7, 8, 9, 10] })).toBe('/property-detail-page?bhk=4%2C5');
    expect(describeSavedFilters({ bhk: [4, 5, 6, 7, 8, 9, 10] })).toEqual(['4, 5+ BHK']);
  });
});

describe('describeSavedFilters', () => {
  it('names each filter in a buyer’s words', () => {
    expect(
      describeSavedFilters({ search: 'lake view', minPrice: 5_000_000, bhk: [2], propertyType: ['villa'], possession: 'upcoming' }),
    ).toEqual(['“lake view”', 'From ₹ 50 L', '2 BHK', 'Villa', 'Upcoming launch']);
    expect(describeSavedFilters({ maxPrice: 15_000_000 })).toEqual(['Up to ₹ 1.5 Cr']);
  });
});
