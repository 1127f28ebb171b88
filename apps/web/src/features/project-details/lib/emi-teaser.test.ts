import { describe, expect, it } from 'vitest';
import { emiTeaser } from './emi-teaser';

describe('EMI teaser', () => {
  it('is the EMI of an 80% loan at 8.5% over 20 years', () => {
    // 80 L loan at 8.5% for 240 months: ₹ 69,426 a month (any bank's calculator agrees).
    expect(emiTeaser(10_000_000)).toEqual({ loan: 8_000_000, emi: 69_426 });
  });
  it('has nothing to say without a price', () => {
    expect(emiTeaser(0)).toBeNull();
  });
});
