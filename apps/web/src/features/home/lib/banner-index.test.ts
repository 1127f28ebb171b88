import { describe, expect, it } from 'vitest';
import { clampBannerIndex, nextBannerIndex } from './banner-index';

describe('nextBannerIndex (spec §4)', () => {
  it('advances by one', () => {
    expect(nextBannerIndex(0, 3)).toBe(1);
    expect(nextBannerIndex(1, 3)).toBe(2);
  });
  it('wraps to the first after the last', () => {
    expect(nextBannerIndex(2, 3)).toBe(0);
  });
  it('stays on the only banner, or on 0 with none', () => {
    expect(nextBannerIndex(0, 1)).toBe(0);
    expect(nextBannerIndex(0, 0)).toBe(0);
  });
});

describe('clampBannerIndex', () => {
  it('keeps a valid index and resets one past a shrunk list', () => {
    expect(clampBannerIndex(2, 3)).toBe(2);
    expect(clampBannerIndex(3, 3)).toBe(0);
    expect(clampBannerIndex(0, 0)).toBe(0);
  });
});
