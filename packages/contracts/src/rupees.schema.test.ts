import { describe, expect, it } from 'vitest';
import { MAX_RUPEES, parseRupees, RupeesInputSchema } from './rupees.schema';

describe('parseRupees', () => {
  it('reads plain, grouped, symbol-prefixed and worded amounts as integer rupees', () => {
    expect(parseRupees('8000000')).toBe(8_000_000);
    expect(parseRupees('80,00,000')).toBe(8_000_000);
    expect(parseRupees('8,000,000')).toBe(8_000_000);
    expect(parseRupees('₹ 80,00,000')).toBe(8_000_000);
    expect(parseRupees('Rs. 80 lakh')).toBe(8_000_000);
    expect(parseRupees('80L')).toBe(8_000_000);
    expect(parseRupees('80 lacs')).toBe(8_000_000);
    expect(parseRupees('1.2 cr')).toBe(12_000_000);
    expect(parseRupees('1.25Crore')).toBe(12_500_000);
    expect(parseRupees('750k')).toBe(750_000);
    expect(parseRupees('2 million')).toBe(2_000_000);
  });

  it('refuses what is not one amount', () => {
    for (const text of ['', 'lakh', 'abc', '-5', '5 lakh 2', '1.2.3', '80 bhk', `${MAX_RUPEES + 1}`]) expect(parseRupees(text), text).toBeUndefined();
  });
});

describe('RupeesInputSchema', () => {
  it('normalises text and passes numbers through', () => {
    expect(RupeesInputSchema.parse('80 lakh')).toBe(8_000_000);
    expect(RupeesInputSchema.parse(5_000_000)).toBe(5_000_000);
  });

  it('says what it expects', () => {
    const result = RupeesInputSchema.safeParse('cheap');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/amount in rupees/);
    expect(RupeesInputSchema.safeParse(-1).success).toBe(false);
    expect(RupeesInputSchema.safeParse(1.5).success).toBe(false);
  });
});
