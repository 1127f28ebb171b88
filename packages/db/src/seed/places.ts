/** Cities, their media, zones and localities, with ids in list order (Bengaluru is id 1). */
import type * as schema from '../schema';
import { CITIES, DIRECTION_OFFSETS, type CitySeed, type ZoneSeed } from './data/places';
import { mediaFile, mediaUrl } from './images';
import { hashString, Random } from './random';
import { daysBefore, slugify } from './util';

export interface LocationRef {
  id: number;
  name: string;
  zoneId: number;
  cityId: number;
  zone: ZoneSeed;
}

export interface CityRef {
  id: number;
  seed: CitySeed;
  zoneIds: number[];
  locations: LocationRef[];
}

export interface Places {
  cities: (typeof schema.cities.$inferInsert)[];
  cityMedia: (typeof schema.cityMedia.$inferInsert)[];
  zones: (typeof schema.zones.$inferInsert)[];
  locations: (typeof schema.locations.$inferInsert)[];
  refs: CityRef[];
}

/** How far (degrees) a zone's centre lies from the city centre, and how far its localities spread. */
const ZONE_DISTANCE = 0.08;
const LOCALITY_SPREAD = 0.035;

export function buildPlaces(): Places {
  const places: Places = { cities: [], cityMedia: [], zones: [], locations: [], refs: [] };
  let zoneId = 0;
  let locationId = 0;
  CITIES.forEach((city, cityIndex) => {
    const cityId = cityIndex + 1;
    places.cities.push({ id: cityId, name: city.name, slug: city.slug, state: city.state, position: cityId, createdAt: daysBefore(900 - cityIndex) });
    places.cityMedia.push(
      { id: cityIndex * 2 + 1, cityId, title: 'banner', url: mediaUrl(mediaFile.cityBanner(city.slug)) },
      { id: cityIndex * 2 + 2, cityId, title: 'logo', url: mediaUrl(mediaFile.cityLogo(city.slug)) },
    );
    const ref: CityRef = { id: cityId, seed: city, zoneIds: [], locations: [] };
    for (const zone of city.zones) {
      zoneId += 1;
      ref.zoneIds.push(zoneId);
      places.zones.push({ id: zoneId, cityId, name: zone.name, slug: slugify(zone.name) });
      const [dLat, dLng] = DIRECTION_OFFSETS[zone.direction];
      for (const name of zone.localities) {
        locationId += 1;
        // Seeded by name, so a locality keeps its pin however the lists around it change.
        const random = new Random(hashString(`${city.slug}/${name}`));
        const lat = city.lat + dLat * ZONE_DISTANCE + (random.next() - 0.5) * 2 * LOCALITY_SPREAD;
        const lng = city.lng + dLng * ZONE_DISTANCE + (random.next() - 0.5) * 2 * LOCALITY_SPREAD;
        places.locations.push({
          id: locationId,
          zoneId,
          cityId,
          name,
          slug: slugify(name),
          lat: Math.round(lat * 1e5) / 1e5,
          lng: Math.round(lng * 1e5) / 1e5,
        });
        ref.locations.push({ id: locationId, name, zoneId, cityId, zone });
      }
    }
    places.refs.push(ref);
  });
  return places;
}
