import { describe, expect, it } from 'vitest';
import type { ParsedSearchQuery } from './price-query.schema';
import { parseSearchQuery } from './price-query';

const NOTHING: ParsedSearchQuery = {
  text: '',
  place: null,
  bhk: [],
  propertyTypes: [],
  minPrice: null,
  maxPrice: null,
  around: false,
  possession: null,
  transaction: null,
};

function expectParsed(query: string, expected: Partial<ParsedSearchQuery>) {
  expect(parseSearchQuery(query), query).toEqual({ ...NOTHING, ...expected });
}

describe('parseSearchQuery', () => {
  it('reads the issue example: configuration, budget ceiling and place', () => {
    expectParsed('2 bhk under 80 lakh in whitefield', { bhk: [2], maxPrice: 8_000_000, text: 'whitefield', place: 'whitefield' });
  });

  it('reads a lone amount as around that amount, 10% either side', () => {
    expectParsed('1.2 cr', { minPrice: 10_800_000, maxPrice: 13_200_000, around: true });
    expectParsed('1.2Cr', { minPrice: 10_800_000, maxPrice: 13_200_000, around: true });
    expectParsed('around 75 lakhs', { minPrice: 6_750_000, maxPrice: 8_250_000, around: true });
    expectParsed('approx 50L in Baner', { minPrice: 4_500_000, maxPrice: 5_500_000, around: true, text: 'baner', place: 'baner' });
  });

  it('reads ranges in every common spelling, the later unit applying to a bare first number', () => {
    expectParsed('50 lakh to 1 crore', { minPrice: 5_000_000, maxPrice: 10_000_000 });
    expectParsed('between 60L and 90L', { minPrice: 6_000_000, maxPrice: 9_000_000 });
    expectParsed('60-90 lakh', { minPrice: 6_000_000, maxPrice: 9_000_000 });
    expectParsed('from 1 cr to 1.5 cr', { minPrice: 10_000_000, maxPrice: 15_000_000 });
    expectParsed('1.5 cr to 90 lakh', { minPrice: 9_000_000, maxPrice: 15_000_000 });
    expectParsed('plots between 5000000 and 9000000', { propertyTypes: ['plot'], minPrice: 5_000_000, maxPrice: 9_000_000 });
  });

  it('reads floors and ceilings', () => {
    expectParsed('above 2 cr', { minPrice: 20_000_000 });
    expectParsed('2cr+ villas', { minPrice: 20_000_000, propertyTypes: ['villa'] });
    expectParsed('3 cr and above', { minPrice: 30_000_000 });
    expectParsed('below ₹ 45,00,000', { maxPrice: 4_500_000 });
    expectParsed('flats under rs. 90 lacs', { maxPrice: 9_000_000, propertyTypes: ['apartment'] });
    expectParsed('budget 1 crore', { maxPrice: 10_000_000 });
    expectParsed('upto 800k', { maxPrice: 800_000 });
  });

  it('reads BHK counts alone, in lists and ranges, written or spelt', () => {
    expectParsed('3bhk', { bhk: [3] });
    expectParsed('3 BHK', { bhk: [3] });
    expectParsed('2/3 bhk', { bhk: [2, 3] });
    expectParsed('2, 3 and 4 bhk', { bhk: [2, 3, 4] });
    expectParsed('2-4 bhk', { bhk: [2, 3, 4] });
    expectParsed('two bedroom', { bhk: [2] });
    expectParsed('3 bhk 2 bhk', { bhk: [2, 3] });
  });

  it('reads property types, longest phrase first', () => {
    expectParsed('villa', { propertyTypes: ['villa'] });
    expectParsed('independent house', { propertyTypes: ['residentialhouse'] });
    expectParsed('penthouse', { propertyTypes: ['pent house'] });
    expectParsed('pent house', { propertyTypes: ['pent house'] });
    expectParsed('studio apartment', { propertyTypes: ['studio'] });
    expectParsed('1rk', { propertyTypes: ['studio'] });
    expectParsed('plots and villas', { propertyTypes: ['villa', 'plot'] });
  });

  it('reads possession and transaction', () => {
    expectParsed('ready to move', { possession: 'ready' });
    expectParsed('Ready-to-move 2BHK', { possession: 'ready', bhk: [2] });
    expectParsed('under construction', { possession: 'under-construction' });
    expectParsed('pre-launch projects', { possession: 'upcoming' });
    expectParsed('resale flats', { transaction: 'Resale', propertyTypes: ['apartment'] });
    expectParsed('independent house resale 4bhk', { bhk: [4], propertyTypes: ['residentialhouse'], transaction: 'Resale' });
  });

  it('puts everything together and leaves the names to match', () => {
    expectParsed('2/3 BHK apartments near Hebbal under ₹1.5Cr', {
      bhk: [2, 3],
      propertyTypes: ['apartment'],
      maxPrice: 15_000_000,
      text: 'hebbal',
      place: 'hebbal',
    });
    expectParsed('ready to move 3 bhk villas in Sarjapur Road between 2 and 3 cr', {
      possession: 'ready',
      bhk: [3],
      propertyTypes: ['villa'],
      minPrice: 20_000_000,
      maxPrice: 30_000_000,
      text: 'sarjapur road',
      place: 'sarjapur road',
    });
  });

  it('leaves names, numbers without a unit and typos as text', () => {
    expectParsed('Prestige Lakeside', { text: 'prestige lakeside' });
    expectParsed('whitefeild', { text: 'whitefeild' });
    expectParsed('sector 45 gurugram', { text: 'sector 45 gurugram' });
    expectParsed('phase 2', { text: 'phase 2' });
    // 'l' is a unit only as a word of its own: 'lakeview' keeps its number.
    expectParsed('45 lakeview', { text: '45 lakeview' });
    expectParsed('under 80', { text: '80' });
    expectParsed('   ', {});
    expectParsed('flats for sale in', { propertyTypes: ['apartment'] });
  });

  it('ignores amounts that are not prices and BHK counts out of range', () => {
    // Zero is no price: the words stay for matching rather than filtering everything out.
    expectParsed('0 cr', { text: '0 cr' });
    // A configuration nobody sells is dropped, not turned into a filter that matches nothing.
    expectParsed('99 bhk', {});
  });
});
