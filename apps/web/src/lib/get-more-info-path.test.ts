import { describe, expect, it } from 'vitest';
import { getMoreInfoPath, type MoreInfoTarget } from './get-more-info-path';

const base: MoreInfoTarget = {
  id: 42,
  name: ' Green  Meadows ',
  type: 'apartment',
  ownerId: null,
  brokerId: null,
  builderId: null,
  tags: [],
  units: [{ type: '2 BHK' }],
  city: { name: 'Bengaluru' },
  zone: { name: 'East Bengaluru' },
  location: { name: 'Whitefield' },
};

describe('getMoreInfoPath (spec §2 Get more info)', () => {
  it("sends a user's upload to /user-property-details", () => {
    expect(getMoreInfoPath({ ...base, ownerId: 7 })).toBe('/user-property-details/2-bhk/apartment/42');
  });

  it("sends a broker's upload to /broker-property-details, owner first when both are set", () => {
    expect(getMoreInfoPath({ ...base, brokerId: 3 })).toBe('/broker-property-details/2-bhk/apartment/42');
    expect(getMoreInfoPath({ ...base, ownerId: 7, brokerId: 3 })).toMatch(/^\/user-property-details\//);
  });

  it("sends a builder's project to /properties, or /prelaunch when tagged 'Upcoming Launches'", () => {
    expect(getMoreInfoPath({ ...base, builderId: 1 })).toBe('/properties/bengaluru/east-bengaluru/whitefield/green-meadows/42');
    expect(getMoreInfoPath({ ...base, builderId: 1, tags: ['Upcoming Launches'] })).toBe(
      '/prelaunch/bengaluru/east-bengaluru/whitefield/green-meadows/42',
    );
  });

  it("fills missing segments with 'unknown' and a missing zone with 'zone'", () => {
    expect(getMoreInfoPath({ ...base, brokerId: 3, units: [], type: null })).toBe('/broker-property-details/unknown/unknown/42');
    expect(getMoreInfoPath({ ...base, builderId: 1, zone: null, city: null, name: '  ' })).toBe('/properties/unknown/zone/whitefield/unknown/42');
  });

  it('has no target when nobody owns it', () => {
    expect(getMoreInfoPath(base)).toBeNull();
  });
});
