import { describe, expect, it } from 'vitest';
import { formatBhk, formatBudget, formatCount, formatDay, formatPlace, formatRate, formatSearch, formatWait } from './format';

describe('formats', () => {
  it('groups digits the Indian way and reads rates, waits and days', () => {
    expect(formatCount(123456)).toBe('1,23,456');
    expect(formatCount(12345678)).toBe('1,23,45,678');
    expect(formatRate(0.0425)).toBe('4.3%');
    expect(formatRate(0)).toBe('0%');
    expect(formatWait(0.5)).toBe('30 min');
    expect(formatWait(5.5)).toBe('5.5 hours');
    expect(formatWait(77)).toBe('3.2 days');
    expect(formatDay('2026-11-04')).toBe('4 Nov');
  });

  it('reads a viewer\'s search the way the results page offered it', () => {
    expect(formatBhk([])).toBe('Any BHK');
    expect(formatBhk([2])).toBe('2 BHK');
    expect(formatBhk([2, 3])).toBe('2 or 3 BHK');
    expect(formatBhk([1, 2, 5])).toBe('1, 2 or 5+ BHK');
    expect(formatBudget(null)).toBe('Any budget');
    expect(formatBudget({ min: 0, max: 3_000_000 })).toBe('Up to ₹ 30 L');
    expect(formatBudget({ min: 5_000_000, max: 8_000_000 })).toBe('₹ 50 L – ₹ 80 L');
    expect(formatBudget({ min: 50_000_000, max: null })).toBe('₹ 5 Cr and above');
    expect(formatPlace({ locality: null, city: { id: 1, name: 'Pune' } })).toBe('Anywhere in Pune');
    expect(formatSearch({ bhk: [2], budget: { min: 10_000_000, max: 15_000_000 }, locality: { id: 3, name: 'Baner' }, city: { id: 1, name: 'Pune' }, searches: 4 })).toBe(
      '2 BHK · ₹ 1 Cr – ₹ 1.5 Cr · Baner, Pune',
    );
  });
});
