import { PRELAUNCH_TAG } from './project-path';

/** spec §2 dashboard: lower-cased, trimmed, whitespace to hyphens; `fallback` when missing or blank. */
function segment(value: string | null | undefined, fallback = 'unknown'): string {
  const slug = (value ?? '').trim().toLowerCase().replace(/\s+/g, '-');
  // A '/' or '?' in a name must not split the path or start a query.
  return slug ? encodeURIComponent(slug) : fallback;
}

export interface MoreInfoTarget {
  id: number;
  name: string | null;
  type: string | null;
  ownerId: number | null;
  brokerId: number | null;
  builderId: number | null;
  tags: readonly string[];
  units: readonly { type: string | null }[];
  city: { name: string } | null;
  zone: { name: string } | null;
  location: { name: string } | null;
}

/**
 * spec §2 'Get more info' target by owner, checked in the spec's order: an owner (a user's upload), a broker, a
 * builder (pre-launch when tagged 'Upcoming Launches'), else no target (null). Missing segments read 'unknown',
 * a missing zone 'zone'.
 */
export function getMoreInfoPath(project: MoreInfoTarget): string | null {
  const unitType = segment(project.units[0]?.type);
  const propertyType = segment(project.type);
  if (project.ownerId !== null) return `/user-property-details/${unitType}/${propertyType}/${project.id}`;
  if (project.brokerId !== null) return `/broker-property-details/${unitType}/${propertyType}/${project.id}`;
  if (project.builderId !== null) {
    const base = project.tags.includes(PRELAUNCH_TAG) ? 'prelaunch' : 'properties';
    const parts = [segment(project.city?.name), segment(project.zone?.name, 'zone'), segment(project.location?.name), segment(project.name)];
    return `/${base}/${parts.join('/')}/${project.id}`;
  }
  return null;
}
