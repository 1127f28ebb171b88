import { describe, expect, it } from 'vitest';
import { formatCount, formatDay, formatRate, formatWait } from './format';

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
});
