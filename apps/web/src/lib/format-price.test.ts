import { describe, expect, it } from 'vitest';
import {
  formatCardPrice,
  formatCardPriceRange,
  formatChatCardPrice,
  formatDashboardPrice,
  formatPrice,
  formatPriceRange,
  formatRupees,
  unitPriceBounds,
} from './format-price';

describe('formatPrice', () => {
  it.each([
    [45_000, '₹ 45,000'],
    [999, '₹ 999'],
    [0, '₹ 0'],
    [100_000, '₹ 1 L'],
    [8_500_000, '₹ 85 L'],
    [8_550_000, '₹ 85.5 L'],
    [12_500_000, '₹ 1.25 Cr'],
    [20_000_000, '₹ 2 Cr'],
    [9_999_999, '₹ 1 Cr'],
    [12_345_000_000, '₹ 1,234.5 Cr'],
  ])('%d rupees reads %s', (rupees, expected) => {
    expect(formatPrice(rupees)).toBe(expected);
  });

  it('refuses nonsense rather than printing NaN', () => {
    expect(formatPrice(Number.NaN)).toBe('Price on request');
    expect(formatPrice(-5)).toBe('Price on request');
  });
});

describe('formatRupees', () => {
  it('groups whole rupees the Indian way', () => {
    expect(formatRupees(43_391.4)).toBe('₹ 43,391');
    expect(formatRupees(123_456)).toBe('₹ 1,23,456');
    expect(formatRupees(54_13_838)).toBe('₹ 54,13,838');
  });
  it('never prints NaN', () => {
    expect(formatRupees(Number.POSITIVE_INFINITY)).toBe('₹ –');
  });
});

describe('formatPriceRange', () => {
  it('shares the unit when both ends use it', () => {
    expect(formatPriceRange(6_000_000, 9_500_000)).toBe('₹ 60 – 95 L');
    expect(formatPriceRange(12_500_000, 30_000_000)).toBe('₹ 1.25 – 3 Cr');
  });
  it('names both units when they differ', () => {
    expect(formatPriceRange(8_500_000, 12_500_000)).toBe('₹ 85 L – 1.25 Cr');
    expect(formatPriceRange(45_000, 150_000)).toBe('₹ 45,000 – 1.5 L');
  });
  it('shows one price when the ends are equal or one is missing', () => {
    expect(formatPriceRange(8_500_000, 8_500_000)).toBe('₹ 85 L');
    expect(formatPriceRange(0, 8_500_000)).toBe('₹ 85 L');
    expect(formatPriceRange(8_500_000, 0)).toBe('₹ 85 L');
  });
  it('orders reversed ends', () => {
    expect(formatPriceRange(12_500_000, 8_500_000)).toBe('₹ 85 L – 1.25 Cr');
  });
  it('says price on request when there is no price', () => {
    expect(formatPriceRange(0, 0)).toBe('Price on request');
  });
});

describe('unitPriceBounds', () => {
  it('takes the lowest min and the highest max across units', () => {
    expect(
      unitPriceBounds([
        { minPrice: 9_000_000, maxPrice: 11_000_000 },
        { minPrice: 6_000_000, maxPrice: 8_000_000 },
      ]),
    ).toEqual({ min: 6_000_000, max: 11_000_000 });
  });
  it('is 0 and 0 without units', () => {
    expect(unitPriceBounds([])).toEqual({ min: 0, max: 0 });
  });
});

describe('formatDashboardPrice (spec §5 dashboard)', () => {
  it.each([
    [undefined, 'N/A'],
    [null, 'N/A'],
    ['', 'N/A'],
    ['₹ 50,00,000', 'N/A'],
    [Number.NaN, 'N/A'],
    [25_000_000, '2.50 Cr'],
    [10_000_000, '1.00 Cr'],
    [5_000_000, '50.00 Lacs'],
    ['100000', '1.00 Lacs'],
    [45_000, '45.00 K'],
    [1_000, '1.00 K'],
    [999, '999'],
    [0, '0'],
  ])('%s reads %s', (value, expected) => {
    expect(formatDashboardPrice(value)).toBe(expected);
  });
});

describe('formatCardPrice (spec §5 broker cards)', () => {
  it.each([
    [25_000_000, '2.50 Cr'],
    [10_000_000, '1.00 Cr'],
    [7_550_000, '75.50 L'],
    [100_000, '1.00 L'],
    [45_000, '45.00 T'],
    [1_000, '1.00 T'],
    [999, '999'],
    [0, '0'],
  ])('%d reads %s', (value, expected) => {
    expect(formatCardPrice(value)).toBe(expected);
  });

  it('shows a single price when min equals max', () => {
    expect(formatCardPriceRange([{ minPrice: 7_500_000, maxPrice: 7_500_000 }])).toBe('75.00 L');
  });
  it('shows min - max across all units', () => {
    expect(
      formatCardPriceRange([
        { minPrice: 7_500_000, maxPrice: 9_000_000 },
        { minPrice: 12_000_000, maxPrice: 15_000_000 },
      ]),
    ).toBe('75.00 L - 1.50 Cr');
  });
  it('shows 0 without units', () => {
    expect(formatCardPriceRange([])).toBe('0');
  });
});

describe('formatChatCardPrice (spec §5 chat card price)', () => {
  it.each([
    ['₹1,25,00,000', '1.25 Cr'],
    ['₹1,25,00,000 - ₹1,50,00,000', '1.25 Cr'],
    ['₹85,00,000–₹95,00,000', '85.00 Lakh'],
    ['10000000', '1.00 Cr'],
    [8_500_000, '85.00 Lakh'],
    ['100000', '1.00 Lakh'],
    ['₹45,500', '46 K'],
    ['1000', '1 K'],
    ['999', '999'],
    [0, '0'],
  ])('%s reads %s', (price, expected) => {
    expect(formatChatCardPrice(price)).toBe(expected);
  });

  it.each([[''], ['Price on request'], ['-'], ['- ₹50,00,000'], [null], [undefined], [Number.NaN], [{}]])(
    '%s is N/A',
    (price) => {
      expect(formatChatCardPrice(price)).toBe('N/A');
    },
  );
});
