import { describe, expect, it } from 'vitest';
import { formatDashboardPrice, formatPriceRange } from './format';

describe('formatDashboardPrice (spec §5 dashboard)', () => {
  it('uses Cr, Lacs and K with two decimals at their thresholds', () => {
    expect(formatDashboardPrice(12_500_000)).toBe('1.25 Cr');
    expect(formatDashboardPrice(10_000_000)).toBe('1.00 Cr');
    expect(formatDashboardPrice(8_550_000)).toBe('85.50 Lacs');
    expect(formatDashboardPrice(100_000)).toBe('1.00 Lacs');
    expect(formatDashboardPrice(45_000)).toBe('45.00 K');
    expect(formatDashboardPrice(999)).toBe('999');
  });

  it('shows N/A for missing or non-numeric prices', () => {
    expect(formatDashboardPrice(undefined)).toBe('N/A');
    expect(formatDashboardPrice('₹ on request')).toBe('N/A');
    expect(formatDashboardPrice(Number.NaN)).toBe('N/A');
  });

  it('joins a range and collapses equal ends', () => {
    expect(formatPriceRange(6_000_000, 9_500_000)).toBe('₹ 60.00 Lacs – 95.00 Lacs');
    expect(formatPriceRange(6_000_000, 6_000_000)).toBe('₹ 60.00 Lacs');
  });
});

describe('analytics figures (issue 13)', () => {
  it('groups counts the Indian way and shows rates and waits readably', async () => {
    const { formatCount, formatRate, formatWait } = await import('./format');
    expect(formatCount(1234567)).toBe('12,34,567');
    expect(formatRate(0.0425)).toBe('4.3%');
    expect(formatWait(5.5)).toBe('5.5 h');
    expect(formatWait(77)).toBe('3.2 days');
  });
});
