/** The tag that sends a project to its pre-launch page instead of the property page (spec §2). */
export const PRELAUNCH_TAG = 'Upcoming Launches';

/** spec §2/§5: lower-cased, trimmed, spaces to hyphens, 'unknown' when missing. */
export function pathSegment(value: string | null | undefined): string {
  const slug = (value ?? '').trim().toLowerCase().replace(/\s+/g, '-');
  // A '/' or '?' in a name must not split the path or start a query.
  return slug ? encodeURIComponent(slug) : 'unknown';
}

interface ProjectLike {
  id: number;
  name: string;
  tags: readonly string[];
  city: { name: string } | null;
  zone: { name: string } | null;
  location: { name: string } | null;
}

/** /properties/{city}/{zone}/{location}/{project_Name}/{id}, or /prelaunch/... for upcoming launches. */
export function projectPath(project: ProjectLike): string {
  const base = project.tags.includes(PRELAUNCH_TAG) ? 'prelaunch' : 'properties';
  const segments = [project.city?.name, project.zone?.name, project.location?.name, project.name].map(pathSegment);
  return `/${base}/${segments.join('/')}/${project.id}`;
}
