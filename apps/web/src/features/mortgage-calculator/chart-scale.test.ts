import { describe, expect, it } from 'vitest';
import { amountFromQuery, axisLabel, niceCeiling } from './chart-scale';

describe('niceCeiling', () => {
  it('rounds up to a round figure a quarter of which is still round', () => {
    expect(niceCeiling(520_694)).toBe(600_000);
    expect(niceCeiling(180)).toBe(200);
    expect(niceCeiling(2_300_000)).toBe(2_500_000);
    expect(niceCeiling(5_000_000)).toBe(5_000_000);
    expect(niceCeiling(41)).toBe(50);
  });

  it('gives 1 for nothing to draw', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(Number.NaN)).toBe(1);
  });
});

describe('axisLabel', () => {
  it('writes lakh and crore the Indian way', () => {
    expect(axisLabel(0)).toBe('₹0');
    expect(axisLabel(250_000)).toBe('₹2.5 L');
    expect(axisLabel(12_000_000)).toBe('₹1.2 Cr');
    expect(axisLabel(50_000)).toBe('₹50K');
  });
});

describe('amountFromQuery', () => {
  it('reads a rupee amount from the link', () => {
    expect(amountFromQuery('7500000')).toBe(7_500_000);
    expect(amountFromQuery('₹75,00,000')).toBe(7_500_000);
  });

  it('ignores junk and amounts outside the limits', () => {
    expect(amountFromQuery(null)).toBeNull();
    expect(amountFromQuery('lots')).toBeNull();
    expect(amountFromQuery('500')).toBeNull();
    expect(amountFromQuery('99999999999')).toBeNull();
  });
});
