import type { Project } from '@nivaas/contracts/project.schema';
import { segmentLabel, type Crumb } from '../../../components/breadcrumb';
import { uploadPath } from '@nivaas/contracts/project-path';

/**
 * spec §2 'Broker projects screen': 'Home' (to /), then one crumb per path segment; all but the last
 * two link to /{segment}, the last two are plain text. Issue 17: each crumb reads as words, and `names` gives a
 * segment the name it stands for (the broker's name for their id).
 */
export function pathCrumbs(pathname: string, names: Readonly<Record<string, string>> = {}): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: 'Home', to: '/' }];
  segments.forEach((segment, index) => {
    const label = segmentLabel(segment, names);
    crumbs.push(index < segments.length - 2 ? { label, to: `/${segment}` } : { label });
  });
  return crumbs;
}

/**
 * spec §2: /broker-property-details/{first unit type}/{property type}/{property id}, each part
 * lower-cased, trimmed, spaces to hyphens, 'unknown' if missing.
 */
export function brokerPropertyPath(project: Pick<Project, 'id' | 'type' | 'units'>): string {
  return uploadPath('broker', project);
}

/** spec §5: case-insensitive substring on the property name or its location's name. */
export function searchProjects<T extends Pick<Project, 'name' | 'location'>>(projects: readonly T[], query: string): T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...projects];
  return projects.filter(
    (project) =>
      project.name.toLowerCase().includes(needle) || (project.location?.name ?? '').toLowerCase().includes(needle),
  );
}

export const SORT_OPTIONS = ['Price L - H', 'Price H - L'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/**
 * spec §4 'Sort': 'Price L - H' (default) orders by the first unit's minPrice ascending; 'Price H - L'
 * by the first unit's maxPrice descending; a project without units counts as 0. Stable, so equal
 * prices keep the server's order.
 */
export function sortProjects<T extends Pick<Project, 'units'>>(projects: readonly T[], sort: SortOption): T[] {
  const key = (project: T) => (sort === 'Price L - H' ? project.units[0]?.minPrice : project.units[0]?.maxPrice) ?? 0;
  const direction = sort === 'Price L - H' ? 1 : -1;
  return [...projects].sort((a, b) => (key(a) - key(b)) * direction);
}
