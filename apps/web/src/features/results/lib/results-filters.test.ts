import { describe, expect, it } from 'vitest';
import {
  clearRefinements,
  countRefinements,
  EMPTY_FILTERS,
  filtersFromParams,
  filtersToParams,
  toApiQuery,
} from './results-filters';

const parse = (query: string) => filtersFromParams(new URLSearchParams(query));

describe('results filters in the address', () => {
  it('reads every filter', () => {
    expect(
      parse(
        'locationId=12&minPrice=5000000&maxPrice=10000000&bhk=3,2&propertyType=villa,apartment&transaction=Resale&possession=ready&sort=price_desc',
      ),
    ).toEqual({
      locationId: 12,
      search: '',
      minPrice: 5_000_000,
      maxPrice: 10_000_000,
      bhk: [2, 3],
      propertyTypes: ['apartment', 'villa'],
      transaction: 'Resale',
      possession: 'ready',
      sort: 'price_desc',
    });
  });

  it('round-trips through the address in a fixed order, leaving out defaults', () => {
    const filters = parse('search=2 bhk whitefield&bhk=2&propertyType=pent house&sort=price_asc');
    const params = filtersToParams(filters);
    expect(params.toString()).toBe('search=2+bhk+whitefield&bhk=2&propertyType=pent+house');
    expect(filtersFromParams(params)).toEqual(filters);
    expect(filtersToParams(EMPTY_FILTERS).toString()).toBe('');
  });

  it('leaves out what it does not understand instead of failing', () => {
    expect(parse('locationId=abc&minPrice=lots&bhk=0,9,x&propertyType=castle&transaction=Swap&possession=soon&sort=name')).toEqual(
      EMPTY_FILTERS,
    );
  });

  it('swaps a minimum above the maximum', () => {
    const filters = parse('minPrice=9000000&maxPrice=4000000');
    expect([filters.minPrice, filters.maxPrice]).toEqual([4_000_000, 9_000_000]);
  });

  it('accepts repeated keys as well as comma lists', () => {
    expect(parse('bhk=1&bhk=4').bhk).toEqual([1, 4]);
  });

  it('counts and clears refinements, keeping the place, the words and the sort', () => {
    const filters = parse('locationId=3&search=lake&minPrice=2000000&bhk=2,3&possession=ready&sort=price_desc');
    expect(countRefinements(filters)).toBe(4);
    expect(clearRefinements(filters)).toEqual({ ...EMPTY_FILTERS, locationId: 3, search: 'lake', sort: 'price_desc' });
  });
});

describe('the API query (spec §7 GET /project)', () => {
  it('always asks for active, approved projects, sorted L - H by default', () => {
    expect(toApiQuery(EMPTY_FILTERS)).toEqual({ status: 'active', approval: 'approved', sort: 'price_asc' });
  });

  it("turns '5+' BHK into every count from five up", () => {
    expect(toApiQuery(parse('bhk=2,5')).bhk).toBe('2,5,6,7,8,9,10');
  });

  it('passes place, words, budget, types, transaction and possession through', () => {
    expect(
      toApiQuery(parse('locationId=7&search=lake&minPrice=2000000&maxPrice=8000000&propertyType=plot&transaction=New Booking&possession=upcoming')),
    ).toEqual({
      status: 'active',
      approval: 'approved',
      sort: 'price_asc',
      locationId: 7,
      search: 'lake',
      minPrice: 2_000_000,
      maxPrice: 8_000_000,
      propertyType: 'plot',
      transaction: 'New Booking',
      possession: 'upcoming',
    });
  });
});
