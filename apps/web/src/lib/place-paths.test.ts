import { describe, expect, it } from 'vitest';
import { cityPath, locationPath, zonePath } from './place-paths';

describe('place paths (spec §2)', () => {
  const city = { id: 1, name: 'Navi Mumbai' };
  it('builds the city, zone and location pages', () => {
    expect(cityPath(city)).toBe('/location-property/navi-mumbai/1');
    expect(zonePath(city, { id: 4, name: 'North Zone' })).toBe('/location-property/navi-mumbai/north-zone/4');
    expect(locationPath(city, { id: 4, name: 'North Zone' }, { id: 9, name: ' Vashi ' })).toBe(
      '/actual-location/navi-mumbai/north-zone/vashi/9',
    );
  });
  it("uses 'zone' when a location has none", () => {
    expect(locationPath(city, null, { id: 9, name: 'Vashi' })).toBe('/actual-location/navi-mumbai/zone/vashi/9');
  });
});
