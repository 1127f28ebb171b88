import { describe, expect, it } from 'vitest';
import { formatRemarkDate, inDateRange, inTab, matchesSearch, mergeById, remarksNewestFirst, tabFromPath } from './dashboard-rules';

describe('tabFromPath (spec §2)', () => {
  it('reads the starting tab from the last path segment', () => {
    expect(tabFromPath('/ViewallUploads/pending-properties')).toBe('pending');
    expect(tabFromPath('/ViewallUploads/rejected-properties')).toBe('rejected');
    expect(tabFromPath('/ViewallUploads/approved-properties')).toBe('approved');
    expect(tabFromPath('/ViewallUploads/live-properties/')).toBe('active');
  });
  it('gives All for anything else', () => {
    expect(tabFromPath('/ViewallUploads')).toBe('all');
    expect(tabFromPath('/ViewallUploads/Pending-Properties')).toBe('all');
    expect(tabFromPath('/ViewallUploads/whatever')).toBe('all');
  });
});

describe('inTab (spec §4)', () => {
  const live = { approval: 'approved', status: 'active' } as const;
  const off = { approval: 'approved', status: 'inactive' } as const;
  it('splits approved into Approved (not live) and Active (live)', () => {
    expect(inTab(off, 'approved')).toBe(true);
    expect(inTab(live, 'approved')).toBe(false);
    expect(inTab(live, 'active')).toBe(true);
    expect(inTab(off, 'active')).toBe(false);
  });
  it('filters pending and rejected by approval only, and All keeps everything', () => {
    expect(inTab({ approval: 'pending', status: 'inactive' }, 'pending')).toBe(true);
    expect(inTab({ approval: 'rejected', status: 'inactive' }, 'rejected')).toBe(true);
    expect(inTab({ approval: 'rejected', status: 'inactive' }, 'pending')).toBe(false);
    expect(inTab({ approval: 'rejected', status: 'inactive' }, 'all')).toBe(true);
  });
});

describe('matchesSearch (spec §5)', () => {
  const listing = {
    type: 'apartment' as const,
    location: { name: 'HSR Layout' },
    units: [
      { type: '2 BHK', facing: 'North-East', furnishing: 'Semi-Furnished' },
      { type: '3 BHK', facing: 'West', furnishing: 'Unfurnished' },
    ],
  };
  it('lower-cases the query and removes all whitespace before matching', () => {
    expect(matchesSearch(listing, ' hsr  lay out ')).toBe(true);
    expect(matchesSearch(listing, '2 bhk')).toBe(true);
    expect(matchesSearch(listing, 'APART')).toBe(true);
    expect(matchesSearch(listing, 'north-east')).toBe(true);
    expect(matchesSearch(listing, 'semi-furn')).toBe(true);
  });
  it('matches the first unit only, and anything for an empty query', () => {
    expect(matchesSearch(listing, '3bhk')).toBe(false);
    expect(matchesSearch(listing, 'west')).toBe(false);
    expect(matchesSearch(listing, '   ')).toBe(true);
    expect(matchesSearch(listing, 'villa')).toBe(false);
  });
});

describe('inDateRange (spec §5)', () => {
  const at = new Date(2026, 10, 21, 23, 30).toISOString();
  it('applies only when both dates are set', () => {
    expect(inDateRange(at, '', '2026-01-01')).toBe(true);
    expect(inDateRange(at, '2027-01-01', '')).toBe(true);
  });
  it('is inclusive at both ends', () => {
    expect(inDateRange(at, '2026-11-21', '2026-11-21')).toBe(true);
    expect(inDateRange(at, '2026-11-01', '2026-11-21')).toBe(true);
    expect(inDateRange(at, '2026-11-22', '2026-11-30')).toBe(false);
    expect(inDateRange(at, '2026-11-01', '2026-11-20')).toBe(false);
  });
});

describe('remarks', () => {
  it('formats dates as short month, day and 12-hour time (spec §9)', () => {
    expect(formatRemarkDate(new Date(2026, 10, 21, 17, 5).toISOString())).toBe('Nov 21, 5:05 PM');
    expect(formatRemarkDate(new Date(2026, 0, 3, 9, 30).toISOString())).toBe('Jan 3, 9:30 AM');
  });
  it('lists them newest first', () => {
    expect(remarksNewestFirst({ '2026-01-01T00:00:00.000Z': 'old', '2026-02-01T00:00:00.000Z': 'new' }).map((r) => r.message)).toEqual(['new', 'old']);
  });
});

describe('mergeById (spec §4 paging)', () => {
  it('appends a page with duplicates removed by id, keeping the newer copy', () => {
    const merged = mergeById(
      [
        { id: 1, v: 'a' },
        { id: 2, v: 'b' },
      ],
      [
        { id: 2, v: 'b2' },
        { id: 3, v: 'c' },
      ],
    );
    expect(merged).toEqual([
      { id: 1, v: 'a' },
      { id: 2, v: 'b2' },
      { id: 3, v: 'c' },
    ]);
  });
});
