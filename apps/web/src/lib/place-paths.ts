import { pathSegment } from '@nivaas/contracts/project-path';

interface Named {
  id: number;
  name: string;
}

/** spec §2: /location-property/{cityName}/{id}. */
export function cityPath(city: Named): string {
  return `/location-property/${pathSegment(city.name)}/${city.id}`;
}

/** spec §2: /location-property/{City_name}/{zone}/{id}. */
export function zonePath(city: { name: string; id?: number }, zone: Named): string {
  return `/location-property/${pathSegment(city.name)}/${pathSegment(zone.name)}/${zone.id}`;
}

/** spec §2: /actual-location/{city_Name}/{zone}/{actual_Location}/{id}; 'zone' when the zone is absent. */
export function locationPath(city: { name: string; id?: number }, zone: { name: string; id?: number } | null, location: Named): string {
  const zoneSegment = zone ? pathSegment(zone.name) : 'zone';
  return `/actual-location/${pathSegment(city.name)}/${zoneSegment}/${pathSegment(location.name)}/${location.id}`;
}
