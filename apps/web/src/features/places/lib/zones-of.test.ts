import type { LocationSummary } from '@nivaas/contracts/place.schema';
import { describe, expect, it } from 'vitest';
import { zonesOf } from './zones-of';

const location = (id: number, zone: { id: number; name: string } | null, projectCount: number): LocationSummary => ({
  id,
  name: `Locality ${id}`,
  slug: `locality-${id}`,
  city: { id: 1, name: 'Bengaluru' },
  zone,
  projectCount,
  listingCount: 1,
});

describe('zonesOf', () => {
  it('groups localities by zone, busiest first, skipping those outside every zone', () => {
    const east = { id: 10, name: 'East Bengaluru' };
    const north = { id: 11, name: 'North Bengaluru' };
    expect(zonesOf([location(1, east, 3), location(2, north, 20), location(3, east, 4), location(4, null, 50)])).toEqual([
      { id: 11, name: 'North Bengaluru', localityCount: 1, projectCount: 21 },
      { id: 10, name: 'East Bengaluru', localityCount: 2, projectCount: 9 },
    ]);
  });
});
