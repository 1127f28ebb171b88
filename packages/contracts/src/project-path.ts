import type { Project } from './project.schema';

/**
 * The site's page for a project or a listing (spec §2): the one implementation, used by the web app's links and
 * cards, the uploads dashboard's 'Get more info', and code outside the web app (notifications, the chat's cards).
 */

/** Issue 17: the signed-in user's notices (saved-search matches), opened from the navbar's bell. */
export const NOTIFICATIONS_PATH = '/notifications';

/** The tag that sends a project to its pre-launch page instead of the property page (spec §2). */
export const PRELAUNCH_TAG = 'Upcoming Launches';

/**
 * spec §2/§5: lower-cased, trimmed, whitespace to hyphens; `fallback` ('unknown') when missing or blank.
 * URL-encoded, so a '/' or '?' in a name can neither split the path nor start a query.
 */
export function pathSegment(value: string | null | undefined, fallback = 'unknown'): string {
  const slug = (value ?? '').trim().toLowerCase().replace(/\s+/g, '-');
  return slug ? encodeURIComponent(slug) : fallback;
}

type Named = { name: string } | null;

/** What a builder project's page is named by. */
export interface ProjectPageTarget {
  id: number;
  name: string | null;
  tags: readonly string[];
  city: Named;
  zone: Named;
  location: Named;
}

/** What an upload's page is named by. */
export interface UploadPageTarget {
  id: number;
  type: string | null;
  units: readonly { type: string | null }[];
}

/**
 * /properties/{city}/{zone}/{location}/{name}/{id}, or /prelaunch/... when tagged 'Upcoming Launches' (spec §2).
 * A missing zone reads 'unknown', or `missingZone` where the spec says otherwise (the uploads dashboard: 'zone').
 */
export function projectPath(project: ProjectPageTarget, missingZone = 'unknown'): string {
  const base = project.tags.includes(PRELAUNCH_TAG) ? 'prelaunch' : 'properties';
  const segments = [
    pathSegment(project.city?.name),
    pathSegment(project.zone?.name, missingZone),
    pathSegment(project.location?.name),
    pathSegment(project.name),
  ];
  return `/${base}/${segments.join('/')}/${project.id}`;
}

/** /broker-property-details/... or /user-property-details/{first unit type}/{property type}/{id} (spec §2). */
export function uploadPath(kind: 'broker' | 'user', upload: UploadPageTarget): string {
  return `/${kind}-property-details/${pathSegment(upload.units[0]?.type)}/${pathSegment(upload.type)}/${upload.id}`;
}

/** Only what names the page: a whole Project, or the sitemap's narrow rows (issue 15). */
export type LinkableProject = ProjectPageTarget &
  UploadPageTarget &
  Pick<Project, 'item' | 'brokerId'> & {
    ownerId?: number | null;
  };

/**
 * A catalogue item's page: a builder project's (or pre-launch) page, or an upload's, a user's own before a broker's
 * (the spec's owner order, as in 'Get more info').
 */
export function listingPath(project: LinkableProject): string {
  if (project.item !== 'listing') return projectPath(project);
  return uploadPath(project.ownerId == null && project.brokerId !== null ? 'broker' : 'user', project);
}

export interface MoreInfoTarget extends ProjectPageTarget, UploadPageTarget {
  ownerId: number | null;
  brokerId: number | null;
  builderId: number | null;
}

/**
 * spec §2 uploads dashboard, 'Get more info' target by owner, in the spec's order: an owner (a user's upload), a
 * broker, a builder (pre-launch when tagged 'Upcoming Launches'), else no target (null). Missing segments read
 * 'unknown', a missing zone 'zone'.
 */
export function getMoreInfoPath(target: MoreInfoTarget): string | null {
  if (target.ownerId !== null) return uploadPath('user', target);
  if (target.brokerId !== null) return uploadPath('broker', target);
  if (target.builderId !== null) return projectPath(target, 'zone');
  return null;
}

interface NamedPage {
  id: number;
  name: string;
}

/** spec §2: /location-property/{cityName}/{id}. */
export function cityPath(city: NamedPage): string {
  return `/location-property/${pathSegment(city.name)}/${city.id}`;
}

/** spec §2: /location-property/{City_name}/{zone}/{id}. */
export function zonePath(city: { name: string; id?: number }, zone: NamedPage): string {
  return `/location-property/${pathSegment(city.name)}/${pathSegment(zone.name)}/${zone.id}`;
}

/** spec §2: /actual-location/{city_Name}/{zone}/{actual_Location}/{id}; 'zone' when the zone is absent. */
export function locationPath(city: { name: string; id?: number }, zone: { name: string; id?: number } | null, location: NamedPage): string {
  const zoneSegment = zone ? pathSegment(zone.name) : 'zone';
  return `/actual-location/${pathSegment(city.name)}/${zoneSegment}/${pathSegment(location.name)}/${location.id}`;
}

/** spec §2 /blog/{title}/{id}: the blog pages, the home page's latest posts and the sitemap link the same way. */
export function blogPath(blog: { id: number; slug: string | null; title: string }): string {
  return `/blog/${pathSegment(blog.slug || blog.title)}/${blog.id}`;
}

/** spec §2 /developer/{builder_name}/{builderId}. */
export function builderPath(builder: NamedPage): string {
  return `/developer/${pathSegment(builder.name)}/${builder.id}`;
}

/** spec §2 /broker-info/{brokerId}: a broker's public profile. */
export function brokerPath(broker: { id: number }): string {
  return `/broker-info/${broker.id}`;
}
