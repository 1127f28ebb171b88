import type { Project } from './project.schema';

/**
 * The site's page for a project or listing, for code outside the web app that links to one (notifications, the
 * chat assistant's cards). The web's own links follow the same rules (apps/web/src/lib/project-path.ts).
 */

/** The tag that sends a project to its pre-launch page instead of the property page (spec §2). */
export const PRELAUNCH_TAG = 'Upcoming Launches';

/** spec §2/§5: lower-cased, trimmed, spaces to hyphens, 'unknown' when missing; URL-encoded so a '/' cannot split the path. */
export function pathSegment(value: string | null | undefined): string {
  const slug = (value ?? '').trim().toLowerCase().replace(/\s+/g, '-');
  return slug ? encodeURIComponent(slug) : 'unknown';
}

export type LinkableProject = Pick<Project, 'id' | 'name' | 'item' | 'type' | 'tags' | 'brokerId' | 'city' | 'zone' | 'location' | 'units'>;

/**
 * spec §2 'Get more info' targets: a broker's upload /broker-property-details/{unitType}/{propertyType}/{id}, a
 * user's own upload /user-property-details/..., a builder project /properties/{city}/{zone}/{location}/{name}/{id}
 * or, tagged 'Upcoming Launches', /prelaunch/....
 */
export function listingPath(project: LinkableProject): string {
  if (project.item === 'listing') {
    const base = project.brokerId !== null ? 'broker-property-details' : 'user-property-details';
    return `/${base}/${pathSegment(project.units[0]?.type)}/${pathSegment(project.type)}/${project.id}`;
  }
  const base = project.tags.includes(PRELAUNCH_TAG) ? 'prelaunch' : 'properties';
  const segments = [project.city.name, project.zone?.name, project.location.name, project.name].map(pathSegment);
  return `/${base}/${segments.join('/')}/${project.id}`;
}
