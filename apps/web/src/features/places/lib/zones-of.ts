import type { LocationSummary } from '@nivaas/contracts/place.schema';

export interface ZoneSummary {
  id: number;
  name: string;
  localityCount: number;
  projectCount: number;
}

/** A city's zones, read off its localities (each names its zone), most projects first. */
export function zonesOf(locations: readonly LocationSummary[]): ZoneSummary[] {
  const zones = new Map<number, ZoneSummary>();
  for (const location of locations) {
    if (!location.zone) continue;
    const zone = zones.get(location.zone.id) ?? { id: location.zone.id, name: location.zone.name, localityCount: 0, projectCount: 0 };
    zone.localityCount += 1;
    zone.projectCount += location.projectCount + location.listingCount;
    zones.set(zone.id, zone);
  }
  return [...zones.values()].sort((a, b) => b.projectCount - a.projectCount || a.name.localeCompare(b.name));
}
